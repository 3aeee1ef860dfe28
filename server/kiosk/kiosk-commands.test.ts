// Kiosk management over a real socket: presence, moves and settings that follow the kiosk,
// commands that reach a connected kiosk at once and an offline one when it joins again.
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, expect, it } from 'vitest';
import { kioskCommands } from '../db/schema/kiosk-commands';
import { areas } from '../db/schema/places';
import { eachDatabase } from '../test/databases';
import { bearer, entityFacts, tokenFor } from '../test/harness';
import { kioskSocketHarness } from './kiosk-socket-harness';

eachDatabase((get) => {
  const h = kioskSocketHarness(get, ['Lobby east', 'Lobby west']);
  const { call, online, until, kiosks, clock } = h;
  let acmeId: string;
  let reception: string;
  let otherArea: string;

  beforeAll(() => {
    ({ acmeId } = h);
    [reception, otherArea] = h.areaIds as [string, string];
  });

  const stateOf = async (name: string) =>
    (
      (await call('GET', `kiosk/${acmeId}`)).json().data as Array<{
        id: string;
        state: string;
        last_seen_at: number | null;
      }>
    ).find((k) => k.id === kiosks[name]!.id)!;

  it('lists a kiosk online while its socket is joined, and offline with a last-seen time after it leaves', async () => {
    expect((await stateOf('Lobby east')).state).toBe('offline');
    const { socket } = await online('Lobby east');
    expect((await stateOf('Lobby east')).state).toBe('online');
    clock.advance(60 * 60_000);
    socket.close();
    await until(async () => (await stateOf('Lobby east')).state === 'offline');
    await until(async () => (await stateOf('Lobby east')).last_seen_at === clock.now());
  });

  it('sends restart to a connected kiosk at once and records its acknowledgement', async () => {
    const { socket, received } = await online('Lobby west');
    const res = await call('POST', 'kiosks/restart-app', { kiosk_ids: [kiosks['Lobby west']!.id] });
    expect(res.statusCode).toBe(201);
    await until(() => received.some((c) => c.command === 'restart_app'));
    const cmd = received.find((c) => c.command === 'restart_app')!;
    socket.emit('kioskCommandAck', { id: cmd.id, status: 'succeeded' });
    await until(
      async () =>
        (await get().database.db.select().from(kioskCommands).where(eq(kioskCommands.id, cmd.id)))[0]?.status ===
        'succeeded',
    );
    socket.close();
  });

  it('keeps commands for an offline kiosk and delivers them in order when it connects', async () => {
    const id = kiosks['Lobby east']!.id;
    expect((await call('POST', 'kiosks/pull-database', { kiosk_ids: [id] })).statusCode).toBe(201);
    expect((await call('POST', 'kiosks/open-door', { kiosk_ids: [id] })).statusCode).toBe(201);
    expect((await call('POST', 'kiosks/kiosk-logging', { kiosk_ids: [id], enabled: true })).statusCode).toBe(201);
    const pending = (await call('GET', `get_kiosk_with_setting/${id}`)).json().data.pending_commands as Array<{
      command: string;
    }>;
    expect(pending.map((c) => c.command)).toEqual(['pull_database', 'open_door', 'logging']);
    const { socket, received } = await online('Lobby east');
    await until(() => received.length >= 3);
    expect(received.map((c) => c.command)).toEqual(['pull_database', 'open_door', 'logging']);
    expect(received[2]!.payload).toMatchObject({ enabled: true, entityId: expect.any(String) });
    for (const c of received) socket.emit('kioskCommandAck', { id: c.id, status: 'delivered' });
    await until(
      async () => (await call('GET', `get_kiosk_with_setting/${id}`)).json().data.pending_commands.length === 0,
    );
    socket.close();
  });

  it('moves a kiosk: the kiosk is told its new area and its own token now reads it', async () => {
    const { id, token } = kiosks['Lobby west']!;
    const { socket, received } = await online('Lobby west');
    const res = await call('PUT', `kiosk_move/${id}`, { area_id: otherArea });
    expect(res.json()).toMatchObject({ message: 'Kiosk Moved' });
    await until(() => received.some((c) => c.command === 'settings'));
    expect(received.find((c) => c.command === 'settings')!.payload).toMatchObject({
      area_id: otherArea,
      kiosk_name: 'Lobby west',
    });
    const own = await call('GET', `get_kiosk_with_setting/${id}`, undefined, token);
    expect(own.json().data).toMatchObject({ area_id: otherArea });
    const both = await call('PUT', 'kiosks_move', {
      kiosk_ids: Object.values(kiosks).map((k) => k.id),
      area_id: reception,
    });
    expect(both.json()).toMatchObject({ message: 'Kiosks Moved' });
    expect((await call('GET', `kiosks/${kiosks['Lobby east']!.id}`)).json().data.area_id).toBe(reception);
    socket.close();
  });

  it('updates settings one by one and together, with the spec toast', async () => {
    const { id } = kiosks['Lobby east']!;
    expect(
      (await call('PUT', `kiosk_setting/${id}`, { kiosk_name: 'Lobby north', serial_number: 'SN-1' })).json(),
    ).toMatchObject({ message: 'Kiosk Settings Updated' });
    expect(
      (
        await call('PUT', 'kiosks_setting', { kiosk_ids: Object.values(kiosks).map((k) => k.id), macAddress: 'aa:bb' })
      ).json(),
    ).toMatchObject({ message: 'Kiosk Settings Updated' });
    expect((await call('GET', `get_kiosk_with_setting/${id}`)).json().data).toMatchObject({
      kiosk_name: 'Lobby north',
      serial_number: 'SN-1',
      macAddress: 'aa:bb',
    });
    const bad = await call('PUT', `kiosk_setting/${id}`, { kiosk_name: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', errors: { kiosk_name: [expect.any(String)] } });
  });

  it('reports the build versions kiosks announce when they start', async () => {
    const { token } = kiosks['Lobby west']!;
    const push = await h.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(token),
      payload: {
        deviceId: uuidv7(),
        mutations: [
          {
            seq: 1,
            mutationId: uuidv7(),
            name: 'kiosk.log',
            args: { logId: uuidv7(), kind: 'action', code: 'app_started', data: { version: '9.9.9' }, at: Date.now() },
            clientTime: Date.now(),
            clockOffsetMs: 0,
          },
        ],
      },
    });
    expect(push.json().results[0]).toMatchObject({ status: 'applied' });
    expect((await call('GET', 'kiosks/app-versions')).json().data).toContainEqual({ version: '9.9.9', kiosks: 1 });
  });

  it("refuses without the permission and answers 404 for another company's kiosk or area, writing nothing", async () => {
    const employee = await tokenFor(h.app, 'employee@acme.test');
    const { id } = kiosks['Lobby west']!;
    expect((await call('POST', 'kiosks/restart-app', { kiosk_ids: [id] }, employee)).statusCode).toBe(403);
    expect((await call('PUT', `kiosk_move/${id}`, { area_id: otherArea }, employee)).statusCode).toBe(403);
    const globex = await tokenFor(h.app, 'admin@globex.test');
    const before = (await get().database.db.select().from(kioskCommands)).length;
    for (const [method, path, body] of [
      ['POST', 'kiosks/restart-app', { kiosk_ids: [id] }],
      ['POST', 'kiosks/pull-database', { kiosk_ids: [id] }],
      ['PUT', `kiosk_move/${id}`, { area_id: otherArea }],
      ['PUT', 'kiosks_move', { kiosk_ids: [id], area_id: otherArea }],
      ['PUT', `kiosk_setting/${id}`, { kiosk_name: 'Stolen' }],
      ['GET', `get_kiosk_with_setting/${id}`, undefined],
    ] as const)
      expect((await call(method, path, body, globex)).statusCode, path).toBe(404);
    const globexId = (await entityFacts(get().database, 'globex')).entity.id;
    const globexArea = (await get().database.db.select().from(areas).where(eq(areas.entityId, globexId)))[0]!.id;
    expect((await call('PUT', `kiosk_move/${id}`, { area_id: globexArea })).statusCode).toBe(404);
    expect(await get().database.db.select().from(kioskCommands)).toHaveLength(before);
    expect((await call('GET', `kiosks/${id}`)).json().data.area_id).toBe(reception);
  });
});
