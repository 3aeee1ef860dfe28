// socket.io: join with a token puts the socket in its entity room; a bad token is refused.
// With PostgreSQL, an event emitted on one instance reaches a client of another.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { entityRoom, type ClientToServerEvents, type PokeEvent, type ServerToClientEvents } from '../sync/events';
import { buildApp } from './app';
import { attachRealtime } from './realtime';
import { eachDatabase } from './test/databases';
import { entityFacts, seededApp, testClock, tokenFor } from './test/harness';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

async function listen(app: FastifyInstance, pool?: import('pg').Pool): Promise<string> {
  await attachRealtime(app, { auth: app.services.auth, hub: app.realtimeHub, pool });
  return app.listen({ port: 0, host: '127.0.0.1' });
}

eachDatabase((get, kind) => {
  const clock = testClock();
  const clients: Client[] = [];
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    url = await listen(app, get().database.pool);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await app.close();
  });

  const client = (base = url): Client => {
    const socket: Client = connect(base, { transports: ['websocket'], reconnection: false });
    clients.push(socket);
    return socket;
  };

  it('joins the entity room of the token and receives events emitted to that entity', async () => {
    const token = await tokenFor(app, 'admin@acme.test');
    const acme = await entityFacts(get().database, 'acme');
    const socket = client();
    const ack = await socket.timeout(5000).emitWithAck('join', { token });
    expect(ack).toEqual({ ok: true, room: entityRoom(acme.entity.id) });
    const received = new Promise<PokeEvent>((resolve) => socket.once('poke', resolve));
    app.realtime.emitToEntity(acme.entity.id, 'poke', { entity_id: acme.entity.id, tables: ['users'] });
    expect(await received).toEqual({ entity_id: acme.entity.id, tables: ['users'] });
  });

  it("does not deliver another entity's events", async () => {
    const token = await tokenFor(app, 'admin@globex.test');
    const acme = await entityFacts(get().database, 'acme');
    const socket = client();
    await socket.timeout(5000).emitWithAck('join', { token });
    let got = false;
    socket.on('poke', () => {
      got = true;
    });
    app.realtime.emitToEntity(acme.entity.id, 'poke', { entity_id: acme.entity.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(got).toBe(false);
  });

  it('refuses an invalid token and disconnects', async () => {
    const socket = client();
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const ack = await socket.timeout(5000).emitWithAck('join', { token: 'forged' });
    expect(ack).toEqual({ ok: false, code: 'unauthenticated' });
    await disconnected;
  });

  // Only PostgreSQL can carry events between instances; on PGlite this test is not defined at all.
  if (kind === 'postgres')
    it('shares events between instances through PostgreSQL', async () => {
      const other = await buildApp({ database: get().database, now: clock.now });
      const otherUrl = await listen(other, get().database.pool);
      try {
        const token = await tokenFor(app, 'admin@acme.test');
        const acme = await entityFacts(get().database, 'acme');
        const socket = client(otherUrl);
        await socket.timeout(5000).emitWithAck('join', { token });
        const received = new Promise<PokeEvent>((resolve) => socket.once('poke', resolve));
        // Emitted on the first instance, received by a client of the second.
        app.realtime.emitToEntity(acme.entity.id, 'poke', { entity_id: acme.entity.id });
        expect(await received).toEqual({ entity_id: acme.entity.id });
      } finally {
        await other.close();
      }
    });
});
