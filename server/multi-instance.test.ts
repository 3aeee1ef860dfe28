// Several instances: two servers on one database behind any load balancer. A session
// made on one is valid (and ended) on the other, a limit counts requests on both, and with
// PostgreSQL a sign-in pushed to one instance pokes a socket connected to the other (the 2 s
// target is a speed figure: the test prints how long it took and fails only past 10 s).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, PokeEvent, ServerToClientEvents } from '../sync/events';
import { buildApp } from './app';
import { openDatabase, type DatabaseHandle } from './db/database';
import { areas, entities, users } from './db/schema/index';
import { attachRealtime } from './realtime';
import { eachDatabase } from './test/databases';
import { bearer, seededApp, testClock, tokenFor } from './test/harness';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

eachDatabase((get, kind) => {
  const clock = testClock();
  let a: FastifyInstance;
  let b: FastifyInstance;
  let secondHandle: DatabaseHandle | undefined;
  let urlB: string;
  const sockets: Client[] = [];

  beforeAll(async () => {
    a = await seededApp(get().database, clock);
    // PostgreSQL: the second instance has its own connections, as a second process would.
    // PGlite is one process's database: the second app shares its handle.
    secondHandle = kind === 'postgres' ? await openDatabase({ databaseUrl: get().url! }) : undefined;
    const databaseB = secondHandle ?? get().database;
    b = await buildApp({ database: databaseB, now: clock.now });
    for (const [app, database] of [
      [a, get().database],
      [b, databaseB],
    ] as const)
      await attachRealtime(app, { auth: app.services.auth, hub: app.realtimeHub, pool: database.pool });
    await a.listen({ port: 0, host: '127.0.0.1' });
    urlB = await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await a.close();
    await b.close();
    await secondHandle?.close();
  });

  if (kind === 'postgres')
    it('migrates once when two instances start together on an empty database', async () => {
      const server = new URL(get().url!);
      const name = `${server.pathname.slice(1)}_m`;
      server.pathname = '/postgres';
      const admin = async (text: string) => {
        const client = new pg.Client({ connectionString: server.toString() });
        await client.connect();
        await client.query(text).finally(() => client.end());
      };
      await admin(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(get().url!);
        url.pathname = `/${name}`;
        const both = [
          await openDatabase({ databaseUrl: url.toString() }),
          await openDatabase({ databaseUrl: url.toString() }),
        ];
        await Promise.all(both.map((h) => h.migrate()));
        const tags = await Promise.all(both.map((h) => h.migrationTag()));
        await Promise.all(both.map((h) => h.close()));
        expect(tags[0]).toMatch(/^0000_/);
        expect(tags[1]).toBe(tags[0]);
      } finally {
        await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    });

  it('accepts a session made on one instance on the other, and ends it on both', async () => {
    const token = await tokenFor(a, 'reporter@acme.test');
    expect((await b.inject({ url: '/api/user_details', headers: bearer(token) })).statusCode).toBe(200);
    expect((await b.inject({ url: '/api/logout', headers: bearer(token) })).statusCode).toBeLessThan(300);
    expect((await a.inject({ url: '/api/user_details', headers: bearer(token) })).statusCode).toBe(401);
  });

  if (kind === 'postgres')
    it('pokes a socket on instance B after a sign-in pushed to instance A', async () => {
      const db = get().database.db;
      const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
      const person = (await db.select({ id: users.id }).from(users).where(eq(users.entityId, acme!.id)))[0]!.id;
      const area = (await db.select({ id: areas.id }).from(areas).where(eq(areas.entityId, acme!.id)))[0]!.id;
      const token = await tokenFor(a, 'admin@acme.test');

      const socket: Client = connect(urlB, { transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      await socket.timeout(5_000).emitWithAck('join', { token });
      const poked = new Promise<PokeEvent>((resolve) => socket.once('poke', resolve));
      const at = clock.now();
      const started = performance.now();
      const pushed = await a.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: bearer(token),
        payload: {
          deviceId: uuidv7(),
          mutations: [
            {
              seq: 1,
              mutationId: uuidv7(),
              name: 'visit.signIn',
              clientTime: at,
              clockOffsetMs: 0,
              args: { eventId: uuidv7(), personId: person, areaId: area, at },
            },
          ],
        },
      });
      expect(pushed.json()).toMatchObject({ results: [{ status: 'applied' }] });
      const delivered = await Promise.race([
        poked.then((event) => event.entity_id),
        new Promise<string>((resolve) => setTimeout(() => resolve('no poke within 10 s'), 10_000)),
      ]);
      expect(delivered).toBe(acme!.id);
      console.log(`poke crossed instances ${Math.round(performance.now() - started)} ms after the push was sent`);
    });
});
