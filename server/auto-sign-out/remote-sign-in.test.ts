// Remote sign in/out from a phone: inside the site's circle it signs in and out
// through the event log; outside it is refused with the distance; positions expire with the
// company's scans retention.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { remotePositions, users } from '../db/schema/index';
import { acmeFacts, eventsOf, setArea } from '../test/auto-sign-out-fixture';

eachDatabase((get) => {
  const clock = testClock(Date.UTC(2026, 0, 15, 9));
  let app: FastifyInstance;
  let token: string;
  let f: Awaited<ReturnType<typeof acmeFacts>>;
  let personId: string;
  const db = () => get().database.db;
  // Head Office is seeded at 51.5072, -0.1276 with a 200 m radius.
  const inside = { lat: 51.5078, long: -0.1276, accuracy: 12 };
  const outside = { lat: 51.5172, long: -0.1276, accuracy: 30 };
  const post = (payload: object, headers = bearer(token)) =>
    app.inject({
      method: 'POST',
      url: '/api/remote-sign-in',
      headers: { ...headers, 'accept-language': 'en' },
      payload,
    });

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    f = await acmeFacts(db());
    await setArea(db(), f.entityId, f.areaNamed('Reception').id, { loginMode: 'remote sign in/out' });
    token = await tokenFor(app, 'employee@acme.test');
    const [me] = await db().select().from(users).where(eq(users.email, 'employee@acme.test'));
    personId = me!.id;
  });
  afterAll(async () => app.close());

  it('lists only remote areas with their site circle, and the person is not signed in yet', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/remote-sign-in', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { areas: Array<{ id: string; name: string; geofence: unknown }>; current: unknown };
    expect(body.areas.map((a) => a.name)).toEqual(['Reception']);
    expect(body.areas[0]!.geofence).toEqual({ lat: 51.5072, long: -0.1276, radius: 200 });
    expect(body.current).toBeNull();
  });

  it('refuses a phone 1.1 km away with how far outside the circle it is, and records nothing', async () => {
    const res = await post({ area_id: f.areaNamed('Reception').id, action: 'in', ...outside });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; message: string };
    expect(body.code).toBe('outside_geofence');
    expect(body.message).toMatch(/91\d m outside/); // 1.11 km from the centre, 200 m radius
    expect(await eventsOf(db(), f.entityId, personId)).toEqual([]);
  });

  it('signs in and out inside the circle, through the event log, keeping the position apart', async () => {
    const area = f.areaNamed('Reception').id;
    const signedIn = await post({ area_id: area, action: 'in', ...inside });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ current: { area_id: area } });
    expect((await post({ area_id: area, action: 'in', ...inside })).statusCode).toBe(200); // a double tap
    clock.advance(3_600_000);
    const out = await post({ area_id: area, action: 'out', ...inside });
    expect(out.json()).toMatchObject({ current: null });
    const list = await eventsOf(db(), f.entityId, personId);
    expect(list.map((e) => [e.kind, e.areaId, e.details])).toEqual([
      ['in', area, { remote: true }],
      ['out', area, { remote: true }],
    ]);
    const positions = await db()
      .select()
      .from(remotePositions)
      .where(and(eq(remotePositions.entityId, f.entityId), eq(remotePositions.personId, personId)));
    expect(positions.map((p) => [p.kind, p.accuracy])).toEqual([
      ['in', 12],
      ['out', 12],
    ]);
  });

  it('refuses areas that are not remote, and answers 404 for another company’s area', async () => {
    const plain = await post({ area_id: f.areaNamed('Stores').id, action: 'in', ...inside });
    expect(plain.statusCode).toBe(400);
    expect((plain.json() as { code: string }).code).toBe('remote_sign_in_unavailable');
    const globex = await acmeFacts(db(), 'globex');
    const foreign = await post({ area_id: globex.areaNamed('Gatehouse').id, action: 'in', ...inside });
    expect(foreign.statusCode).toBe(404);
    expect((await post({ area_id: 'nope', action: 'in', ...inside })).statusCode).toBe(400);
  });

  it('forgets positions once they are older than the scans retention (90 days by default)', async () => {
    clock.advance(91 * 86_400_000);
    await app.services.autoSignOut.run();
    const left = await db().select().from(remotePositions).where(eq(remotePositions.entityId, f.entityId));
    expect(left).toEqual([]);
  });
});
