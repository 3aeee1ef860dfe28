// The rest of spec 2 §7 "Kiosks" over a real socket: update (with key), push restart, face
// library, remote support notices, and the requests lists and room data the dashboard reads.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { kioskCommands } from '../db/schema/kiosk-commands';
import { users } from '../db/schema/people';
import { eachDatabase } from '../test/databases';
import { entityFacts, tokenFor } from '../test/harness';
import { kioskSocketHarness } from './kiosk-socket-harness';

type Item = {
  id: string;
  command: string;
  status: string;
  payload: Record<string, unknown>;
  kiosk_name: string;
  requested_by: { id: string; full_name: string };
};

eachDatabase((get) => {
  const h = kioskSocketHarness(get, ['Front desk', 'Back desk']);
  const { call, online, until, kiosks, clock } = h;
  let adminId: string;

  beforeAll(async () => {
    adminId = (await get().database.db.select().from(users).where(eq(users.email, 'admin@acme.test')))[0]!.id;
  });

  const requestsOf = async (name: string, user = 'all') =>
    (await call('GET', `kiosks/requests/${kiosks[name]!.id}/${user}`)).json().data as Item[];

  it('sends update-app with its key to the kiosk and lists the request, key hidden, until it succeeds', async () => {
    const { socket, received } = await online('Front desk');
    const res = await call('POST', 'kiosks/update-app', {
      kiosk_ids: [kiosks['Front desk']!.id],
      key: 'rollout-7',
      version: '2.0.0',
    });
    expect(res.statusCode).toBe(201);
    await until(() => received.some((c) => c.command === 'update_app'));
    const cmd = received.find((c) => c.command === 'update_app')!;
    expect(cmd.payload).toMatchObject({ key: 'rollout-7', version: '2.0.0', kioskName: 'Front desk', isSuperAdmin: 0 });
    const [listed] = await requestsOf('Front desk');
    expect(listed).toMatchObject({
      id: cmd.id,
      command: 'update_app',
      kiosk_name: 'Front desk',
      payload: { key: true, version: '2.0.0' },
      requested_by: { id: adminId },
    });
    expect(JSON.stringify(await requestsOf('Front desk'))).not.toContain('rollout-7');
    socket.emit('kioskCommandAck', { id: cmd.id, status: 'succeeded' });
    await until(async () => (await requestsOf('Front desk'))[0]!.status === 'succeeded');
    socket.close();
  });

  it('sends push restart, face library and remote support, newest first; a screen share is answered as unsupported', async () => {
    const id = kiosks['Back desk']!.id;
    const { socket, received } = await online('Back desk');
    for (const path of [
      'push-restart',
      'refresh-face-library',
      'notify-remote-screen-share-start',
      'notify-remote-screen-share-end',
    ]) {
      clock.advance(1000);
      expect((await call('POST', `kiosks/${path}`, { kiosk_ids: [id] })).statusCode, path).toBe(201);
    }
    clock.advance(1000);
    const show = await call('POST', 'kiosks/remote-show-screen', { kiosk_ids: [id] });
    expect(show.json()).toMatchObject({
      screen_sharing: 'unsupported',
      data: [{ command: 'remote_show_screen', status: 'pending' }],
    });
    await until(() => received.length === 5);
    // Each payload also carries the spec's request fields (kioskName, userName, …).
    expect(received.map((c) => [c.command, c.payload])).toMatchObject([
      ['push_restart', {}],
      ['refresh_face_library', {}],
      ['remote_support', { state: 'start' }],
      ['remote_support', { state: 'end' }],
      ['remote_show_screen', {}],
    ]);
    expect((await requestsOf('Back desk')).map((r) => r.command)).toEqual([
      'remote_show_screen',
      'remote_support',
      'remote_support',
      'refresh_face_library',
      'push_restart',
    ]);
    socket.close();
  });

  it('filters the lists by sender and lists the whole company by entity', async () => {
    expect((await requestsOf('Front desk', adminId)).length).toBeGreaterThan(0);
    const reporterId = (await get().database.db.select().from(users).where(eq(users.email, 'reporter@acme.test')))[0]!
      .id;
    expect(await requestsOf('Front desk', reporterId)).toEqual([]);
    const all = (await call('GET', `kiosks/requests/entity/${h.acmeId}/all`)).json().data as Item[];
    expect(new Set(all.map((r) => r.kiosk_name))).toEqual(new Set(['Front desk', 'Back desk']));
  });

  it('reports room data: connected while the socket is joined, and the commands still waiting', async () => {
    const id = kiosks['Front desk']!.id;
    expect((await call('GET', `kiosks/room-data/${id}`)).json().data).toMatchObject({ connected: false, sockets: 0 });
    await call('POST', 'kiosks/refresh-face-library', { kiosk_ids: [id] });
    expect((await call('GET', `kiosks/room-data/${id}`)).json().data.pending_commands).toMatchObject([
      { command: 'refresh_face_library' },
    ]);
    const { socket, received } = await online('Front desk');
    expect((await call('GET', `kiosks/room-data/${id}`)).json().data).toMatchObject({ connected: true, sockets: 1 });
    await until(() => received.length === 1);
    socket.emit('kioskCommandAck', { id: received[0]!.id, status: 'delivered' });
    await until(async () => (await call('GET', `kiosks/room-data/${id}`)).json().data.pending_commands.length === 0);
    socket.close();
  });

  it('answers bad input with catalogue errors, refuses without the permission and 404s another company, writing nothing', async () => {
    const id = kiosks['Front desk']!.id;
    const before = (await get().database.db.select().from(kioskCommands)).length;
    const long = await call('POST', 'kiosks/update-app', { kiosk_ids: [id], key: 'k'.repeat(129) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'validation_failed', errors: { key: [expect.any(String)] } });
    expect((await call('POST', 'kiosks/push-restart', { kiosk_ids: [] })).json()).toMatchObject({
      code: 'validation_failed',
      errors: { kiosk_ids: [expect.any(String)] },
    });
    expect((await call('GET', `kiosks/requests/${id}/someone`)).json()).toMatchObject({ code: 'validation_failed' });
    const employee = await tokenFor(h.app, 'employee@acme.test');
    expect((await call('POST', 'kiosks/update-app', { kiosk_ids: [id] }, employee)).statusCode).toBe(403);
    expect((await call('GET', `kiosks/requests/${id}/all`, undefined, employee)).statusCode).toBe(403);
    const globex = await entityFacts(get().database, 'globex');
    const globexAdmin = await tokenFor(h.app, 'admin@globex.test');
    const globexUser = (await get().database.db.select().from(users).where(eq(users.entityId, globex.entity.id)))[0]!
      .id;
    for (const [method, path, body, token] of [
      ['POST', 'kiosks/update-app', { kiosk_ids: [id], key: 'x' }, globexAdmin],
      ['POST', 'kiosks/push-restart', { kiosk_ids: [id] }, globexAdmin],
      ['POST', 'kiosks/remote-show-screen', { kiosk_ids: [id] }, globexAdmin],
      ['GET', `kiosks/room-data/${id}`, undefined, globexAdmin],
      ['GET', `kiosks/requests/${id}/all`, undefined, globexAdmin],
      ['GET', `kiosks/requests/entity/${h.acmeId}/all`, undefined, globexAdmin],
      ['GET', `kiosks/requests/${id}/${globexUser}`, undefined, h.admin],
      ['GET', `kiosks/requests/entity/${globex.entity.id}/all`, undefined, h.admin],
    ] as const)
      expect((await call(method, path, body, token)).statusCode, path).toBe(404);
    expect(await get().database.db.select().from(kioskCommands)).toHaveLength(before);
  });
});
