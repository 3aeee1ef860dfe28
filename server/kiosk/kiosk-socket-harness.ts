// A test server with real sockets and a few registered kiosks of Acme, for the kiosk command
// tests: the admin's calls, a kiosk's socket as its sync worker opens it, and a wait helper.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ClientToServerEvents, KioskCommandEvent, ServerToClientEvents } from '../../sync/events';
import { areas } from '../db/schema/places';
import { attachRealtime } from '../realtime';
import type { DatabaseFixture } from '../test/databases';
import { bearer, entityFacts, seededApp, testClock, tokenFor } from '../test/harness';

export type KioskClient = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface KioskSocketHarness {
  app: FastifyInstance;
  url: string;
  admin: string;
  acmeId: string;
  /** Acme's areas, Reception first. */
  areaIds: string[];
  kiosks: Record<string, { id: string; token: string }>;
  clock: ReturnType<typeof testClock>;
  call(method: 'GET' | 'PUT' | 'POST', path: string, payload?: object, token?: string): Promise<LightMyRequestResponse>;
  /** A kiosk's socket, joined with its device token; the commands it receives are collected. */
  online(name: string): Promise<{ socket: KioskClient; received: KioskCommandEvent[] }>;
  until(check: () => boolean | Promise<boolean>): Promise<void>;
}

/** Registers its own beforeAll/afterAll; the fields are set once beforeAll has run. */
export function kioskSocketHarness(get: () => DatabaseFixture, names: readonly string[]): KioskSocketHarness {
  const clients: KioskClient[] = [];
  const h = { kiosks: {}, clock: testClock() } as KioskSocketHarness;
  h.call = (method, path, payload, token = h.admin) =>
    h.app.inject({ method, url: `/api/${path}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  h.online = async (name) => {
    const socket: KioskClient = connect(h.url, { transports: ['websocket'], reconnection: false });
    clients.push(socket);
    const received: KioskCommandEvent[] = [];
    socket.on('kioskCommand', (c) => received.push(c));
    expect(await socket.timeout(5000).emitWithAck('join', { token: h.kiosks[name]!.token })).toMatchObject({
      ok: true,
    });
    return { socket, received };
  };
  h.until = async (check) => {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
    expect(await check()).toBe(true);
  };

  beforeAll(async () => {
    h.app = await seededApp(get().database, h.clock);
    await attachRealtime(h.app, { auth: h.app.services.auth, hub: h.app.realtimeHub, pool: get().database.pool });
    h.url = await h.app.listen({ port: 0, host: '127.0.0.1' });
    h.admin = await tokenFor(h.app, 'admin@acme.test');
    h.acmeId = (await entityFacts(get().database, 'acme')).entity.id;
    const rows = await get().database.db.select().from(areas).where(eq(areas.entityId, h.acmeId));
    h.areaIds = [...rows.filter((a) => a.name === 'Reception'), ...rows.filter((a) => a.name !== 'Reception')].map(
      (a) => a.id,
    );
    for (const name of names) {
      const res = await h.call('POST', 'kiosk', { kiosk_name: name, area_id: h.areaIds[0] });
      h.kiosks[name] = { id: res.json().data.kiosk.id, token: res.json().data.access_token };
    }
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await h.app.close();
  });
  return h;
}
