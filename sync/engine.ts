// The client side of the sync contract: drains the outbox in batches, pulls pages, and
// retries with backoff. Storage, transport, time and timers come in through small
// interfaces, so the same engine runs in the sync worker, in tests and in benchmarks.
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import {
  DEFAULT_PULL_LIMIT,
  DEFAULT_PUSH_BATCH,
  measureOffset,
  type MutationResult,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from './protocol';

export interface OutboxEntry {
  seq: number;
  mutationId: string;
  name: string;
  args: unknown;
  clientTime: number;
  clockOffsetMs: number;
  userId: string;
  /** Optional (entries recorded before it replay as they are): the recording
   * page's server-time anchor and the monotonic time since it; clockTrusted false when the page
   * had no anchor of its own lifetime. */
  anchorServerTime?: number;
  sinceAnchorMs?: number;
  clockTrusted?: boolean;
}

export interface OutboxStore {
  deviceId(): Promise<string>;
  /** The oldest pending entries, in seq order. */
  peek(limit: number): Promise<OutboxEntry[]>;
  /** Drops applied and duplicate entries and moves rejected ones aside, atomically. */
  settle(results: MutationResult[]): Promise<void>;
  cursor(): Promise<string | undefined>;
  /** One page, one transaction: rows, tombstones, cursor, confirmed entries, then pending re-applied. */
  applyPull(page: PullResponse): Promise<void>;
  setClockOffset(ms: number): Promise<void>;
  counts(): Promise<{ pending: number; rejected: number }>;
}

export type Failure = {
  ok: false;
  kind: 'auth' | 'transient' | 'fatal';
  status?: number;
  code?: string;
  message?: string;
};

/** Answers that say the batch's content will never pass as sent (malformed, too large). */
const REFUSED_CONTENT = new Set([400, 413, 422]);
export type TransportResult<T> = { ok: true; body: T } | Failure;

export interface Transport {
  push(body: PushRequest): Promise<TransportResult<PushResponse>>;
  pull(query: { deviceId: string; cursor?: string; limit: number }): Promise<TransportResult<PullResponse>>;
}

export interface Scheduler {
  now(): number;
  random(): number;
  /** Calls fn after ms; returns a cancel function. */
  after(ms: number, fn: () => void): () => void;
}

export type SyncPhase = 'idle' | 'syncing' | 'waiting' | 'offline' | 'needs-login';

export interface SyncStatus {
  phase: SyncPhase;
  online: boolean;
  pending: number;
  rejected: number;
  lastSyncAt: number | null;
  nextRetryAt: number | null;
  lastError: string | null;
}

export interface EngineOptions {
  store: OutboxStore;
  transport: Transport;
  scheduler: Scheduler;
  batchSize?: number;
  pullLimit?: number;
  backoff?: BackoffOptions;
  /** Pull this often even without a poke, so a lost socket delays sync but never loses it. */
  pullIntervalMs?: number;
  /** A request without an answer after this long is given up as a transient failure. */
  requestTimeoutMs?: number;
  onStatus?: (status: SyncStatus) => void;
  /** When this device last synced in full, as an earlier run of the engine reported it: a
   * restarted engine (a reload, a new worker) is not a device that never synced. */
  lastSyncAt?: number | null;
  /** The server's time now, estimated at each answer (its time plus half the round trip): the
   * pages anchor their monotonic clocks on it. */
  onServerTime?: (serverTime: number) => void;
}

/** Long enough for a 1,000-mutation batch on a slow server; a dead connection fails sooner by itself. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

export class SyncEngine {
  private status: SyncStatus = {
    phase: 'idle',
    online: true,
    pending: 0,
    rejected: 0,
    lastSyncAt: null,
    nextRetryAt: null,
    lastError: null,
  };
  private attempt = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private cancelTimer: (() => void) | null = null;
  private stopped = false;
  /** Set when a batch was refused as a whole: smaller batches until the entry at fault is found. */
  private batchLimit: number | null = null;
  /** Gives up on the request in flight, if any: its answer, should it come, is ignored. */
  private abandon: ((failure: Failure) => void) | null = null;
  private restart = false;

  constructor(private readonly o: EngineOptions) {
    this.status.lastSyncAt = o.lastSyncAt ?? null;
  }

  getStatus(): SyncStatus {
    return this.status;
  }

  /** Push everything pending, then pull everything new. Concurrent calls coalesce into one more run. */
  sync(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  setOnline(online: boolean): void {
    this.update({ online, phase: online ? this.status.phase : 'offline' });
    if (online) {
      this.attempt = 0;
      // A request sent on the old network may never answer (its connection died without a
      // word), and a run waiting on it would hold every later sync back: start again now.
      if (this.abandon) {
        this.restart = true;
        this.abandon({ ok: false, kind: 'transient', message: 'network changed' });
      }
      void this.sync();
    }
  }

  /** After a new login: the kept outbox replays under the new token. */
  resume(): void {
    if (this.status.phase === 'needs-login') this.update({ phase: 'idle', lastError: null });
    this.attempt = 0;
    void this.sync();
  }

  stop(): void {
    this.stopped = true;
    this.cancelTimer?.();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      if (this.status.phase === 'needs-login') break;
      this.update({ phase: 'syncing', nextRetryAt: null });
      let failure: Failure | null;
      try {
        failure = (await this.pushAll()) ?? (await this.pullAll());
        await this.refreshCounts();
      } catch (error) {
        // Local storage failed (e.g. the browser closed the database): nothing was lost, try again.
        failure = { ok: false, kind: 'transient', message: error instanceof Error ? error.message : 'storage error' };
      }
      if (failure && this.restart) {
        // Replays are idempotent on the server, so what the abandoned request did is not lost.
        this.restart = false;
        this.again = true;
        continue;
      }
      if (failure) {
        this.fail(failure);
        return;
      }
      this.attempt = 0;
      this.update({ phase: 'idle', lastSyncAt: this.o.scheduler.now(), lastError: null });
    } while (this.again);
    if (this.o.pullIntervalMs && this.status.phase === 'idle') this.schedule(this.o.pullIntervalMs);
  }

  private async pushAll(): Promise<Failure | null> {
    const deviceId = await this.o.store.deviceId();
    for (;;) {
      const entries = await this.o.store.peek(this.batchLimit ?? this.o.batchSize ?? DEFAULT_PUSH_BATCH);
      if (entries.length === 0) {
        this.batchLimit = null;
        return null;
      }
      const sentAt = this.o.scheduler.now();
      const res = await this.request(() =>
        this.o.transport.push({
          deviceId,
          mutations: entries.map(
            ({
              seq,
              mutationId,
              name,
              args,
              clientTime,
              clockOffsetMs,
              anchorServerTime,
              sinceAnchorMs,
              clockTrusted,
            }) => ({
              seq,
              mutationId,
              name,
              args,
              clientTime,
              clockOffsetMs,
              ...(anchorServerTime !== undefined && sinceAnchorMs !== undefined
                ? { anchorServerTime, sinceAnchorMs }
                : {}),
              ...(clockTrusted !== undefined ? { clockTrusted } : {}),
            }),
          ),
        }),
      );
      if (!res.ok && res.kind === 'fatal' && REFUSED_CONTENT.has(res.status ?? 0)) {
        await this.refused(entries, res);
        continue;
      }
      if (!res.ok) return res;
      this.heard(sentAt, res.body.serverTime);
      await this.o.store.setClockOffset(measureOffset(sentAt, this.o.scheduler.now(), res.body.serverTime));
      await this.o.store.settle(res.body.results);
      await this.refreshCounts();
      // A server that answered none of the batch would make this loop spin; treat it as transient.
      if (res.body.results.length === 0) return { ok: false, kind: 'transient', message: 'empty push result' };
    }
  }

  /** A refused batch is split until one entry is refused alone; that entry is final, like a
   * rejection: it goes to "needs attention" for a person to fix or discard, and the rest go on.
   * Retrying it as it is would only be refused again, behind a status nobody reads. */
  private async refused(entries: OutboxEntry[], failure: Failure): Promise<void> {
    if (entries.length > 1) {
      this.batchLimit = Math.ceil(entries.length / 2);
      return;
    }
    const [entry] = entries;
    await this.o.store.settle([
      {
        seq: entry!.seq,
        mutationId: entry!.mutationId,
        status: 'rejected',
        code: failure.code ?? 'validation_failed',
        message: failure.message,
      },
    ]);
    await this.refreshCounts();
  }

  private async pullAll(): Promise<Failure | null> {
    const deviceId = await this.o.store.deviceId();
    const limit = this.o.pullLimit ?? DEFAULT_PULL_LIMIT;
    const ask = (cursor: string | undefined) => {
      const sentAt = this.o.scheduler.now();
      return this.request(() => this.o.transport.pull({ deviceId, cursor, limit })).then((res) => {
        if (res.ok) this.heard(sentAt, res.body.serverTime);
        return { res, offset: res.ok ? measureOffset(sentAt, this.o.scheduler.now(), res.body.serverTime) : 0 };
      });
    };
    let next = ask(await this.o.store.cursor());
    for (;;) {
      const { res, offset } = await next;
      if (!res.ok) return res;
      // The next page is asked for while this one is stored, so the server's work and the
      // device's overlap. Its cursor is the one this page stores; should storing fail, the
      // answer is dropped and the next run asks again from the stored cursor.
      if (res.body.hasMore) next = ask(res.body.cursor);
      await this.o.store.setClockOffset(offset);
      await this.o.store.applyPull(res.body);
      if (!res.body.hasMore) return null;
    }
  }

  /** The server's time now: what it answered plus half the round trip. */
  private heard(sentAt: number, serverTime: number): void {
    const rtt = Math.max(0, this.o.scheduler.now() - sentAt);
    this.o.onServerTime?.(Math.round(serverTime + rtt / 2));
  }

  /** One transport call that always settles: with its answer, on timeout, or when abandoned. */
  private request<T>(call: () => Promise<TransportResult<T>>): Promise<TransportResult<T>> {
    return new Promise((resolve) => {
      let done = false;
      const finish = (result: TransportResult<T>) => {
        if (done) return;
        done = true;
        cancelTimeout();
        if (this.abandon === finish) this.abandon = null;
        resolve(result);
      };
      const cancelTimeout = this.o.scheduler.after(this.o.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, () =>
        finish({ ok: false, kind: 'transient', message: 'request timed out' }),
      );
      this.abandon = finish;
      call().then(finish, (error: unknown) =>
        finish({ ok: false, kind: 'transient', message: error instanceof Error ? error.message : 'network error' }),
      );
    });
  }

  private fail(failure: Failure): void {
    if (failure.kind === 'auth') {
      this.update({ phase: 'needs-login', lastError: failure.message ?? 'unauthenticated' });
      return;
    }
    const delay = backoffDelay(this.attempt++, () => this.o.scheduler.random(), this.o.backoff ?? DEFAULT_BACKOFF);
    this.update({
      phase: this.status.online ? 'waiting' : 'offline',
      lastError: failure.message ?? failure.kind,
      nextRetryAt: this.o.scheduler.now() + delay,
    });
    this.schedule(delay);
  }

  private schedule(ms: number): void {
    this.cancelTimer?.();
    this.cancelTimer = this.o.scheduler.after(ms, () => {
      this.cancelTimer = null;
      void this.sync();
    });
  }

  private async refreshCounts(): Promise<void> {
    this.update(await this.o.store.counts());
  }

  private update(patch: Partial<SyncStatus>): void {
    // Nothing new, nothing to tell: each status report is a write on the device.
    if ((Object.keys(patch) as Array<keyof SyncStatus>).every((k) => Object.is(this.status[k], patch[k]))) return;
    this.status = { ...this.status, ...patch };
    this.o.onStatus?.(this.status);
  }
}
