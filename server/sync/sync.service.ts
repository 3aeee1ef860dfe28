// Push and pull (DESIGN "The sync contract"). A push batch is one transaction: each mutation
// in a savepoint, logged with (device_id, seq) and mutation_id unique, so a replay of any
// batch, any number of times, has the effect of applying it once.
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { isAllowed } from '../../domain/permissions';
import { isMutationName, mutations, receiverFor, type MutationName } from '../../sync/catalogue';
import {
  type MutationResult,
  type PullResponse,
  type PushEnvelope,
  type PushRequest,
  type PushResponse,
} from '../../sync/protocol';
import type { Db } from '../db/database';
import { devices, mutationLog } from '../db/schema/sync';
import { arrayParam } from '../db/array-param';
import type { RequestContext } from '../http/context';
import { toApiError } from '../http/error-handler';
import { errorMessage } from '../http/i18n';
import { logSafe, readEntry, unstorableArgs } from './push-entries';
import { executeJsonInsert, insertJsonRows } from './json-rows';
import { changesAfter, feedWrites, lockFeed, lockFeedWith, together, type ChangeInput, type Tx } from './changes';
import type { Notice } from '../../sync/events';
import type { ApplyContext, BulkApplyContext, ServerMutation, ServerMutations } from './handlers';
import { decodePullCursor, encodePullCursor, firstSyncSkip, scopePage, type ServerScopes } from './scope';
import { readScope, rescopePage, tagCursor } from './scope-change';
import { readPullState } from './pull-state';
import { pushLimiter, pushLimitsFor } from './push-limiter';
import { faultHold } from './fault-hold';
import { epochPull } from './feed-epoch';
import { deviceClocks, devicePrevious, type MutationClock } from './device-clock';

/** The last sequence a page of `rows` (read with limit + 1) covers. */
const lastSeqOf = (rows: Array<{ seq: number | bigint | string }>, limit: number, start: number) =>
  rows.length ? Number(rows[Math.min(rows.length, limit) - 1]!.seq) : start;
const withScope = (cursor: string, scoped: { fp: string } | null) => (scoped ? tagCursor(cursor, scoped.fp) : cursor);

const REJECTIONS_KEPT = 500;
const LOG_CHUNK = 500;
const SEEN_EVERY_MS = 60_000;
/** Thrown out of a push transaction when a bulk apply without a savepoint failed (see push). */
const UNGUARDED_FAILURE = Symbol('bulk apply failed without a savepoint');
/** Thrown out of a push transaction when its log rows met rows a concurrent push logged after this
 * one looked the log up (the log is read before the feed lock): the push runs again and answers
 * duplicate or sequence_reused for them. */
const LOGGED_MEANWHILE = Symbol('mutations logged by a concurrent push');
const ATTEMPTS = 4;

type LogRow = typeof mutationLog.$inferInsert;
type Mutation = PushRequest['mutations'][number];
type BaseContext = Omit<ApplyContext, 'change' | 'notify' | 'mutationId' | 'clockOffsetMs' | 'time' | 'clockTrusted'> &
  Pick<BulkApplyContext, 'serial' | 'serialWith'>;

/** Refreshes planner statistics after the tables a push writes have grown (what
 * PostgreSQL's autovacuum does; PGlite has none, and stale statistics turn index lookups into
 * scans of the whole history). Runs after the push commits, never inside it. */
function growthAnalyzer(db: Db) {
  // On PostgreSQL autovacuum does it, throttled; an ANALYZE here competed with the pushes.
  const embedded =
    typeof (db as unknown as { $client?: { dumpDataDir?: unknown } }).$client?.dumpDataDir === 'function';
  if (!embedded) return (_changes: number) => undefined;
  let written = 0;
  let total = 0;
  let running = false;
  return (changes: number) => {
    written += changes;
    // As much again as this process had written by the last analysis (at least 500): analyses
    // double apart, so a drain of 10,000 runs 5 (a fifth each time ran 12, each holding
    // PGlite's one connection while pushes waited), and estimates stay within 2× of the truth.
    if (written < Math.max(500, total) || running) return;
    running = true;
    total += written;
    written = 0;
    void db
      // The columns the push's and the pull's lookups key on (relpages and reltuples come with any
      // of them): not the jsonb columns, whose sampling was most of the time (sync_changes.data:
      // 50 of 140 ms at 10,000 rows). server/main.ts analyses every column every ten minutes.
      .execute(
        sql`analyze visit_events (entity_id, id, person_id, at), visits, sync_changes (entity_id, tbl, row_id, seq),
          mutation_log (entity_id, mutation_id, device_id, seq, status)`,
      )
      .catch((error: unknown) => console.warn('gatehouse db: analyze failed', error))
      .finally(() => {
        running = false;
      });
  };
}

