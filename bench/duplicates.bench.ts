// `npm run bench:duplicates`: merging two people on PGlite and (when it answers)
// PostgreSQL: each of the two has 5,000 sign-in events and 5,000 visits; one POST /api/merge_user
// re-points them all and feeds every moved event to devices. Target: ≤ 2 s. Also the board's
// find over a company of 5,000 people.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbKind } from '../server/db/database';
import { visitEvents, visits } from '../server/db/schema/index';
import { addEvacuees } from '../server/emergency/evacuees.seed';
import { count, seconds, timed, type SectionResult } from './support/report';
import { onEachDatabase, runWhenMain } from './support/per-database';
import { openTarget } from './support/target';

const PEOPLE = 5_000;
const EACH = 5_000;

async function section(kind: DbKind, postgres: string | undefined): Promise<SectionResult> {
  const target = await openTarget(kind, postgres);
  try {
    const db = target.database.db;
    const crowd = await addEvacuees(db, PEOPLE);
    const [keep, gone] = [crowd.people[0]!, crowd.people[1]!];
    const start = Date.now() - 30 * 86_400_000;
    for (const personId of [keep, gone])
      for (let i = 0; i < EACH; i += 1_000) {
        const ids = Array.from({ length: 1_000 }, () => uuidv7());
        const rows = ids.map((id, j) => ({
          entityId: crowd.entityId,
          id,
          personId,
          kind: 'in' as const,
          areaId: crowd.areaId,
          at: start + i + j,
          receivedAt: new Date(start),
        }));
        await db.insert(visitEvents).values(rows);
        await db
          .insert(visits)
          .values(rows.map((r) => ({ entityId: r.entityId, id: r.id, personId, timeIn: r.at, status: 'in' })));
      }
    await db.execute(sql`analyze`);
    const { token } = await target.login('admin@acme.test');
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${target.url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ data: unknown[] }>;
    };
    const find = await timed(() => call('GET', `/get_users_duplicate/${crowd.entityId}`));
    const merge = await timed(() => call('POST', '/merge_user', { keep_id: keep, merge_ids: [gone] }));
    return {
      title: `merging two people with ${count(EACH)} visits each (${kind})`,
      figures: [
        { label: 'merge (re-point and feed)', value: seconds(merge.ms), target: '≤ 2 s', met: merge.ms <= 2_000 },
        {
          label: `find duplicates among ${count(PEOPLE)} people`,
          value: seconds(find.ms),
          note: `${count(find.result.data.length)} groups`,
        },
      ],
    };
  } finally {
    await target.close();
  }
}

export const run = (): Promise<SectionResult[]> => onEachDatabase(section);

runWhenMain(import.meta.url, run);
