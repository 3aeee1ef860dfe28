// First sync of a new device (sync scopes): a kiosk and an admin tablet pulling from
// an empty store, with scopes (the server as it runs) and without them (a second app on the
// same database with SYNC_SCOPES=off: the "before" figures, measured in the same run).
import { brotliCompressSync, constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Transport } from '../../sync/engine';
import type { BenchTarget } from '../support/target';
import { engineFor, newDevice, syncOnce, transportFor } from '../support/device';

/** The same database behind an app that sends every device everything (sync scopes off). */
export async function unscopedApp(target: BenchTarget): Promise<{ url: string; app: FastifyInstance }> {
  const before = process.env.SYNC_SCOPES;
  process.env.SYNC_SCOPES = 'off';
  let app: FastifyInstance;
  try {
    app = await buildApp({ database: target.database, now: () => Date.now() });
  } finally {
    if (before === undefined) delete process.env.SYNC_SCOPES;
    else process.env.SYNC_SCOPES = before;
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, app };
}

/** A kiosk registered by the admin at the area: its device token and id. */
export async function kioskLogin(url: string, adminToken: string, areaId: string) {
  const res = await fetch(`${url}/api/kiosk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ kiosk_name: `Bench kiosk ${Date.now()}`, area_id: areaId }),
  });
  const body = (await res.json()) as { data?: { access_token: string; kiosk: { id: string } } };
  if (!body.data) throw new Error(`kiosk: ${res.status}`);
  return { token: body.data.access_token, userId: body.data.kiosk.id };
}

/** Counts the pages and rows a pull brings and their size compressed as the server sends it (brotli). */
function measuring(inner: Transport) {
  const meter = { pulls: 0, rows: 0, compressedBytes: 0 };
  const transport: Transport = {
    push: (body) => inner.push(body),
    async pull(query) {
      const res = await inner.pull(query);
      meter.pulls++;
      if (res.ok) {
        meter.rows += res.body.changes.length;
        meter.compressedBytes += brotliCompressSync(JSON.stringify(res.body), {
          params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
        }).length;
      }
      return res;
    },
  };
  return { transport, meter };
}

/** A new device's first sync in Node (MemoryDevice): seconds, rows, compressed bytes, what it holds. */
export async function firstSyncInNode(url: string, who: { token: string; userId: string }) {
  const device = newDevice(who.userId);
  const { transport, meter } = measuring(transportFor(url, who.token));
  const engine = engineFor(device, transport);
  const t0 = performance.now();
  await syncOnce(engine);
  const ms = performance.now() - t0;
  engine.stop();
  return {
    ms,
    ...meter,
    people: device.table('people').size,
    events: device.table('visitEvents').size,
    device,
  };
}

export const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(2)} MB`;
