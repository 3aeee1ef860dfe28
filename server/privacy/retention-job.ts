// The retention job: once a day per company, on whichever server instance gets there first.
// Each company's run is one transaction that first takes a PostgreSQL advisory lock for that
// company (pg_try_advisory_xact_lock: a busy lock means another instance is running it) and
// then re-reads the last run under the lock, so two instances never both run it. A server that
// was down runs what is due when it starts (catch-up), and the cut-off is always "now − days".
import { desc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { retentionDue, type RetentionCounts } from '../../domain/retention';
import type { Db } from '../db/database';
import { entities } from '../db/schema/entities';
import { retentionRuns } from '../db/schema/privacy';
import { feedChanges } from '../sync/changes';
import { settingsOf } from './privacy.service';
import { runRetention } from './retention-run';

const SWEEP_MS = 60 * 60 * 1000;
const FIRST_SWEEP_MS = 15_000;

export type RunOutcome = { entityId: string; ran: false } | { entityId: string; ran: true; removed: RetentionCounts };

export function retentionJob(db: Db, now: () => number, onChanged: (entityId: string) => void) {
  const runner = uuidv7();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<unknown> | null = null;

  /** Runs the company's retention if it is due and no other instance holds it; never twice a day. */
  async function runFor(entityId: string, force = false): Promise<RunOutcome> {
    const outcome = await db.transaction(async (tx): Promise<RunOutcome> => {
      const key = `retention:${entityId}`;
      const got = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${key})) as ok`)) as unknown as {
        rows: Array<{ ok: boolean }>;
      };
      if (!got.rows[0]?.ok) return { entityId, ran: false };
      const t = now();
      const [last] = await tx
        .select({ ranAt: retentionRuns.ranAt })
        .from(retentionRuns)
        .where(eq(retentionRuns.entityId, entityId))
        .orderBy(desc(retentionRuns.ranAt))
        .limit(1);
      if (!force && !retentionDue(last?.ranAt ?? null, t)) return { entityId, ran: false };
      const work = await runRetention(tx, entityId, t, await settingsOf(tx, entityId));
      await feedChanges(tx, entityId, work.changes);
      await tx.insert(retentionRuns).values({
        entityId,
        id: uuidv7(),
        ranAt: t,
        dataCutoff: work.dataCutoff,
        scansCutoff: work.scansCutoff,
        removed: work.counts,
        runner,
      });
      return { entityId, ran: true, removed: work.counts };
    });
    if (outcome.ran) onChanged(entityId);
    return outcome;
  }

  /** Every company whose run is due (the sweep, and the catch-up at start). */
  async function runDue(): Promise<RunOutcome[]> {
    const out: RunOutcome[] = [];
    for (const { id } of await db.select({ id: entities.id }).from(entities)) out.push(await runFor(id));
    return out;
  }

  function schedule(ms: number) {
    timer = setTimeout(() => {
      running = runDue()
        .catch((error: unknown) => console.warn('gatehouse retention: run failed', error))
        .finally(() => {
          running = null;
          if (timer) schedule(SWEEP_MS);
        });
    }, ms);
    timer.unref();
  }

  return {
    runFor,
    runDue,
    start() {
      if (!timer) schedule(FIRST_SWEEP_MS);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
export type RetentionJob = ReturnType<typeof retentionJob>;
