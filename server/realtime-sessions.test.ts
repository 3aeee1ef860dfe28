// Sockets never outlive their session: logout, archiving, deleting, a role
// change, a kiosk's deregistration and token expiry disconnect the sockets that session opened,
// on every instance, and a reconnect with a token that is no longer valid is refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { TOKEN_TTL_MS } from '../domain/constants';
import type { ClientToServerEvents, JoinAck, PokeEvent, ServerToClientEvents } from '../sync/events';
import { buildApp } from './app';
import { hashToken, newToken } from './auth/tokens';
import { areas, authTokens, roles, sites, users, userTypes } from './db/schema/index';
import { attachRealtime } from './realtime';
import { eachDatabase } from './test/databases';
import { bearer, callerOf, entityFacts, seededApp, testClock, tokenFor } from './test/harness';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

eachDatabase((get, kind) => {
  const clock = testClock();
  const clients: Client[] = [];
  let app: FastifyInstance;
  let url: string;
  let acme: string;
  let admin: string;
  let adminSocket: Client;
  const call = callerOf(
    () => app,
    () => admin,
  );

  async function listen(instance: FastifyInstance): Promise<string> {
    await attachRealtime(instance, {
      auth: instance.services.auth,
      hub: instance.realtimeHub,
      pool: get().database.pool,
    });
    return instance.listen({ port: 0, host: '127.0.0.1' });
  }
  const join = async (token: string, base = url): Promise<{ socket: Client; ack: JoinAck }> => {
    const socket: Client = connect(base, { transports: ['websocket'], reconnection: false });
    clients.push(socket);
    return { socket, ack: await socket.timeout(5000).emitWithAck('join', { token }) };
  };
  const joined = async (token: string, base = url): Promise<Client> => {
    const { socket, ack } = await join(token, base);
    expect(ack.ok).toBe(true);
    return socket;
  };
  /** Resolves with the reason when the server drops the socket. */
  const dropped = (socket: Client) => new Promise<string>((resolve) => socket.once('disconnect', resolve));
  const pokes = (socket: Client): PokeEvent[] => {
    const seen: PokeEvent[] = [];
    // Only this suite's tagged pokes: the writes under test poke the entity too.
    socket.on('poke', (p) => {
      if (p.tables) seen.push(p);
    });
    return seen;
  };
  /** Emits a poke and waits until the live sockets (the admin's, plus `also`) have it: a dropped one had the same chance. */
  async function pokeAll(tag: string, also: Client[] = []): Promise<void> {
    const arrived = [adminSocket, ...also].map(
      (live) =>
        new Promise<void>((resolve) => {
          const on = (p: PokeEvent) => {
            if (p.tables?.[0] === tag) {
              live.off('poke', on);
              resolve();
            }
          };
          live.on('poke', on);
        }),
    );
    app.realtime.emitToEntity(acme, 'poke', { entity_id: acme, tables: [tag] });
    await Promise.all(arrived);
  }
  const idOf = async (email: string) =>
    (
      await get()
        .database.db.select()
        .from(users)
        .where(and(eq(users.entityId, acme), eq(users.email, email)))
    )[0]!.id;
  const roleId = async (name: string) =>
    (
      await get()
        .database.db.select()
        .from(roles)
        .where(and(eq(roles.entityId, acme), eq(roles.name, name)))
    )[0]!.id;

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    url = await listen(app);
    acme = (await entityFacts(get().database, 'acme')).entity.id;
    admin = await tokenFor(app, 'admin@acme.test');
    adminSocket = await joined(admin);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await app.close();
  });

  it("logout drops that session's sockets only, and the old token cannot join again", async () => {
    const first = await tokenFor(app, 'employee@acme.test');
    const second = await tokenFor(app, 'employee@acme.test');
    const ended = await joined(first);
    const other = await joined(second);
    const endedPokes = pokes(ended);
    const otherPokes = pokes(other);
    const gone = dropped(ended);
    expect((await app.inject({ url: '/api/logout', headers: bearer(first) })).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await pokeAll('after-logout', [other]);
    expect(endedPokes).toEqual([]);
    expect(otherPokes.map((p) => p.tables)).toEqual([['after-logout']]);
    expect((await join(first)).ack).toEqual({ ok: false, code: 'unauthenticated' });
  });

  it('archiving a user drops their sockets; their token cannot join again', async () => {
    const token = await tokenFor(app, 'reporter@acme.test');
    const socket = await joined(token);
    const seen = pokes(socket);
    const gone = dropped(socket);
    expect(
      (await call('PUT', '/api/users_active', { user_ids: [await idOf('reporter@acme.test')], active: 0 })).statusCode,
    ).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await pokeAll('after-archive');
    expect(seen).toEqual([]);
    expect((await join(token)).ack).toEqual({ ok: false, code: 'unauthenticated' });
  });

  it('deleting a user drops their sockets', async () => {
    const staffType = (
      await get()
        .database.db.select()
        .from(userTypes)
        .where(and(eq(userTypes.entityId, acme), eq(userTypes.name, 'Staff')))
    )[0]!.id;
    const created = (
      await call('POST', '/api/users', {
        full_name: 'Dora Deleted',
        email: 'dora@acme.test',
        phone: '7700900123',
        user_type_id: staffType,
      })
    ).json().data;
    // A session for the new person, as a login would have made it.
    const token = newToken();
    await get()
      .database.db.insert(authTokens)
      .values({
        tokenHash: hashToken(token),
        entityId: acme,
        userId: created.id,
        expiresAt: new Date(clock.now() + TOKEN_TTL_MS),
        createdAt: new Date(clock.now()),
      });
    const socket = await joined(token);
    const gone = dropped(socket);
    expect((await call('DELETE', `/api/users/${created.id}`)).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await join(token)).ack).toEqual({ ok: false, code: 'unauthenticated' });
  });

  it('a role change drops the socket (it joins again under the new role); an edit that keeps the role does not', async () => {
    const token = await tokenFor(app, 'warden@acme.test');
    const socket = await joined(token);
    const seen = pokes(socket);
    const db = get().database.db;
    const site = (await db.select().from(sites).where(eq(sites.entityId, acme)))[0]!.id;
    const staffType = (
      await db
        .select()
        .from(userTypes)
        .where(and(eq(userTypes.entityId, acme), eq(userTypes.name, 'Staff')))
    )[0]!.id;
    const invite = async (role: string) =>
      call('PUT', '/api/invite_revoke', {
        status: 'invite',
        user_id: await idOf('warden@acme.test'),
        role_id: await roleId(role),
        site_id: site,
        user_type_id: staffType,
      });

    expect((await invite('fire warden')).statusCode).toBe(200);
    await pokeAll('same-role', [socket]);
    expect(socket.connected).toBe(true);
    expect(seen.map((p) => p.tables)).toEqual([['same-role']]);

    const gone = dropped(socket);
    expect((await invite('employee')).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await pokeAll('after-role-change');
    expect(seen.map((p) => p.tables)).toEqual([['same-role']]);
    // The session itself is still valid: the same token joins again, now as an employee.
    expect((await join(token)).ack.ok).toBe(true);
  });

  it('deregistering a kiosk drops its socket; its device token cannot join again', async () => {
    const area = (
      await get()
        .database.db.select()
        .from(areas)
        .where(and(eq(areas.entityId, acme), eq(areas.name, 'Reception')))
    )[0]!.id;
    const kiosk = (await call('POST', '/api/kiosk', { kiosk_name: 'Lobby sessions', area_id: area })).json().data;
    const socket = await joined(kiosk.access_token);
    const gone = dropped(socket);
    expect((await call('DELETE', `/api/deregister-kiosk/${kiosk.kiosk.id}`)).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await join(kiosk.access_token)).ack).toEqual({ ok: false, code: 'unauthenticated' });
  });

  // Only PostgreSQL carries socket commands between instances; on PGlite there is one instance.
  if (kind === 'postgres')
    it('a logout or archive on one instance drops the sockets held by another', async () => {
      const other = await buildApp({ database: get().database, now: clock.now });
      const otherUrl = await listen(other);
      try {
        const session = await tokenFor(app, 'system@acme.test');
        const loggedOut = await joined(session, otherUrl);
        const gone = dropped(loggedOut);
        expect((await app.inject({ url: '/api/logout', headers: bearer(session) })).statusCode).toBe(200);
        expect(await gone).toBe('io server disconnect');

        const employee = await tokenFor(app, 'employee@acme.test');
        const archived = await joined(employee, otherUrl);
        const archivedGone = dropped(archived);
        expect(
          (await call('PUT', '/api/users_active', { user_ids: [await idOf('employee@acme.test')], active: 0 }))
            .statusCode,
        ).toBe(200);
        expect(await archivedGone).toBe('io server disconnect');
        expect((await join(employee, otherUrl)).ack).toEqual({ ok: false, code: 'unauthenticated' });
      } finally {
        await other.close();
      }
    });

  // Last: moving the clock past the token lifetime ends every session of this suite.
  it('an expired session is dropped by the sweep and cannot join again', async () => {
    const token = await tokenFor(app, 'admin@acme.test');
    const socket = await joined(token);
    const gone = dropped(socket);
    clock.advance(TOKEN_TTL_MS + 1);
    expect(await app.realtimeHub.sweep()).toBeGreaterThanOrEqual(1);
    expect(await gone).toBe('io server disconnect');
    expect((await join(token)).ack).toEqual({ ok: false, code: 'unauthenticated' });
  });
});
