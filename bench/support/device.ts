// Node-side clients for benchmarks: a MemoryDevice, the engine over HTTP with Node's fetch,
// and a real-time scheduler.
import { v7 as uuidv7 } from 'uuid';
import type { MutateDeps } from '../../sync/client';
import { SyncEngine, type EngineOptions, type Scheduler, type Transport } from '../../sync/engine';
import { httpTransport } from '../../sync/http-transport';
import { MemoryDevice } from '../../sync/memory-store';

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  random: () => Math.random(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

export function newDevice(userId: string): MemoryDevice {
  return new MemoryDevice(uuidv7(), userId, uuidv7, () => Date.now());
}

/** mutate() deps for queueing on a MemoryDevice (its undo journal keeps recording cheap). */
export function queueingDeps(device: MemoryDevice): MutateDeps {
  return device.deps();
}

export function transportFor(url: string, token: string): Transport {
  return httpTransport({ baseUrl: url, fetch: (u, init) => fetch(u, init), token: () => token });
}

/** Counts pushes and pulls and the rows pulls bring, and notes when the last push answered. */
export function meteredTransport(inner: Transport) {
  const meter = { pushes: 0, pulls: 0, rowsPulled: 0, lastPushAt: 0 };
  const transport: Transport = {
    async push(body) {
      const res = await inner.push(body);
      meter.pushes++;
      meter.lastPushAt = performance.now();
      return res;
    },
    async pull(query) {
      const res = await inner.pull(query);
      meter.pulls++;
      if (res.ok) meter.rowsPulled += res.body.changes.length;
      return res;
    },
  };
  return { transport, meter };
}

export function engineFor(
  device: MemoryDevice,
  transport: Transport,
  options: Partial<EngineOptions> = {},
): SyncEngine {
  return new SyncEngine({ store: device, transport, scheduler: realScheduler, ...options });
}

/** Runs sync() once and throws if it ended in anything but idle (a bench must not retry silently). */
export async function syncOnce(engine: SyncEngine): Promise<void> {
  await engine.sync();
  const status = engine.getStatus();
  if (status.phase !== 'idle') {
    engine.stop();
    throw new Error(`sync ended ${status.phase}: ${status.lastError ?? ''}`);
  }
}
