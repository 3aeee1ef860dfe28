// PGlite is one connection: every statement and transaction waits its turn on its lock. With
// PGLITE_TIMING=1 the server measures, per route, how long requests waited for that lock and how
// long they held it, and prints a table to stderr when it closes.
// Off by default: nothing is wrapped.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

interface Turn {
  wait: number;
  hold: number;
  turns: number;
}
interface RouteTimes {
  total: number[];
  wait: number[];
  hold: number[];
  turns: number[];
}

const current = new AsyncLocalStorage<Turn>();
const routes = new Map<string, RouteTimes>();
export const pgliteTimingOn = (): boolean => process.env.PGLITE_TIMING === '1';

/** Wraps the client's exclusive-turn lock (query, exec and transaction all take it). */
export function timePglite(client: object): void {
  const c = client as { _runExclusiveTransaction: (f: () => Promise<unknown>) => Promise<unknown> };
  const inner = c._runExclusiveTransaction.bind(client);
  c._runExclusiveTransaction = (f) => {
    const asked = performance.now();
    return inner(async () => {
      const got = performance.now();
      try {
        return await f();
      } finally {
        const turn = current.getStore();
        if (turn) {
          turn.wait += got - asked;
          turn.hold += performance.now() - got;
          turn.turns++;
        }
      }
    });
  };
}

const pct = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/** Each request's turns are counted in its own store; summed per route when it answers. */
export function timeRequests(app: FastifyInstance): void {
  const started = new WeakMap<object, { at: number; turn: Turn }>();
  app.addHook('onRequest', (request, _reply, done) => {
    const turn = { wait: 0, hold: 0, turns: 0 };
    started.set(request, { at: performance.now(), turn });
    current.run(turn, done);
  });
  app.addHook('onResponse', async (request) => {
    const s = started.get(request);
    if (!s) return;
    const key = `${request.method} ${request.routeOptions.url ?? '?'}`;
    const r = routes.get(key) ?? routes.set(key, { total: [], wait: [], hold: [], turns: [] }).get(key)!;
    r.total.push(performance.now() - s.at);
    r.wait.push(s.turn.wait);
    r.hold.push(s.turn.hold);
    r.turns.push(s.turn.turns);
  });
  app.addHook('onClose', async () => {
    const f = (x: number) => x.toFixed(1).padStart(7);
    const lines = ['route                              count   total p50/p99     wait p50/p99     hold p50/p99  turns'];
    for (const [key, r] of [...routes].sort((a, b) => b[1].total.length - a[1].total.length))
      lines.push(
        `${key.padEnd(34)} ${String(r.total.length).padStart(6)} ${f(pct(r.total, 50))}/${f(pct(r.total, 99))} ` +
          `${f(pct(r.wait, 50))}/${f(pct(r.wait, 99))} ${f(pct(r.hold, 50))}/${f(pct(r.hold, 99))} ${mean(r.turns).toFixed(1)}`,
      );
    console.error(`PGlite turns per route (ms):\n${lines.join('\n')}`);
  });
}
