// The directory sync job. A run reads the directory page by page; each page is written in one
// feed transaction together with the run's next page token and counts, so a run stopped by a
// crash, a 500 or bad credentials resumes at the first page it had not written (Retry, or the
// sweep when a lease lapses) and never writes a person twice. Runs are claimed under an
// advisory lock with a lease, so only one instance works on an integration at a time.
import { and, desc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { nextSyncAt, SYNC_STATUS, syncPhase } from '../../domain/integrations';
import type { Db } from '../db/database';
import { integrationLogs, integrationSyncRuns, integrations } from '../db/schema/index';
import { withFeed, type Executor } from '../sync/changes';
import { applyPage } from './apply-page';
import { integrationTokens } from './token-store';
import type { CredentialsBox, ClientFactory } from './directory-access';
import { DirectoryError, type DirectoryPerson } from './directories/directory-client';

export const LEASE_MS = 60_000;
type Integration = typeof integrations.$inferSelect;
type Run = typeof integrationSyncRuns.$inferSelect;
const RUNNING = sql`${integrationSyncRuns.statusId} in (0, 1, 11, 2, 6)`;

export function integrationSync(
  db: Db,
  now: () => number,
  box: CredentialsBox,
  clientFor: ClientFactory,
  onChanged: (entityId: string) => void,
) {
  const active = new Set<string>();
  const tokens = integrationTokens(db, box, now);
  let stopping = false;

  const log = (i: Integration, runId: string | null, level: 'info' | 'warning' | 'error', code: string, params = {}) =>
    db.insert(integrationLogs).values({
      entityId: i.entityId,
      id: uuidv7(),
      integrationId: i.id,
      runId,
      level,
      code,
      params,
      at: new Date(now()),
    });
  const runWhere = (r: Pick<Run, 'entityId' | 'id'>) =>
    and(eq(integrationSyncRuns.entityId, r.entityId), eq(integrationSyncRuns.id, r.id));
  const integWhere = (i: Pick<Integration, 'entityId' | 'id'>) =>
    and(eq(integrations.entityId, i.entityId), eq(integrations.id, i.id));

  async function latestRun(entityId: string, integrationId: string, ex: Executor = db): Promise<Run | undefined> {
    const [run] = await ex
      .select()
      .from(integrationSyncRuns)
      .where(and(eq(integrationSyncRuns.entityId, entityId), eq(integrationSyncRuns.integrationId, integrationId)))
      .orderBy(desc(integrationSyncRuns.startedAt), desc(integrationSyncRuns.id))
      .limit(1);
    return run;
  }

  /** Queues a run, or puts a failed one back in the queue (Retry resumes at its page token). */
  async function enqueue(integ: Integration): Promise<Run> {
    const run = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`integration_sync:${integ.id}`}))`);
      const last = await latestRun(integ.entityId, integ.id, tx);
      if (last && syncPhase(last.statusId) === 'processing') return last;
      if (last && !last.finishedAt) {
        const [again] = await tx
          .update(integrationSyncRuns)
          // Retry resumes at the page it stopped on; after 7 (migration failed, DESIGN ruling 7)
          // it restarts the migration from the first page.
          .set({
            statusId: SYNC_STATUS.queued,
            leaseUntil: null,
            message: null,
            ...(last.statusId === SYNC_STATUS.migrationFailed ? { pageToken: null } : {}),
          })
          .where(runWhere(last))
          .returning();
        return again!;
      }
      const [fresh] = await tx
        .insert(integrationSyncRuns)
        .values({
          entityId: integ.entityId,
          id: uuidv7(),
          integrationId: integ.id,
          statusId: SYNC_STATUS.queued,
          full: !integ.deltaCursor,
          startedAt: new Date(now()),
        })
        .returning();
      return fresh!;
    });
    void drain(integ.entityId, integ.id).catch(() => undefined);
    return run;
  }

  async function claim(entityId: string, integrationId: string): Promise<Run | null> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`integration_sync:${integrationId}`}))`);
      const last = await latestRun(entityId, integrationId, tx);
      if (!last || syncPhase(last.statusId) !== 'processing') return null;
      if (last.statusId !== SYNC_STATUS.queued && (last.leaseUntil ?? 0) > now()) return null;
      const [run] = await tx
        .update(integrationSyncRuns)
        .set({ statusId: SYNC_STATUS.reading, leaseUntil: now() + LEASE_MS })
        .where(runWhere(last))
        .returning();
      return run ?? null;
    });
  }

  async function run(job: Run) {
    const [integ] = await db
      .select()
      .from(integrations)
      .where(integWhere({ entityId: job.entityId, id: job.integrationId }));
    if (!integ) return;
    let pages = 0;
    let token = job.pageToken;
    try {
      // A consent token missing its time or 24 h old is renewed first (server/integrations/token-store.ts).
      const credentials = await tokens.fresh(integ);
      const client = clientFor(credentials, { onTokens: (t) => tokens.store(integ, credentials, t) });
      if (!token) await log(integ, job.id, 'info', job.full ? 'started_full' : 'started_delta');
      let cursor: string | null = null;
      for (;;) {
        if (stopping) return db.update(integrationSyncRuns).set({ leaseUntil: null }).where(runWhere(job));
        let people: DirectoryPerson[];
        let removed: string[] = [];
        let next: string | null;
        if (client.changesSince) {
          const page = await client.changesSince(job.full ? null : integ.deltaCursor, token);
          ({ upserts: people, removedIds: removed, next } = page);
          cursor = page.cursor;
        } else {
          ({ items: people, next } = await client.listPeople(token));
        }
        pages++;
        const at = new Date(now());
        const result = await withFeed(db, integ.entityId, async (tx) => {
          const r = await applyPage(tx, integ, job.id, people, removed, at);
          const c = r.counts;
          await tx
            .update(integrationSyncRuns)
            .set({
              statusId: next ? SYNC_STATUS.writing : SYNC_STATUS.archiving,
              pageToken: next,
              leaseUntil: now() + LEASE_MS,
              created: sql`${integrationSyncRuns.created} + ${c.created}`,
              updated: sql`${integrationSyncRuns.updated} + ${c.updated}`,
              archived: sql`${integrationSyncRuns.archived} + ${c.archived}`,
              duplicates: sql`${integrationSyncRuns.duplicates} + ${c.duplicates}`,
              errors: sql`${integrationSyncRuns.errors} + ${c.errors}`,
            })
            .where(runWhere(job));
          if (!next && cursor) await tx.update(integrations).set({ deltaCursor: cursor }).where(integWhere(integ));
          return { result: r, changes: r.changes };
        });
        if (result.changes.length) onChanged(integ.entityId);
        if (result.archivedIds.length)
          await log(integ, job.id, 'info', 'archived', {
            count: result.archivedIds.length,
            ids: result.archivedIds.slice(0, 20).join(', '),
          });
        for (const p of result.problems.slice(0, 20))
          await log(integ, job.id, 'warning', p.code, { id: p.externalId, ...p.params });
        token = next;
        if (!next) break;
      }
      const [done] = await db.select().from(integrationSyncRuns).where(runWhere(job));
      const rough = done!.duplicates + done!.errors > 0;
      const t = now();
      await db
        .update(integrationSyncRuns)
        .set({
          statusId: rough ? SYNC_STATUS.doneWithDuplicates : SYNC_STATUS.done,
          leaseUntil: null,
          finishedAt: new Date(t),
        })
        .where(runWhere(job));
      await db
        .update(integrations)
        .set({
          status: integ.status === 'inactive' ? 'inactive' : rough ? 'active with errors' : 'active',
          lastSyncAt: new Date(t),
          nextSyncAt: new Date(nextSyncAt(integ.frequency, t)),
        })
        .where(integWhere(integ));
      const { created, updated, archived, duplicates, errors } = done!;
      await log(integ, job.id, rough ? 'warning' : 'info', 'finished', {
        created,
        updated,
        archived,
        duplicates,
        errors,
      });
    } catch (error) {
      const e = error instanceof DirectoryError ? error : null;
      const statusId =
        e?.failure === 'auth'
          ? pages > 0 || job.pageToken
            ? SYNC_STATUS.tokenRefused
            : SYNC_STATUS.credentialsRefused
          : e?.failure === 'unavailable'
            ? SYNC_STATUS.unavailable
            : e?.failure === 'malformed'
              ? SYNC_STATUS.malformed
              : SYNC_STATUS.stopped;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await db.update(integrationSyncRuns).set({ statusId, leaseUntil: null, message }).where(runWhere(job));
      if (e?.failure === 'auth')
        await db.update(integrations).set({ status: 'authentication failed' }).where(integWhere(integ));
      await log(integ, job.id, 'error', e ? `failed_${e.failure}` : 'failed_stopped', {
        message,
        pages_written: pages,
      });
    }
  }

  async function drain(entityId: string, integrationId: string) {
    if (active.has(integrationId) || stopping) return;
    active.add(integrationId);
    try {
      for (let job = await claim(entityId, integrationId); job && !stopping; job = await claim(entityId, integrationId))
        await run(job);
    } finally {
      active.delete(integrationId);
    }
  }

  /** Resumes runs whose instance stopped, and queues integrations whose schedule is due. */
  async function sweep() {
    const lapsed = await db
      .selectDistinct({ entityId: integrationSyncRuns.entityId, integrationId: integrationSyncRuns.integrationId })
      .from(integrationSyncRuns)
      .where(and(RUNNING, sql`coalesce(${integrationSyncRuns.leaseUntil}, 0) < ${now()}`));
    for (const r of lapsed) void drain(r.entityId, r.integrationId).catch(() => undefined);
    const due = await db
      .select()
      .from(integrations)
      .where(
        and(
          eq(integrations.autoSync, true),
          sql`${integrations.status} in ('active', 'active with errors')`,
          sql`${integrations.nextSyncAt} <= ${new Date(now()).toISOString()}`,
        ),
      );
    for (const integ of due) {
      await db
        .update(integrations)
        .set({ nextSyncAt: new Date(nextSyncAt(integ.frequency, now())) })
        .where(integWhere(integ));
      await enqueue(integ);
    }
  }

  return {
    enqueue,
    latestRun,
    /** Tells connected devices the feed moved (a duplicate resolved writes people too). */
    changed: onChanged,
    sweep,
    stop() {
      stopping = true;
    },
    resume() {
      stopping = false;
    },
    async idle() {
      while (active.size) await new Promise((r) => setTimeout(r, 10));
    },
  };
}
export type IntegrationSync = ReturnType<typeof integrationSync>;
