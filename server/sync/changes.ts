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

/** Writes changes after `last` (from lockFeed) and advances the counter; returns the new last. */
export async function writeChanges(
  tx: Tx,
  entityId: string,
  last: number,
  changes: readonly ChangeInput[],
): Promise<number> {
  if (changes.length === 0) return last;
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
  for (let i = 0; i < rows.length; i += CHUNK) {
    // One jsonb parameter per chunk (server/sync/json-rows.ts), not seven per row.
    const insert = insertJsonRows(
      syncChanges,
      rows.slice(i, i + CHUNK),
      sql`on conflict (entity_id, tbl, row_id) do update
          set seq = excluded.seq, op = excluded.op, version = excluded.version, data = excluded.data`,
    );
    // The last chunk and the counter in one statement: one round trip fewer under the feed lock.
    await tx.execute(
      i + CHUNK < rows.length
        ? insert
        : sql`with written as (${insert}) update sync_counters set last = ${seq} where entity_id = ${entityId}`,
    );
  }
  return seq;
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
