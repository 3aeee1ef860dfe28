// The change feed: every write to a synced table records its latest state here, under the
// entity's change sequence. Writers lock the entity's counter row first, so sequence numbers
// are taken and committed in one order and a pull cursor can never step over a late commit.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/database';
import type { TableName, WireRow } from '../../sync/catalogue';
import { syncChanges, syncCounters } from '../db/schema/sync';
import { insertJsonRows } from './json-rows';

export type { Executor, Tx };

/** One change of a synced table: its row typed by the catalogue's declaration of that table. */
export type ChangeInput = {
  [T in TableName]: { table: T; id: string; op: 'put' | 'del'; version: number; data: WireRow<T> | null };
}[TableName];

const CHUNK = 1000;

/** Takes the entity's feed lock for the rest of the transaction; returns the last sequence.
 * Services do not call this: they use feedChanges (or recordChanges) below. */
export async function lockFeed(tx: Tx, entityId: string): Promise<number> {
  // One statement: the upsert creates the counter or row-locks it (as select … for update would).
  const [row] = await tx
    .insert(syncCounters)
    .values({ entityId, last: 0 })
    .onConflictDoUpdate({ target: syncCounters.entityId, set: { last: sql`${syncCounters.last}` } })
    .returning({ last: syncCounters.last });
  return Number(row?.last ?? 0);
}

/** `parts` (data-modifying statements) as CTEs of one statement ending in `main`: one round trip. */
export function together(parts: readonly SQL[], main: SQL): SQL {
  if (parts.length === 0) return main;
  return sql`with ${sql.join(
    parts.map((p, i) => sql`${sql.raw(`w${i}`)} as (${p})`),
    sql`, `,
  )} ${main}`;
}

/** The feed rows for `changes` after `last`: `early` chunks to run first, and `final` (the last
 * chunk and the counter) to run as CTEs of one statement (`together`). `last` is the new last. */
export function feedWrites(
  entityId: string,
  last: number,
  changes: readonly ChangeInput[],
): { early: SQL[]; final: SQL[]; last: number } {
  if (changes.length === 0) return { early: [], final: [], last };
  // One row per record: a later change in the same batch replaces an earlier one.
  const latest = new Map<string, ChangeInput>();
  for (const c of changes) {
    const key = `${c.table}:${c.id}`;
    latest.delete(key);
    latest.set(key, c);
  }
  let seq = last;
  const rows = [...latest.values()].map((c) => ({
    entityId,
    tbl: c.table,
    rowId: c.id,
    seq: ++seq,
    op: c.op,
    version: c.version,
    data: c.data,
  }));
  const chunks: SQL[] = [];
  for (let i = 0; i < rows.length; i += CHUNK)
    // One jsonb parameter per chunk (server/sync/json-rows.ts), not seven per row.
    chunks.push(
      insertJsonRows(
        syncChanges,
        rows.slice(i, i + CHUNK),
        sql`on conflict (entity_id, tbl, row_id) do update
          set seq = excluded.seq, op = excluded.op, version = excluded.version, data = excluded.data`,
      ),
    );
  const counter = sql`update sync_counters set last = ${seq} where entity_id = ${entityId}`;
  return { early: chunks.slice(0, -1), final: [chunks.at(-1)!, counter], last: seq };
}

/** lockFeed in the same round trip as `first`, one insert … returning whose rows come from a
 * select: `first(gate)` puts `gate` in that select's WHERE, so the lock is taken before any row
 * is written (an uncommitted row written before the lock could hold up a writer holding it).
 * Returns the last sequence, as lockFeed, and the rows `first` returned. */
export async function lockFeedWith<R>(
  tx: Tx,
  entityId: string,
  first: (gate: SQL) => SQL,
): Promise<{ last: number; rows: R[] }> {
  const result = (await tx.execute(sql`with feed_lock as (
      insert into sync_counters (entity_id, last) values (${entityId}, 0)
      on conflict (entity_id) do update set last = sync_counters.last returning last
    ), written as (${first(sql`(select last from feed_lock) is not null`)})
    select (select last from feed_lock) as feed_last,
      coalesce((select json_agg(written) from written), '[]'::json) as written`)) as unknown as {
    rows: Array<{ feed_last: number | string; written: R[] | string }>;
  };
  const row = result.rows[0]!;
  const written = typeof row.written === 'string' ? (JSON.parse(row.written) as R[]) : row.written;
  return { last: Number(row.feed_last), rows: written };
}

/** Writes changes after `last` (from lockFeed) and advances the counter; returns the new last. */
export async function writeChanges(
  tx: Tx,
  entityId: string,
  last: number,
  changes: readonly ChangeInput[],
): Promise<number> {
  const writes = feedWrites(entityId, last, changes);
  if (writes.final.length === 0) return last;
  for (const chunk of writes.early) await tx.execute(chunk);
  // The last chunk and the counter in one statement: one round trip fewer under the feed lock.
  const [chunk, counter] = writes.final as [SQL, SQL];
  await tx.execute(together([chunk], counter));
  return writes.last;
}

/** The one way a service writes to the change feed: in the same transaction as the rows it
 * changed, so a device can never miss a committed write nor see one that rolled back. */
export async function feedChanges(tx: Tx, entityId: string, changes: readonly ChangeInput[]): Promise<void> {
  if (changes.length === 0) return;
  await writeChanges(tx, entityId, await lockFeed(tx, entityId), changes);
}

/** A transaction that takes the entity's feed first, then runs `work` and writes the changes it
 * returns (for work that must see the feed's order, e.g. a person found-or-created by two requests). */
export async function withFeed<T>(
  db: Db,
  entityId: string,
  work: (tx: Tx) => Promise<{ result: T; changes: ChangeInput[] }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const last = await lockFeed(tx, entityId);
    const { result, changes } = await work(tx);
    await writeChanges(tx, entityId, last, changes);
    return result;
  });
}

/** feedChanges in a transaction of its own (seeds and backfills that wrote their rows already). */
export async function recordChanges(db: Db, entityId: string, changes: readonly ChangeInput[]): Promise<void> {
  if (changes.length === 0) return;
  await db.transaction((tx) => feedChanges(tx, entityId, changes));
}

export async function lastChangeSeq(db: Executor, entityId: string): Promise<number> {
  const [row] = await db
    .select({ last: syncCounters.last })
    .from(syncCounters)
    .where(eq(syncCounters.entityId, entityId));
  return Number(row?.last ?? 0);
}

/** `skip`: feed rows the caller would leave out anyway (server/sync/scope.ts firstSyncSkip), not read. */
export async function changesAfter(db: Executor, entityId: string, after: number, limit: number, skip?: SQL) {
  return db
    .select()
    .from(syncChanges)
    .where(and(eq(syncChanges.entityId, entityId), sql`${syncChanges.seq} > ${after}`, skip))
    .orderBy(syncChanges.seq)
    .limit(limit);
}
