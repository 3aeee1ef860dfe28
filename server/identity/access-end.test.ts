// revoking someone's dashboard access ends their sessions, sockets and
// outstanding one-time links at once, and refuses their fresh logins; a passport password
// change ends every other session and socket of that person (the one that changed it stays).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { DEMO_PASSWORD } from '../../domain/constants';
import type { ClientToServerEvents, ServerToClientEvents } from '../../sync/events';
import { roles, sites, users } from '../db/schema/index';
import { attachRealtime } from '../realtime';
import { eachDatabase } from '../test/databases';
import { bearer, callerOf, entityFacts, login, seededApp, tokenFor } from '../test/harness';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

eachDatabase((get) => {
  const clients: Client[] = [];
  let app: FastifyInstance;
  let url: string;
  let acme: string;
  let admin: string;
  const call = callerOf(
    () => app,
    () => admin,
  );
  const joined = async (token: string): Promise<Client> => {
    const socket: Client = connect(url, { transports: ['websocket'], reconnection: false });
    clients.push(socket);
    const ack = await socket.timeout(5000).emitWithAck('join', { token });
    expect(ack.ok).toBe(true);
    return socket;
  };
  const dropped = (socket: Client) => new Promise<string>((resolve) => socket.once('disconnect', resolve));
  const idOf = async (email: string) =>
    (
      await get()
        .database.db.select()
        .from(users)
        .where(and(eq(users.entityId, acme), eq(users.email, email)))
    )[0]!.id;
  const history = (token: string) => app.inject({ url: '/api/reports/history', headers: bearer(token) });
  const linkFor = async (token: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/login-one-time/issue', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.token as string;
  };
  const redeem = (token: string) =>
    app.inject({ method: 'POST', url: '/api/login-one-time', payload: { token }, remoteAddress: '10.9.0.1' });

  beforeAll(async () => {
    app = await seededApp(get().database);
    await attachRealtime(app, { auth: app.services.auth, hub: app.realtimeHub, pool: get().database.pool });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    acme = (await entityFacts(get().database, 'acme')).entity.id;
    admin = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await app.close();
  });

  it('revoking dashboard access ends sessions, sockets and links, and refuses a fresh login', async () => {
    const token = await tokenFor(app, 'reporter@acme.test');
    expect((await history(token)).statusCode).toBe(200);
    const link = await linkFor(token);
    const socket = await joined(token);
    const gone = dropped(socket);
    const reporter = await idOf('reporter@acme.test');
    const revoke = await call('PUT', '/api/invite_revoke', { status: 'revoke', user_id: reporter });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await history(token)).statusCode).toBe(401);
    const fresh = await login(app, 'reporter@acme.test');
    expect(fresh.response.statusCode).toBe(403);
    expect(fresh.body).toMatchObject({ code: 'dashboard_access_revoked' });
    expect((await redeem(link)).statusCode).not.toBe(200);
  });

  it('an invitation gives the access back', async () => {
    const reporter = await idOf('reporter@acme.test');
    const db = get().database.db;
    const [row] = await db.select().from(users).where(eq(users.id, reporter));
    const [role] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.entityId, acme), eq(roles.name, 'employee with reporting')));
    const [site] = await db.select().from(sites).where(eq(sites.entityId, acme));
    const invite = await call('PUT', '/api/invite_revoke', {
      status: 'invite',
      user_id: reporter,
      role_id: role!.id,
      site_id: site!.id,
      user_type_id: row!.userTypeId,
    });
    expect(invite.statusCode, invite.body).toBe(200);
    expect((await login(app, 'reporter@acme.test')).response.statusCode).toBe(200);
  });

  it('a passport password change ends every other session and socket, and keeps this one', async () => {
    const here = await tokenFor(app, 'warden@acme.test');
    const elsewhere = await tokenFor(app, 'warden@acme.test');
    const socket = await joined(elsewhere);
    const own = await joined(here);
    const gone = dropped(socket);
    let ownDropped = false;
    own.once('disconnect', () => (ownDropped = true));
    const res = await app.inject({
      method: 'POST',
      url: '/api/passport/change-password',
      headers: bearer(here),
      payload: { current_password: DEMO_PASSWORD, password: 'a-new-warden-pass-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
    const me = (token: string) => app.inject({ url: '/api/passport/account', headers: bearer(token) });
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
    expect(ownDropped).toBe(false);
  });
});
