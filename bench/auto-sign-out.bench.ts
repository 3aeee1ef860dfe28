// `npm run bench:auto-sign-out`: the auto sign-out job with 5,000 people signed in
// at one area, on PGlite and (when it answers) PostgreSQL: a run that signs all of them out
// at midnight, the run after it (nothing left), and a run over 5,000 open visits none of which
// is due yet (the cost every interval pays). No targets: figures only.
import { cpus, loadavg } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbKind } from '../server/db/database';
import { areas, visitEvents } from '../server/db/schema/index';
import { rebuildVisits } from '../server/dashboard/visit-pairing';
import { addEvacuees } from '../server/emergency/evacuees.seed';
import { count, seconds, timed, type SectionResult } from './support/report';
import { onEachDatabase, runWhenMain } from './support/per-database';
import { openTarget, type BenchTarget } from './support/target';

const PEOPLE = 5_000;
const HOUR = 3_600_000;

async function signAllIn(target: BenchTarget, entityId: string, areaId: string, people: string[], at: number) {
  const db = target.database.db;
  for (let i = 0; i < people.length; i += 1_000)
    await db.insert(visitEvents).values(
      people.slice(i, i + 1_000).map((personId, j) => ({
        entityId,
        id: uuidv7({ msecs: at + i + j }),
        personId,
        kind: 'in' as const,
        areaId,
        at: at + i + j,
        receivedAt: new Date(at),
      })),
    );
  await rebuildVisits(db, entityId);
}

async function section(kind: DbKind, postgres: string | undefined): Promise<SectionResult> {
  const target = await openTarget(kind, postgres);
  try {
    const db = target.database.db;
    const crowd = await addEvacuees(db, PEOPLE);
    const job = target.app.services.autoSignOut;
    // Signed in 30 hours ago at an "at midnight" area (UTC site): every one of them is due.
    await signAllIn(target, crowd.entityId, crowd.areaId, crowd.people, Date.now() - 30 * HOUR);
    // A PGlite server refreshes planner statistics every 10 minutes (server/main.ts): so do we.
    await db.execute(sql`analyze`);
    const first = await timed(() => job.run());
    const again = await timed(() => job.run());
    // Signed in again a minute ago at an "after 24 hours" area: open, none due.
    await db
      .update(areas)
      .set({ autoSignOutMode: 'after 24 hours' })
      .where(and(eq(areas.entityId, crowd.entityId), eq(areas.id, crowd.areaId)));
    await signAllIn(target, crowd.entityId, crowd.areaId, crowd.people, Date.now() - 60_000);
    await db.execute(sql`analyze`);
    const idle = await timed(() => job.run());
    return {
      title: `auto sign-out job, ${count(PEOPLE)} people at one area (${kind})`,
      figures: [
        {
          label: `run signing out ${count(first.result)} at midnight`,
          value: seconds(first.ms),
          note: `batches of 500, load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
        },
        { label: 'the run after it (nothing left to do)', value: seconds(again.ms), note: `${again.result} written` },
        {
          label: `run over ${count(PEOPLE)} open visits, none due`,
          value: seconds(idle.ms),
          note: `${idle.result} written`,
        },
      ],
    };
  } finally {
    await target.close();
  }
}

export const run = (): Promise<SectionResult[]> => onEachDatabase(section);

runWhenMain(import.meta.url, run);