/** handlers: every mutation's server apply (assembled in server/sync-registry.ts); notify sends a
 * real-time event to an entity's room after a push commits. */
export function syncService(
  db: Db,
  now: () => number,
  onChanged: (entityId: string) => void,
  handlers: ServerMutations,
  notify?: (entityId: string, notice: Notice) => void,
  scopes?: ServerScopes,
) {
  const analyzeIfGrown = growthAnalyzer(db);
  // PostgreSQL: a few pushes per company hold a connection at once.
  const limits = pushLimitsFor(db);
  const limiter = limits ? pushLimiter(limits) : null;
  const deviceOf = (ctx: RequestContext, deviceId: string) =>
    and(eq(devices.entityId, ctx.entityId), eq(devices.id, deviceId), eq(devices.userId, ctx.userId));

  /** The push's last round trip, under the feed lock: the batch's last log rows, the device's last
   * applied seq (never moving back), the handlers' `atCommit` statements and the feed's last chunk
   * with its counter, in one statement. Answers the device's seq and how many log rows were new
   * (fewer than given: a concurrent push logged some meanwhile). */
  async function finish(
    tx: Tx,
    ctx: RequestContext,
    deviceId: string,
    seq: number,
    at: Date,
    log: LogRow[],
    rest: SQL[],
  ) {
    const when = at.toISOString();
    const logged = log.length ? [insertJsonRows(mutationLog, log, sql`on conflict do nothing returning 1`)] : [];
    const device = sql`insert into devices (entity_id, id, user_id, last_seq, created_at, last_seen_at)
        values (${ctx.entityId}, ${deviceId}, ${ctx.userId}, ${seq}, ${when}::timestamptz, ${when}::timestamptz)
        on conflict (entity_id, id, user_id) do update
        set last_seq = greatest(devices.last_seq, excluded.last_seq), last_seen_at = excluded.last_seen_at
        returning last_seq`;
    // CTE w0 is the log's insert when there is one; the device's row is the last CTE.
    const parts = [...logged, ...rest, device];
    const [row] = await executeJsonInsert<{ last_seq: number; logged: number }>(
      tx,
      together(
        parts,
        sql`select (select last_seq from ${sql.raw(`w${parts.length - 1}`)}) as last_seq,
          ${logged.length ? sql`(select count(*) from w0)::int` : sql`0`} as logged`,
      ),
    );
    return { lastSeq: Number(row!.last_seq), logged: Number(row!.logged) };
  }

  /** Checks name, permission and arguments; a string is the rejection code. */
  function prepare(ctx: RequestContext, m: Mutation): string | { args: unknown; batchKey?: string } {
    if (!isMutationName(m.name)) return 'validation_failed';
    const name: MutationName = m.name;
    const def: ServerMutation<MutationName> = handlers[name];
    if (![mutations[name].permission].flat().some((key) => isAllowed(ctx.permissions, key)))
      return 'action_not_allowed';
    if (unstorableArgs(m.args)) return 'validation_failed';
    const parsed = v.safeParse(mutations[name].args, m.args);
    if (!parsed.success) return 'validation_failed';
    return { args: parsed.output, batchKey: def.applyMany ? (def.batchKey ?? name) : undefined };
  }

  /** One mutation in a savepoint of its own: its failure undoes only itself. */
  async function applyOne(
    a: BaseContext,
    m: Mutation,
    args: unknown,
    clock: MutationClock,
    changes: ChangeInput[],
    notices: Notice[],
  ): Promise<string | null> {
    const def = handlers[m.name as MutationName] as ServerMutation<MutationName>;
    const pending: ChangeInput[] = [];
    const told: Notice[] = [];
    // A handler of its own runs under the feed lock, as it always has (taken outside the
    // savepoint: a lock taken inside one would go when it rolls back).
    await a.serial();
    try {
      await a.tx.transaction(async (sp) => {
        await (def.apply as (x: ApplyContext, args: unknown) => Promise<void>)(
          {
            ...a,
            tx: sp,
            mutationId: m.mutationId,
            clockOffsetMs: m.clockOffsetMs,
            time: clock.time,
            clockTrusted: clock.clockTrusted,
            change: (c) => pending.push(c),
            notify: (n) => told.push(n),
          },
          args,
        );
      });
    } catch (error) {
      const apiError = toApiError(error);
      if (!apiError) throw error; // not the mutation's fault: the whole batch fails and is retried
      return apiError.code;
    }
    changes.push(...pending);
    notices.push(...told);
    return null;
  }

  /** A run of mutations with a bulk apply, in one savepoint (when `guarded`); if that fails, one
   * by one. Unguarded, a failure throws UNGUARDED_FAILURE and the push runs again guarded.
   * Unguarded, the apply starts before the feed lock (it calls `serial()` when it needs it). */
  async function applyGroup(
    a: BaseContext,
    items: Array<{ m: Mutation; args: unknown; clock: MutationClock }>,
    changes: ChangeInput[],
    notices: Notice[],
    atCommit: SQL[],
    guarded: boolean,
  ): Promise<Array<string | null>> {
    const def = handlers[items[0]!.m.name as MutationName] as ServerMutation<MutationName>;
    const pending: ChangeInput[] = [];
    const statements: SQL[] = [];
    const settled = (codes: Array<string | null>) => {
      changes.push(...pending);
      atCommit.push(...statements);
      return codes;
    };
    const run = (tx: Tx) =>
      def.applyMany!(
        { ...a, tx, change: (c) => pending.push(c), atCommit: (st) => statements.push(st) },
        items.map(({ m, args, clock }) => ({
          name: m.name as MutationName,
          args: args as never,
          mutationId: m.mutationId,
          clockOffsetMs: m.clockOffsetMs,
          time: clock.time,
          clockTrusted: clock.clockTrusted,
        })),
      );
    if (!guarded) {
      try {
        return settled(await run(a.tx));
      } catch (error) {
        throw toApiError(error) ? UNGUARDED_FAILURE : error;
      }
    }
    // Guarded, the lock first: a lock taken inside the savepoint would go when it rolls back.
    await a.serial();
    try {
      return settled(await a.tx.transaction((sp) => run(sp)));
    } catch (error) {
      if (!toApiError(error)) throw error;
      const codes: Array<string | null> = [];
      for (const { m, args, clock } of items) codes.push(await applyOne(a, m, args, clock, changes, notices));
      return codes;
    }
  }

  /** One attempt at a push; `guarded` puts each bulk apply in a savepoint of its own. */
  async function pushOnce(
    ctx: RequestContext,
    body: PushEnvelope,
    receivedAt: Date,
    guarded: boolean,
  ): Promise<PushResponse> {
    let changed = false;
    const notices: Notice[] = [];
    const response = await db.transaction(async (tx) => {
      // The company's feed lock, taken as late as the batch allows: every statement
      // under it is a round trip that every other push of the company waits for. Before it run
      // the log lookup and whatever a bulk apply reads before its `serial()`; after it, the
      // writes, to commit. A stale lookup is caught when the log is written (LOGGED_MEANWHILE).
      let locked: Promise<number> | null = null;
      const serial = () => (locked ??= lockFeed(tx, ctx.entityId).then(faultHold));
      const serialWith = async <R>(first: (gate: SQL) => SQL): Promise<R[]> => {
        if (locked) {
          await locked;
          return executeJsonInsert<R>(tx, first(sql`true`));
        }
        const both = lockFeedWith<R>(tx, ctx.entityId, first).then(faultHold);
        locked = both.then((b) => b.last);
        locked.catch(() => undefined); // its failure is `both`'s, thrown below
        return (await both).rows;
      };
      const entries = body.mutations.map(readEntry);
      // Each mutation's clock, bounded by the receipt and the device's previous events.
      const clockOf = deviceClocks(
        entries.some((e) => e.ok) ? await devicePrevious(tx, ctx.entityId, body.deviceId) : null,
        receivedAt.getTime(),
      );
      // Only keys that fit the log are looked up: an int4 or uuid column refuses the rest.
      const keyed = entries.filter((e) => e.ok || e.loggable).map((e) => e.m);
      const ids = keyed.map((m) => m.mutationId);
      const seqs = keyed.map((m) => m.seq);
      // One lookup of the log: the batch's mutation ids, and this device's seqs among them.
      const logged = ids.length
        ? await tx
            .select({
              id: mutationLog.mutationId,
              status: mutationLog.status,
              code: mutationLog.code,
              deviceId: mutationLog.deviceId,
              seq: mutationLog.seq,
            })
            .from(mutationLog)
            .where(
              and(
                eq(mutationLog.entityId, ctx.entityId),
                // Arrays as one parameter each (not one per id): the batch's lookup stays one short statement.
                or(
                  sql`${mutationLog.mutationId} = any(${arrayParam(ids)}::uuid[])`,
                  and(
                    eq(mutationLog.deviceId, body.deviceId),
                    sql`${mutationLog.seq} = any(${arrayParam(seqs)}::int[])`,
                  ),
                ),
              ),
            )
        : [];
      const asked = new Set(ids);
      const known = new Map(logged.filter((r) => asked.has(r.id)).map((r) => [r.id, r]));
      // A seq this device already used for another mutation can never be applied under it.
      const wantedSeqs = new Set(seqs);
      const takenSeqs = new Set(
        logged.filter((r) => r.deviceId === body.deviceId && wantedSeqs.has(r.seq)).map((r) => r.seq),
      );
      const results: MutationResult[] = [];
      const logRows: LogRow[] = [];
      const changes: ChangeInput[] = [];
      const atCommit: SQL[] = [];
      let lastSeq = 0;
      const settle = (slot: number, m: Mutation, code: string | null, clock?: MutationClock) => {
        const status = code ? 'rejected' : 'applied';
        known.set(m.mutationId, { id: m.mutationId, status, code, deviceId: body.deviceId, seq: m.seq });
        results[slot] = code
          ? { seq: m.seq, mutationId: m.mutationId, status, code, message: errorMessage(ctx.lang, code) }
          : { seq: m.seq, mutationId: m.mutationId, status };
        lastSeq = Math.max(lastSeq, m.seq);
        logRows.push({
          entityId: ctx.entityId,
          mutationId: m.mutationId,
          deviceId: body.deviceId,
          seq: m.seq,
          userId: ctx.userId,
          ...logSafe(m),
          status,
          code,
          clientTime: m.clientTime,
          clockOffsetMs: m.clockOffsetMs,
          receivedAt,
          correctedAt: clock?.correctedAt ?? null,
          clockUntrusted: clock ? !clock.clockTrusted : false,
        });
      };
      const base = {
        tx,
        ctx,
        deviceId: body.deviceId,
        receivedAt,
        serial: async () => void (await serial()),
        serialWith,
      };
      // Consecutive mutations with the same bulk apply go to the database together.
      let group: Array<{ slot: number; m: Mutation; args: unknown; clock: MutationClock }> = [];
      let groupKey: string | null = null;
      const flush = async () => {
        if (!group.length) return;
        const items = group;
        group = [];
        groupKey = null;
        const codes = await applyGroup(base, items, changes, notices, atCommit, guarded);
        items.forEach((item, i) => settle(item.slot, item.m, codes[i]!, item.clock));
      };
      for (const entry of entries) {
        const m = entry.m;
        if (!entry.ok && !entry.loggable) {
          // Its seq or id cannot be logged: answered by seq, the same way on every replay.
          results.push({
            seq: m.seq,
            mutationId: m.mutationId,
            status: 'rejected',
            code: 'validation_failed',
            message: errorMessage(ctx.lang, 'validation_failed'),
          });
          continue;
        }
        const seen = known.get(m.mutationId);
        if (seen) {
          results.push(
            seen.status === 'rejected'
              ? {
                  seq: m.seq,
                  mutationId: m.mutationId,
                  status: 'rejected',
                  code: seen.code ?? 'generic',
                  message: errorMessage(ctx.lang, seen.code ?? 'generic'),
                }
              : { seq: m.seq, mutationId: m.mutationId, status: 'duplicate' },
          );
          continue;
        }
        if (takenSeqs.has(m.seq)) {
          results.push({
            seq: m.seq,
            mutationId: m.mutationId,
            status: 'rejected',
            code: 'sequence_reused',
            message: errorMessage(ctx.lang, 'sequence_reused'),
          });
          continue;
        }
        takenSeqs.add(m.seq);
        known.set(m.mutationId, {
          id: m.mutationId,
          status: 'applied',
          code: null,
          deviceId: body.deviceId,
          seq: m.seq,
        });
        const slot = results.length;
        results.push(undefined as unknown as MutationResult);
        const prepared = entry.ok ? prepare(ctx, m) : 'validation_failed';
        if (typeof prepared === 'string') {
          settle(slot, m, prepared);
        } else if (prepared.batchKey) {
          if (groupKey !== prepared.batchKey) await flush();
          groupKey = prepared.batchKey;
          group.push({ slot, m, args: prepared.args, clock: clockOf(m, prepared.args) });
        } else {
          await flush();
          const clock = clockOf(m, prepared.args);
          settle(slot, m, await applyOne(base, m, prepared.args, clock, changes, notices), clock);
        }
      }
      await flush();
      // Everything written from here holds the lock to commit (a batch of duplicates writes only
      // its device's row); so a log row can only meet one committed before: never a wait.
      const last = logRows.length || changes.length || atCommit.length ? await serial() : 0;
      const feed = feedWrites(ctx.entityId, last, changes);
      let fresh = 0;
      // The log in chunks; its last chunk, the handlers' atCommit and the feed's last chunk go
      // with the device's seq in one statement (finish).
      const lastChunk = Math.max(0, Math.ceil(logRows.length / LOG_CHUNK) - 1) * LOG_CHUNK;
      for (let i = 0; i < lastChunk; i += LOG_CHUNK)
        fresh += (
          await executeJsonInsert(
            tx,
            insertJsonRows(mutationLog, logRows.slice(i, i + LOG_CHUNK), sql`on conflict do nothing returning 1`),
          )
        ).length;
      for (const chunk of feed.early) await tx.execute(chunk);
      // One atCommit statement goes in the last round trip; any earlier ones (a batch with runs of
      // sign-ins between other mutations) run before it: two upserts of one row cannot share a statement.
      for (const statement of atCommit.slice(0, -1)) await tx.execute(statement);
      const done = await finish(tx, ctx, body.deviceId, lastSeq, receivedAt, logRows.slice(lastChunk), [
        ...atCommit.slice(-1),
        ...feed.final,
      ]);
      if (fresh + done.logged < logRows.length) throw LOGGED_MEANWHILE;
      changed = feed.last !== last;
      return { results, lastSeq: done.lastSeq, serverTime: now() };
    });
    if (changed) onChanged(ctx.entityId);
    analyzeIfGrown(body.mutations.length);
    for (const n of notices) notify?.(ctx.entityId, n);
    return response;
  }

  const service = {
    /** A bulk apply rarely fails (its handler checks what it can first), so the first attempt
     * gives it no savepoint: two round trips fewer while the entity's feed lock is held.
     * If one fails, the transaction is rolled back and the batch runs again with savepoints. */
    async push(ctx: RequestContext, body: PushEnvelope): Promise<PushResponse> {
      const receivedAt = new Date(now());
      let guarded = false;
      for (let attempt = 1; ; attempt++) {
        try {
          // A fresh context each time: what a handler cached for the push (server/duplicates/
          // merged-people.ts) is read again, e.g. a merge that made the first attempt fail.
          return await pushOnce(attempt === 1 ? ctx : { ...ctx }, body, receivedAt, guarded);
        } catch (error) {
          if (attempt >= ATTEMPTS) throw typeof error === 'symbol' ? new Error(`push: ${error.description}`) : error;
          if (error === UNGUARDED_FAILURE && !guarded) guarded = true;
          else if (error !== LOGGED_MEANWHILE) throw error;
        }
      }
    },

    async pull(ctx: RequestContext, q: { deviceId: string; cursor?: string; limit: number }): Promise<PullResponse> {
      // Everything but the feed page in one statement, and the page too for a plain cursor (server/sync/pull-state.ts).
      const state = await readPullState(db, scopes, ctx, q, REJECTIONS_KEPT);
      // The scope the cursor names against the device's scope now (server/sync/scope-change.ts).
      let scoped = scopes ? await readScope(db, scopes, ctx, q.cursor, now(), state.inputs ?? undefined) : null;
      const from = decodePullCursor(scoped ? scoped.base : q.cursor);
      const last = state.last;
      const reset = from === null || from.seq > last;
      if (reset && scoped) scoped = { ...scoped, ...scoped.current, rescope: null };
      const start = reset ? 0 : from.seq;
      // A first sync (from the start) keeps one window for all its pages (server/sync/scope.ts).
      const snapshot = start === 0 ? { end: last, at: now() } : from?.snapshot;
      const rescoping = scoped?.rescope ? { ...scoped, rescope: scoped.rescope } : null;
      const moved = rescoping
        ? await rescopePage(db, scopes!, ctx.entityId, ctx.permissions, rescoping, q.limit, last)
        : null;
      // A first sync does not read the history it would leave out (server/sync/scope.ts firstSyncSkip).
      const skip =
        scopes && !moved
          ? await firstSyncSkip(db, scopes, ctx.entityId, ctx.permissions, snapshot, scoped?.windows)
          : undefined;
      const readAhead = !moved && !skip && state.rows?.after === start ? state.rows.rows : null;
      const rows = moved ? [] : (readAhead ?? (await changesAfter(db, ctx.entityId, start, q.limit + 1, skip)));
      // Read to the end with rows skipped: every row up to the snapshot's end was seen (each was
      // committed before `last` was read), so the cursor moves past the skipped ones too.
      const readTo = lastSeqOf(rows, q.limit, start);
      const upTo = skip && snapshot && rows.length <= q.limit ? Math.max(readTo, Math.min(snapshot.end, last)) : readTo;
      const receive = receiverFor(ctx.permissions);
      const page = rows.slice(0, q.limit);
      const received = page.flatMap((r) => {
        const change = receive({ table: r.tbl, id: r.rowId, op: r.op, version: r.version, data: r.data });
        return change ? [{ seq: Number(r.seq), change }] : [];
      });
      const dev = state.device;
      // A pull is hearing from the device too (the emergency list says which devices went quiet); once a minute is enough.
      if (dev && now() - dev.lastSeenAt > SEEN_EVERY_MS) {
        await db
          .update(devices)
          .set({ lastSeenAt: new Date(now()) })
          .where(deviceOf(ctx, q.deviceId));
      }
      const rejected = state.rejected;
      return {
        // Rows the caller may not receive, or not hold, are left out; the cursor still moves past them.
        changes: moved
          ? moved.changes
          : scopes
            ? await scopePage(db, scopes, ctx.entityId, ctx.permissions, received, snapshot, now(), scoped?.windows)
            : received.map((r) => r.change),
        cursor: moved?.cursor ?? withScope(encodePullCursor(upTo, snapshot), scoped),
        hasMore: moved ? moved.hasMore : rows.length > q.limit,
        lastSeq: dev?.lastSeq ?? 0,
        rejections: rejected.map((r) => ({
          seq: r.seq,
          mutationId: r.mutationId,
          name: r.name,
          args: r.args,
          code: r.code ?? 'generic',
          message: errorMessage(ctx.lang, r.code ?? 'generic'),
        })),
        serverTime: now(),
        ...(reset ? { reset: true } : {}),
      };
    },
  };
  const unlimited = service.push;
  if (limiter) service.push = (ctx, body) => limiter.run(ctx.entityId, () => unlimited(ctx, body));
  // Cursors carry the feed's epoch: a device that pulled from a database since restored starts over.
  service.pull = epochPull(db, service.pull);
  return service;
}
export type SyncService = ReturnType<typeof syncService>;
