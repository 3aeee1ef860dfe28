// A simulated device for the load benchmark (bench/load.bench.ts): the real SyncEngine (so pokes,
// pushes and pulls coalesce exactly as on a kiosk: one run in flight, a poke during a run means
// one more run after it), over an outbox and cursor kept in memory. Pulled rows are not stored:
// the driver shares the machine with the server, and storing them is the device's cost, not the server's.
import type { OutboxEntry, OutboxStore, Transport } from '../../sync/engine';
import type { MutationResult, PullResponse, PushRequest } from '../../sync/protocol';

type Pending = Omit<OutboxEntry, 'seq' | 'userId'>;

export class LoadDevice implements OutboxStore {
  outbox: OutboxEntry[] = [];
  private seq = 0;
  private cursorValue: string | undefined;

  constructor(
    readonly id: string,
    readonly userId: string,
  ) {}

  /** Queues mutations as a kiosk's tap does (the engine sends them on its next run). */
  record(entries: Pending[]): void {
    for (const e of entries) this.outbox.push({ ...e, seq: ++this.seq, userId: this.userId });
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
  async setClockOffset() {}
  async counts() {
    return { pending: this.outbox.length, rejected: 0 };
  }
  async settle(results: MutationResult[]): Promise<void> {
    const answered = new Set(results.map((r) => r.seq));
    this.outbox = this.outbox.filter((e) => !answered.has(e.seq));
  }
  async applyPull(page: PullResponse): Promise<void> {
    this.outbox = this.outbox.filter((e) => e.seq > page.lastSeq);
    this.cursorValue = page.cursor;
  }
}

export interface LoadMeter {
  push: number[];
  pull: number[];
  errors: number;
  applied: number;
  rejected: number;
  /** Off while devices catch up before the measured period. */
  measuring: boolean;
}

/** Times each push and pull of `inner` and counts failures and push outcomes into `meter`. */
export function timedTransport(inner: Transport, meter: LoadMeter, debug = false): Transport {
  return {
    async push(body: PushRequest) {
      const t = performance.now();
      const res = await inner.push(body);
      if (!res.ok) {
        meter.errors++;
        if (debug) console.error('push', res.status, res.message);
        return res;
      }
      if (meter.measuring) meter.push.push(performance.now() - t);
      for (const r of res.body.results)
        if (r.status === 'applied') meter.applied++;
        else if (r.status === 'rejected') meter.rejected++;
      return res;
    },
    async pull(query) {
      const t = performance.now();
      const res = await inner.pull(query);
      if (!res.ok) {
        meter.errors++;
        if (debug) console.error('pull', res.status, res.message);
      } else if (meter.measuring) meter.pull.push(performance.now() - t);
      return res;
    },
  };
}
