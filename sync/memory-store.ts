// An in-memory device: outbox, meta and synced tables in Maps. The engine's unit and property
// tests run against it; the browser uses the Dexie adapter with the same contract.
import type { ClientTx, DeviceContext, MutateDeps } from './client';
import { reapplyPending } from './client';
import { planDeletes, type PulledDelete } from './aged-presence';
import type { OutboxEntry, OutboxStore } from './engine';
import type { AnyRow as Row, LocalRows, TableName } from './catalogue';
import type { MutationResult, PullResponse, Rejection } from './protocol';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export interface RejectedEntry extends OutboxEntry {
  code: string;
  message: string;
}

export class MemoryDevice implements OutboxStore {
  readonly tables = new Map<string, Map<string, Row>>();
  outbox: OutboxEntry[] = [];
  rejected: RejectedEntry[] = [];
  private seq = 0;
  private cursorValue: string | undefined;
  private offset = 0;
  /** Deletes waiting for the outbox to stop referencing their rows. */
  waitingDeletes: PulledDelete[] = [];

  constructor(
    readonly id: string,
    readonly userId: string,
    private readonly ids: () => string,
    private readonly clock: () => number,
  ) {}

  table(name: string): Map<string, Row> {
    let t = this.tables.get(name);
    if (!t) this.tables.set(name, (t = new Map()));
    return t;
  }

  /** Everything a mutation needs; a failing callback leaves tables and outbox untouched. */
  deps(): MutateDeps {
    return {
      transaction: async (fn) => {
        // An undo journal, not a copy of every table: recording stays cheap as the device fills up.
        const undo: Array<() => void> = [];
        try {
          return await fn(this.tx(undo));
        } catch (error) {
          for (const step of undo.reverse()) step();
          throw error;
        }
      },
      now: this.clock,
      newId: this.ids,
    };
  }

  private tx(undo: Array<() => void> = []): ClientTx {
    return {
      // The in-memory device keeps rows untyped; what it holds came through the same typed applies.
      get: async <K extends TableName>(table: K, id: string) => this.table(table).get(id) as LocalRows[K] | undefined,
      byIndex: async <K extends TableName>(table: K, index: string, value: string) =>
        [...this.table(table).values()].filter((r) => (r as Record<string, unknown>)[index] === value) as Array<
          LocalRows[K]
        >,
      put: async (table, row) => {
        const t = this.table(table);
        const before = t.get(row.id);
        undo.push(() => (before ? t.set(row.id, before) : t.delete(row.id)));
        t.set(row.id, clone(row));
      },
      nextSeq: async () => {
        undo.push(() => this.seq--);
        return ++this.seq;
      },
      addOutbox: async (entry) => {
        undo.push(() => this.outbox.pop());
        this.outbox.push(entry);
      },
      device: async (): Promise<DeviceContext> => ({
        deviceId: this.id,
        userId: this.userId,
        clockOffsetMs: this.offset,
      }),
    };
  }

  async deviceId() {
    return this.id;
  }
  async peek(limit: number) {
    return this.outbox.slice(0, limit);
  }
  async cursor() {
    return this.cursorValue;
  }
  async setClockOffset(ms: number) {
    this.offset = ms;
  }
  async counts() {
    return { pending: this.outbox.length, rejected: this.rejected.length };
  }

  async settle(results: MutationResult[]): Promise<void> {
    const bySeq = new Map(results.map((r) => [r.seq, r]));
    this.moveAside((e) => bySeq.get(e.seq));
  }

  async applyPull(page: PullResponse): Promise<void> {
    if (page.reset) for (const t of this.tables.values()) t.clear();
    if (page.reset) this.waitingDeletes = [];
    for (const c of page.changes)
      if (c.op !== 'del') this.table(c.table).set(c.id, { ...(c.data as Row), id: c.id, version: c.version });
    const rejections = new Map<number, Rejection>(page.rejections.map((r) => [r.seq, r]));
    this.moveAside((e) => {
      if (e.seq > page.lastSeq) return undefined;
      const r = rejections.get(e.seq);
      return r ? { ...r, status: 'rejected' } : { seq: e.seq, mutationId: e.mutationId, status: 'applied' };
    });
    // After the outbox is settled: a delete of a row it still references waits (sync/deferred-deletes.ts).
    // An aged presence row's delete takes its person's older rows with it (sync/aged-presence.ts).
    const { now, wait, hold } = await planDeletes({
      dels: page.changes.filter((c) => c.op === 'del'),
      waiting: this.waitingDeletes,
      outbox: this.outbox,
      puts: page.changes.filter((c) => c.op !== 'del'),
      heldOf: async (table, personIds) => {
        const people = new Set(personIds);
        return [...this.table(table).values()].filter((r) => people.has(r.personId as string));
      },
    });
    for (const d of now) this.table(d.table).delete(d.id);
    for (const h of hold)
      if (!this.table(h.table).has(h.id)) this.table(h.table).set(h.id, { ...h.data, id: h.id, version: h.version });
    this.waitingDeletes = wait;
    this.cursorValue = page.cursor;
    await reapplyPending(this.tx(), this.outbox, this.id);
  }

  private moveAside(result: (e: OutboxEntry) => Pick<MutationResult, 'status' | 'code' | 'message'> | undefined): void {
    const keep: OutboxEntry[] = [];
    for (const e of this.outbox) {
      const r = result(e);
      if (!r) keep.push(e);
      else if (r.status === 'rejected')
        this.rejected.push({ ...e, code: r.code ?? 'generic', message: r.message ?? '' });
    }
    this.outbox = keep;
  }
}
