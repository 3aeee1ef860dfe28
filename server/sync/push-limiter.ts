// Pushes of one company wait for each other at its feed lock, each holding a pooled connection
// while it waits. With another instance frozen while holding that lock, 12
// waiting pushes took all 10 connections, and every other company's requests and /api/ready
// timed out with them. This gate lets only a few pushes per company (and a few in all) hold a
// connection; the rest wait here, holding none, and are answered 503 (the device retries later)
// if they wait longer than the database's lock timeout.
import { ApiError } from '../http/api-error';
import { dbTimeouts } from '../db/timeouts';

export interface PushLimits {
  /** Pushes of one company holding a connection at once. */
  perEntity: number;
  /** Pushes holding a connection at once, all companies together (below the pool's size). */
  total: number;
  /** How long a push may wait for its turn before it is answered 503. */
  waitMs: number;
  /** Pushes of one company waiting at most; more are answered 503 at once. */
  queueMax: number;
}

interface Waiter {
  entityId: string;
  go: () => void;
}

export const busy = () => new ApiError(503, 'generic');

export function pushLimiter(limits: PushLimits) {
  const active = new Map<string, number>();
  let total = 0;
  const queue: Waiter[] = [];
  const waiting = new Map<string, number>();

  const fits = (entityId: string) => total < limits.total && (active.get(entityId) ?? 0) < limits.perEntity;
  const take = (entityId: string) => {
    total++;
    active.set(entityId, (active.get(entityId) ?? 0) + 1);
  };
  const release = (entityId: string) => {
    total--;
    const left = (active.get(entityId) ?? 1) - 1;
    if (left > 0) active.set(entityId, left);
    else active.delete(entityId);
    // The first waiter that fits goes (a company at its own limit does not hold up the others).
    for (let i = 0; i < queue.length; i++) {
      if (!fits(queue[i]!.entityId)) continue;
      const [next] = queue.splice(i, 1);
      next!.go();
      if (total >= limits.total) break;
      i--;
    }
  };
  const unwait = (entityId: string) => {
    const left = (waiting.get(entityId) ?? 1) - 1;
    if (left > 0) waiting.set(entityId, left);
    else waiting.delete(entityId);
  };

  async function turn(entityId: string): Promise<void> {
    if (fits(entityId)) return take(entityId);
    if ((waiting.get(entityId) ?? 0) >= limits.queueMax) throw busy();
    waiting.set(entityId, (waiting.get(entityId) ?? 0) + 1);
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        entityId,
        go: () => {
          clearTimeout(timer);
          unwait(entityId);
          take(entityId);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(waiter), 1);
        unwait(entityId);
        reject(busy());
      }, limits.waitMs);
      queue.push(waiter);
    });
  }

  return {
    async run<T>(entityId: string, work: () => Promise<T>): Promise<T> {
      await turn(entityId);
      try {
        return await work();
      } finally {
        release(entityId);
      }
    },
    /** For tests: pushes holding a turn and waiting for one. */
    stats: () => ({ active: total, waiting: queue.length }),
  };
}

export type PushLimiter = ReturnType<typeof pushLimiter>;

/** The limits for `db`: none for the embedded database (one connection, no other instance). */
export function pushLimitsFor(db: unknown, env: Record<string, string | undefined> = process.env): PushLimits | null {
  const embedded = typeof (db as { $client?: { dumpDataDir?: unknown } }).$client?.dumpDataDir === 'function';
  if (embedded) return null;
  return {
    perEntity: Number(env.PUSH_CONCURRENCY_PER_COMPANY) || 3,
    // The pool has 10: at least 4 stay for everything else (/api/ready, other requests, LISTEN).
    total: Number(env.PUSH_CONCURRENCY) || 6,
    waitMs: dbTimeouts(env).lockMs,
    queueMax: 50,
  };
}
