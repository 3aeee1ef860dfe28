// Node-side sync clients for fault tests (they log in with apiLogin, tests/e2e/support/server.ts):
// a MemoryDevice driven by the real engine over HTTP, a catch-up pull into a fresh device, and
// the database's own count after a stop.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { SyncEngine, type EngineOptions, type Scheduler } from '../../../sync/engine';
import { httpTransport, type FetchLike } from '../../../sync/http-transport';
import { MemoryDevice } from '../../../sync/memory-store';
import { openDatabase } from '../../../server/db/database';

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  random: () => Math.random(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

export const nodeFetch: FetchLike = (url, init) => fetch(url, init);

export function newDevice(userId: string): MemoryDevice {
  return new MemoryDevice(uuidv7(), userId, uuidv7, () => Date.now());
}

export function engineFor(
  device: MemoryDevice,
  o: { baseUrl: () => string; token: string; fetch?: FetchLike } & Partial<EngineOptions>,
): SyncEngine {
  const { baseUrl, token, fetch: fetchFn, ...rest } = o;
  // baseUrl is read per call, so a restarted server on the same port is picked up as is.
  const transport = httpTransport({
    baseUrl: '',
    fetch: (url, init) => (fetchFn ?? nodeFetch)(baseUrl() + url, init),
    token: () => token,
  });
  return new SyncEngine({ store: device, transport, scheduler: realScheduler, ...rest });
}

/** Everything the server has for this user's company, pulled into an empty device. */
export async function pullEverything(baseUrl: string, auth: { token: string; userId: string }): Promise<MemoryDevice> {
  const device = newDevice(auth.userId);
  const engine = engineFor(device, { baseUrl: () => baseUrl, token: auth.token });
  await engine.sync();
  engine.stop();
  const status = engine.getStatus();
  if (status.phase !== 'idle') throw new Error(`pull ended ${status.phase}: ${status.lastError ?? ''}`);
  return device;
}

export async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface DeviceTotals {
  events: number;
  distinctEvents: number;
  logged: number;
  distinctSeqs: number;
  lastSeq: number;
}

/** Opens a stopped server's PGlite folder and counts what one device left in it. */
export async function totalsInDataDir(dataDir: string, deviceId: string): Promise<DeviceTotals> {
  const database = await openDatabase({ dataDir });
  try {
    const q = async (query: ReturnType<typeof sql>) =>
      Number(
        ((await database.db.execute(query)) as unknown as { rows: Array<{ n: number | string }> }).rows[0]?.n ?? 0,
      );
    return {
      events: await q(sql`select count(*)::int as n from visit_events where device_id = ${deviceId}`),
      distinctEvents: await q(sql`select count(distinct id)::int as n from visit_events where device_id = ${deviceId}`),
      logged: await q(sql`select count(*)::int as n from mutation_log where device_id = ${deviceId}`),
      distinctSeqs: await q(sql`select count(distinct seq)::int as n from mutation_log where device_id = ${deviceId}`),
      lastSeq: await q(sql`select coalesce(max(last_seq), 0)::int as n from devices where id = ${deviceId}`),
    };
  } finally {
    await database.close();
  }
}
