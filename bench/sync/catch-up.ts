// A device that was offline for a week catches up — 10,000 new events (sign-ins
// spread over the last seven days, pushed by another device through the real push) reach a
// device that finished its first sync before them. Timed from the device's sync() call to idle.
import { v7 as uuidv7 } from 'uuid';
import type { MemoryDevice } from '../../sync/memory-store';
import { engineFor, meteredTransport, syncOnce, transportFor } from '../support/device';

export const CATCH_UP_EVENTS = Number(process.env.BENCH_CATCH_UP_EVENTS ?? 10_000);
const WEEK_MS = 7 * 86_400_000;
const BATCH = 1_000;

/** Pushes `n` sign-ins of `people` at `areaId`, oldest a week ago, newest now, as a new device. */
export async function pushWeekOfEvents(url: string, token: string, people: string[], areaId: string, n: number) {
  const deviceId = uuidv7();
  const start = Date.now() - WEEK_MS;
  const step = Math.floor(WEEK_MS / n);
  for (let from = 0; from < n; from += BATCH) {
    const mutations = Array.from({ length: Math.min(BATCH, n - from) }, (_, j) => {
      const i = from + j;
      return {
        seq: i + 1,
        mutationId: uuidv7(),
        name: 'visit.signIn',
        clientTime: Date.now(),
        clockOffsetMs: 0,
        args: { eventId: uuidv7(), personId: people[(i * 7) % people.length]!, areaId, at: start + i * step },
      };
    });
    const res = await fetch(`${url}/api/sync/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId, mutations }),
    });
    if (res.status !== 200) throw new Error(`push: ${res.status} ${await res.text()}`);
  }
}

/** One sync of a device that holds a first sync already: seconds, pages and rows it brought. */
export async function catchUpInNode(url: string, token: string, device: MemoryDevice) {
  const { transport, meter } = meteredTransport(transportFor(url, token));
  const engine = engineFor(device, transport);
  const t0 = performance.now();
  await syncOnce(engine);
  const ms = performance.now() - t0;
  engine.stop();
  return { ms, pulls: meter.pulls, rows: meter.rowsPulled };
}
