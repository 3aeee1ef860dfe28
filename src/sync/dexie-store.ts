// The sync engine's storage on Dexie: the outbox, the rejected list, the cursor and the pulled
// tables, each change in one IndexedDB transaction (DESIGN: a crash never leaves one without
// the other). Runs on the page (recording mutations) and in the sync worker (push and pull).
import { v7 as uuidv7 } from 'uuid';
import { reapplyPending, type ClientTx, type MutateDeps } from '../../sync/client';
import type { OutboxEntry, OutboxStore } from '../../sync/engine';
import type { AnyRow as Row } from '../../sync/catalogue';
import type { MutationResult, PullResponse } from '../../sync/protocol';
import { idsByTable, WAITING_DELETES_KEY, type RowRef } from '../../sync/deferred-deletes';
import { planDeletes, type PulledDelete } from '../../sync/aged-presence';
import { SYNCED_TABLES, syncedTable, type GatehouseDb } from '../db/schema';
import { CURRENT_ENTITY_KEY, CURRENT_USER_KEY } from '../db/session-store';

const SYNCED = new Set<string>(SYNCED_TABLES);

async function meta<T>(db: GatehouseDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

/** This device's id, made once and kept across logouts. */
export async function ensureDeviceId(db: GatehouseDb): Promise<string> {
  // Almost always there already: a read, not a write transaction that would queue behind
  // (and hold up) the screens' own writes.
  const known = await meta<string>(db, 'deviceId');
  if (known) return known;
  return db.transaction('rw', db.meta, async () => {
    const existing = await meta<string>(db, 'deviceId');
    if (existing) return existing;
    const id = uuidv7();
    await db.meta.put({ key: 'deviceId', value: id });
    return id;
  });
}

/** The local side of one transaction. The device facts and the last seq come in one read. */
function localTx(db: GatehouseDb): ClientTx {
  let lastSeq: number | undefined;
  return {
    get: (table, id) => syncedTable(db, table).get(id),
    put: async (table, row) => void (await syncedTable(db, table).put(row)),
    byIndex: (table, index, value) => syncedTable(db, table).where(index).equals(value).toArray(),
    nextSeq: async () => {
      const seq = (lastSeq ?? (await meta<number>(db, 'lastSeq')) ?? 0) + 1;
      lastSeq = seq;
      await db.meta.put({ key: 'lastSeq', value: seq });
      return seq;
    },
    addOutbox: async (entry) => void (await db.outbox.add(entry)),
    device: async () => {
      const [deviceId, userId, offset, seq] = await db.meta.bulkGet([
        'deviceId',
        CURRENT_USER_KEY,
        'clockOffsetMs',
        'lastSeq',
      ]);
      lastSeq = (seq?.value as number | undefined) ?? 0;
      return {
        deviceId: (deviceId?.value as string | undefined) ?? (await ensureDeviceId(db)),
        userId: (userId?.value as string | undefined) ?? '',
        clockOffsetMs: (offset?.value as number | undefined) ?? 0,
      };
    },
  };
}

const TX_TABLES = (db: GatehouseDb) => [db.outbox, db.rejected, db.meta, ...SYNCED_TABLES.map((t) => db.table(t))];

export function dexieMutateDeps(db: GatehouseDb, now: () => number = Date.now): MutateDeps {
  return {
    transaction: (fn, tables) =>
      db.transaction('rw', tables ? [db.outbox, db.meta, ...tables.map((t) => db.table(t))] : TX_TABLES(db), () =>
        fn(localTx(db)),
      ),
    now,
    newId: uuidv7,
  };
}

/** Offsets measured a few ms apart are the same clock (half a round trip of jitter). */
const CLOCK_OFFSET_NOISE_MS = 50;

export class DexieOutbox implements OutboxStore {
  private clockOffset: number | null | undefined;

  constructor(
    private readonly db: GatehouseDb,
    private readonly now: () => number = Date.now,
  ) {}

  deviceId(): Promise<string> {
    return ensureDeviceId(this.db);
  }

  private currentUser(): Promise<string> {
    return meta<string>(this.db, CURRENT_USER_KEY).then((u) => u ?? '');
  }

  /** Only the logged-in user's changes: another user's wait for that user's next login. */
  async peek(limit: number): Promise<OutboxEntry[]> {
    const userId = await this.currentUser();
    return this.db.outbox.where('[userId+seq]').between([userId, 0], [userId, Infinity]).limit(limit).toArray();
  }

  async settle(results: MutationResult[]): Promise<void> {
    await this.db.transaction('rw', this.db.outbox, this.db.rejected, async () => {
      await this.moveAside(results);
    });
  }

  async applyPull(page: PullResponse): Promise<void> {
    const db = this.db;
    const entityId = await meta<string>(db, CURRENT_ENTITY_KEY);
    const userId = await this.currentUser();
    const deviceId = await this.deviceId();
    // Nothing new (the usual answer to a poke after our own push): no synced table changes, so
    // confirm what the server applied and move the cursor without locking every table.
    const waiting = (await meta<RowRef[]>(db, WAITING_DELETES_KEY))?.length ?? 0;
    if (!page.reset && page.changes.length === 0 && page.rejections.length === 0 && !waiting) {
      await db.transaction('rw', db.outbox, db.rejected, db.meta, async () => {
        const confirmed = await db.outbox
          .where('[userId+seq]')
          .between([userId, 0], [userId, page.lastSeq], true, true)
          .toArray();
        if (confirmed.length)
          await this.moveAside(
            confirmed.map((e) => ({ seq: e.seq, mutationId: e.mutationId, status: 'applied' as const })),
          );
        if ((await meta<string>(db, 'cursor')) !== page.cursor)
          await db.meta.put({ key: 'cursor', value: page.cursor });
      });
      return;
    }
    await db.transaction('rw', TX_TABLES(db), async () => {
      if (page.reset) await Promise.all(SYNCED_TABLES.map((t) => db.table(t).clear()));
      const puts = new Map<string, Row[]>();
      for (const c of page.changes) {
        if (!SYNCED.has(c.table) || c.op === 'del') continue;
        (puts.get(c.table) ?? puts.set(c.table, []).get(c.table)!).push({
          ...(c.data ?? {}),
          id: c.id,
          entityId,
          version: c.version,
        });
      }
      for (const [table, rows] of puts) await db.table(table).bulkPut(rows);
      // The server confirmed up to lastSeq for this user: a lost push answer is settled here.
      const confirmed = await db.outbox
        .where('[userId+seq]')
        .between([userId, 0], [userId, page.lastSeq], true, true)
        .toArray();
      const rejected = new Map(page.rejections.map((r) => [r.seq, r]));
      await this.moveAside(
        confirmed.map((e) => {
          const r = rejected.get(e.seq);
          return r
            ? { seq: e.seq, mutationId: e.mutationId, status: 'rejected', code: r.code, message: r.message }
            : { seq: e.seq, mutationId: e.mutationId, status: 'applied' };
        }),
      );
      // After the outbox is settled: a delete of a row it still references waits (sync/deferred-deletes.ts).
      const outbox = await db.outbox.orderBy('seq').toArray();
      // An aged presence row's delete takes its person's older rows with it (sync/aged-presence.ts).
      const { now, wait, hold } = await planDeletes({
        dels: page.changes.filter((c) => c.op === 'del' && SYNCED.has(c.table)),
        waiting: page.reset ? [] : ((await meta<PulledDelete[]>(db, WAITING_DELETES_KEY)) ?? []),
        outbox,
        puts: [...puts].flatMap(([table, rows]) => rows.map((r) => ({ table, id: r.id as string, data: r }))),
        heldOf: (table, personIds) => db.table(table).where('personId').anyOf(personIds).toArray(),
      });
      for (const [table, ids] of idsByTable(now)) await db.table(table).bulkDelete(ids);
      for (const h of hold)
        if (!(await db.table(h.table).get(h.id)))
          await db.table(h.table).put({ ...h.data, id: h.id, entityId, version: h.version });
      if (wait.length || waiting) await db.meta.put({ key: WAITING_DELETES_KEY, value: wait });
      await db.meta.put({ key: 'cursor', value: page.cursor });
      await reapplyPending(localTx(db), outbox, deviceId);
    });
  }

  cursor(): Promise<string | undefined> {
    return meta<string>(this.db, 'cursor');
  }

  /** Every request measures the offset again; a change within the noise is not worth a write. */
  async setClockOffset(ms: number): Promise<void> {
    if (this.clockOffset === undefined) this.clockOffset = (await meta<number>(this.db, 'clockOffsetMs')) ?? null;
    if (this.clockOffset !== null && Math.abs(this.clockOffset - ms) < CLOCK_OFFSET_NOISE_MS) return;
    this.clockOffset = ms;
    await this.db.meta.put({ key: 'clockOffsetMs', value: ms });
  }

  async counts(): Promise<{ pending: number; rejected: number }> {
    return { pending: await this.db.outbox.count(), rejected: await this.db.rejected.count() };
  }

  /** Inside a transaction over outbox and rejected. */
  private async moveAside(results: Pick<MutationResult, 'seq' | 'status' | 'code' | 'message'>[]): Promise<void> {
    const done: number[] = [];
    for (const r of results) {
      if (r.status === 'rejected') {
        const entry = await this.db.outbox.get(r.seq);
        if (entry)
          await this.db.rejected.put({
            ...entry,
            code: r.code ?? 'generic',
            message: r.message ?? '',
            rejectedAt: this.now(),
          });
      }
      done.push(r.seq);
    }
    await this.db.outbox.bulkDelete(done);
  }
}
