// `npm run bench:retention`: the retention job on PGlite and (when it answers)
// PostgreSQL: one company with 5,000 people and 20,000 sign-in events and 5,000 kiosk logs past
// their retention, a run that removes them all (tombstones included), and the next day's run
// with nothing left to remove. No targets: figures only.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbKind } from '../server/db/database';
import { kioskLogs, visitEvents } from '../server/db/schema/index';
import { addEvacuees } from '../server/emergency/evacuees.seed';
import { count, seconds, timed, type SectionResult } from './support/report';
import { onEachDatabase, runWhenMain } from './support/per-database';
import { openTarget } from './support/target';

const PEOPLE = 5_000;
const EVENTS = 20_000;
const LOGS = 5_000;
const DAY = 86_400_000;

async function section(kind: DbKind, postgres: string | undefined): Promise<SectionResult> {
  const target = await openTarget(kind, postgres);
  try {
    const db = target.database.db;
    const crowd = await addEvacuees(db, PEOPLE);
    const old = Date.now() - 400 * DAY;
    for (let i = 0; i < EVENTS; i += 1_000)
      await db.insert(visitEvents).values(
        Array.from({ length: 1_000 }, (_, j) => ({
          entityId: crowd.entityId,
          id: uuidv7({ msecs: old + i + j }),
          personId: crowd.people[(i + j) % PEOPLE]!,
          kind: (j % 2 ? 'out' : 'in') as 'in' | 'out',
          areaId: crowd.areaId,
          at: old + i + j,
          receivedAt: new Date(old),
        })),
      );
    for (let i = 0; i < LOGS; i += 1_000)
      await db.insert(kioskLogs).values(
        Array.from({ length: 1_000 }, (_, j) => ({
          entityId: crowd.entityId,
          id: uuidv7(),
          kioskId: uuidv7(),
          kind: 'error',
          code: 'bench',
          at: old + i + j,
        })),
      );
    await db.execute(sql`analyze`);
    const job = target.app.services.retention;
    const first = await timed(() => job.runFor(crowd.entityId, true));
    const again = await timed(() => job.runFor(crowd.entityId, true));
    const removed = (r: typeof first.result) => (r.ran ? Object.values(r.removed).reduce((a, b) => a + b, 0) : 0);
    return {
      title: `retention job, ${count(EVENTS)} events and ${count(LOGS)} kiosk logs past retention (${kind})`,
      figures: [
        {
          label: 'run removing them, with tombstones',
          value: seconds(first.ms),
          note: `${count(removed(first.result))} removed`,
        },
        {
          label: 'the next run (nothing left)',
          value: seconds(again.ms),
          note: `${count(removed(again.result))} removed`,
        },
      ],
    };
  } finally {
    await target.close();
  }
}

export const run = (): Promise<SectionResult[]> => onEachDatabase(section);

runWhenMain(import.meta.url, run);
