// Kiosk request states (spec 1 §4 "Kiosk requests", spec 2 §7): placed while the kiosk is away,
// pending once sent on its socket, then delivered, running, succeeded or failed; an admin cancels
// one not yet delivered and closes one that is done. The spec's body fields agree with the token.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { kioskCommands } from '../db/schema/kiosk-commands';
import { users } from '../db/schema/people';
import { eachDatabase } from '../test/databases';
import { entityFacts } from '../test/harness';
import { kioskSocketHarness } from './kiosk-socket-harness';

eachDatabase((get) => {
  const { call, online, until, kiosks } = kioskSocketHarness(get, ['Gate A', 'Gate B']);
  let globexId: string;
  beforeAll(async () => {
    globexId = (await entityFacts(get().database, 'globex')).entity.id;
  });
  const statusOf = async (id: string) =>
    (await get().database.db.select().from(kioskCommands).where(eq(kioskCommands.id, id)))[0]!.status;

  it('places a request for a kiosk that is away; canceled, it never reaches the kiosk', async () => {
    const id = kiosks['Gate A']!.id;
    const sent = await call('POST', 'kiosks/restart-app', { kiosk_ids: [id] });
    expect(sent.json().data[0]).toMatchObject({ status: 'placed' });
    const requestId = sent.json().data[0].id;
    const canceled = await call('POST', `kiosks/requests/cancel/${requestId}`);
    expect(canceled.json()).toMatchObject({ message: 'Request Canceled', data: { status: 'canceled' } });
    const again = await call('POST', `kiosks/requests/cancel/${requestId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('kiosk_request_state');
    const { socket, received } = await online('Gate A');
    await call('POST', 'kiosks/open-door', { kiosk_ids: [id] });
    await until(() => received.length > 0);
    expect(received.map((c) => c.command)).toEqual(['open_door']);
    socket.close();
  });

  it('walks pending → delivered → running → succeeded; then it can be closed, not canceled', async () => {
    const id = kiosks['Gate B']!.id;
    const { socket, received } = await online('Gate B');
    const sent = await call('POST', 'kiosks/pull-database', { kiosk_ids: [id] });
    expect(sent.json().data[0]).toMatchObject({ status: 'pending' });
    await until(() => received.length === 1);
    const cmd = received[0]!;
    for (const status of ['delivered', 'running', 'succeeded'] as const) {
      socket.emit('kioskCommandAck', { id: cmd.id, status });
      await until(async () => (await statusOf(cmd.id)) === status);
    }
    expect((await call('POST', `kiosks/requests/cancel/${cmd.id}`)).statusCode).toBe(409);
    expect((await call('POST', `kiosks/requests/close/${cmd.id}`)).json()).toMatchObject({
      data: { status: 'closed' },
    });
    // A late answer never reopens a closed request.
    socket.emit('kioskCommandAck', { id: cmd.id, status: 'failed' });
    await new Promise((r) => setTimeout(r, 100));
    expect(await statusOf(cmd.id)).toBe('closed');
    const listed = (await call('GET', `kiosks/requests/${id}/all`)).json().data;
    expect(listed[0]).toMatchObject({ status: 'closed' });
    socket.close();
  });

  it("carries the spec's payload (kioskName, macAddress, entityId, userName, isSuperAdmin) to the kiosk", async () => {
    const id = kiosks['Gate B']!.id;
    const { socket, received } = await online('Gate B');
    await call('POST', 'kiosks/update-app', { kiosk_ids: [id], version: '3.1.0', kiosk_name: 'Gate B' });
    await until(() => received.some((c) => c.command === 'update_app'));
    const cmd = received.find((c) => c.command === 'update_app')!;
    expect(cmd.payload).toMatchObject({
      kioskName: 'Gate B',
      macAddress: null,
      userName: expect.any(String),
      isSuperAdmin: 0,
      version: '3.1.0',
      kiosk_name: 'Gate B',
    });
    socket.close();
  });

  it('marks the tech-team account isSuperAdmin: 1, and refuses a body that disagrees with the token', async () => {
    const id = kiosks['Gate A']!.id;
    const db = get().database.db;
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@acme.test'));
    const other = await call('POST', 'kiosks/restart-app', { kiosk_ids: [id], entityId: globexId });
    expect(other.statusCode).toBe(403);
    const pretend = await call('POST', 'kiosks/restart-app', { kiosk_ids: [id], isSuperAdmin: 1 });
    expect(pretend.statusCode).toBe(403);
    const someoneElse = await call('POST', 'kiosks/restart-app', { kiosk_ids: [id], userName: 'Somebody Else' });
    expect(someoneElse.statusCode).toBe(403);
    const wrongKiosk = await call('POST', 'kiosks/restart-app', { kiosk_ids: [id], kioskName: 'Gate B' });
    expect(wrongKiosk.statusCode).toBe(400);
    const agreed = await call('POST', 'kiosks/restart-app', {
      kiosk_ids: [id],
      kioskName: 'Gate A',
      userName: admin!.fullName,
      isSuperAdmin: 0,
    });
    expect(agreed.statusCode).toBe(201);

    await db.update(users).set({ platformStaff: true }).where(eq(users.id, admin!.id));
    try {
      const sent = await call('POST', 'kiosks/open-door', { kiosk_ids: [id], isSuperAdmin: 1 });
      expect(sent.statusCode).toBe(201);
      const [row] = await db.select().from(kioskCommands).where(eq(kioskCommands.id, sent.json().data[0].id));
      expect(row!.payload).toMatchObject({ isSuperAdmin: 1 });
    } finally {
      await db.update(users).set({ platformStaff: false }).where(eq(users.id, admin!.id));
    }
  });
});
