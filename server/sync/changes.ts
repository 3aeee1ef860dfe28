// The change feed: every write to a synced table records its latest state here, under the
// entity's change sequence. Writers lock the entity's counter row first, so sequence numbers
// are taken and committed in one order and a pull cursor can never step over a late commit.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { syncChanges, syncCounters } from '../db/schema/sync';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** Table names on the wire, as the client's Dexie tables are called. */
export type SyncTable = 'people' | 'visitEvents' | 'sites' | 'areas' | 'userTypes'
  // Kiosk configuration and journey records (issue 4).
  | 'journeys' | 'journeyFlows' | 'complianceForms' | 'attendanceModes' | 'customFields' | 'announcements'
  | 'kioskVisits' | 'complianceAnswers' | 'visitChecks' | 'hostNotifications' | 'kioskLogs' | 'personCards'
  // Emergency sessions and roll calls (issue 6).
  | 'emergencySessions' | 'rollCallMarks'
  // Pre-registration (issue 5).
  | 'expectedVisits' | 'qrRevocations' | 'signingKeys'
  // Users' documents (issue 7), for the mass sign-in's details offline.
  | 'personDocuments';

export interface ChangeInput {
  table: SyncTable;
  id: string;
  op: 'put' | 'del';
  version: number;
  data: Record<string, unknown> | null;
}

const CHUNK = 1000;

/** Takes the entity's feed lock for the rest of the transaction; returns the last sequence. */
export async function lockFeed(tx: Tx, entityId: string): Promise<number> {
  await tx.insert(syncCounters).values({ entityId, last: 0 }).onConflictDoNothing();
  const [row] = await tx.select({ last: syncCounters.last }).from(syncCounters).where(eq(syncCounters.entityId, entityId)).for('update');
  return Number(row?.last ?? 0);
}

/** Writes changes after `last` (from lockFeed) and advances the counter; returns the new last. */
export async function writeChanges(tx: Tx, entityId: string, last: number, changes: readonly ChangeInput[]): Promise<number> {
  if (changes.length === 0) return last;
  // One row per record: a later change in the same batch replaces an earlier one.
  const latest = new Map<string, ChangeInput>();
  for (const c of changes) {
    const key = `${c.table}:${c.id}`;
    latest.delete(key);
    latest.set(key, c);
  }
  let seq = last;
  const rows = [...latest.values()].map((c) => ({ entityId, tbl: c.table, rowId: c.id, seq: ++seq, op: c.op, version: c.version, data: c.data }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(syncChanges).values(rows.slice(i, i + CHUNK)).onConflictDoUpdate({
      target: [syncChanges.entityId, syncChanges.tbl, syncChanges.rowId],
      set: { seq: sql`excluded.seq`, op: sql`excluded.op`, version: sql`excluded.version`, data: sql`excluded.data` },
    });
  }
  await tx.update(syncCounters).set({ last: seq }).where(eq(syncCounters.entityId, entityId));
  return seq;
}

/** Records changes in their own transaction (for services outside a push). */
export async function recordChanges(db: Db, entityId: string, changes: readonly ChangeInput[]): Promise<void> {
  if (changes.length === 0) return;
  await db.transaction(async (tx) => {
    const last = await lockFeed(tx, entityId);
    await writeChanges(tx, entityId, last, changes);
  });
}

export async function lastChangeSeq(db: Executor, entityId: string): Promise<number> {
  const [row] = await db.select({ last: syncCounters.last }).from(syncCounters).where(eq(syncCounters.entityId, entityId));
  return Number(row?.last ?? 0);
}

export async function changesAfter(db: Executor, entityId: string, after: number, limit: number) {
  return db.select().from(syncChanges)
    .where(and(eq(syncChanges.entityId, entityId), sql`${syncChanges.seq} > ${after}`))
    .orderBy(syncChanges.seq)
    .limit(limit);
}
