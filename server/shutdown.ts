// Graceful stop on SIGTERM/SIGINT: the app first (sockets, HTTP, socket.io and its PostgreSQL
// adapter, which holds a pool connection for LISTEN), then the database, then exit 0. Whatever
// still hangs after the grace period is cut off with exit 1, so an orchestrator never waits for
// SIGKILL.
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/database';

export const SHUTDOWN_GRACE_MS = 10_000;

export function closeOnSignals({
  app,
  database,
  graceMs = SHUTDOWN_GRACE_MS,
}: {
  app: FastifyInstance;
  database: DatabaseHandle;
  graceMs?: number;
}): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`gatehouse: still closing ${graceMs} ms after ${signal}; exiting`);
      process.exit(1);
    }, graceMs).unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error('gatehouse: shutdown failed', error);
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
}
