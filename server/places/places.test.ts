// Sites and areas over the API: CRUD with good and bad input, the fire-alarm rule,
// in-use and access refusals, another company's ids, and devices seeing every write by pull.
import { webcrypto } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAreaQr } from '../../domain/area-token';
import { visits } from '../db/schema/visits';
import { userSiteAccess } from '../db/schema/emergency';
import { kiosks } from '../db/schema/kiosk';
import { users } from '../db/schema/people';
import { signingKeys } from '../db/schema/preregistration';
import { eachDatabase } from '../test/databases';
import { bearer, entityFacts, seededApp, tokenFor } from '../test/harness';

const site = {
  name: 'Car Park Gate',
  location_name: 'Leeds',
  lat: 53.8,
  long: -1.55,
  radius: 150,
  zoom: 16,
  time_zone: 'Europe/London',
};
const area = { name: 'Barrier', geofencing: true, auto_sign_out_mode: 'at midnight', login_mode: 'check in only' };
const fire = {
  active_io_port: 2,
  passive_io_port: null,
  high_voltage_threshold: 12,
  action_on_fire: 'open door',
  trigger_on: 'high',
};

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let reporter: string;
  let globex: string;
  let adminId: string;
  const call = (method: string, url: string, token = admin, payload?: unknown) =>
    app.inject({ method: method as 'GET', url: `/api/${url}`, headers: bearer(token), payload: payload as object });

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    reporter = await tokenFor(app, 'reporter@acme.test');
    globex = await tokenFor(app, 'admin@globex.test');
    adminId = (await get().database.db.select().from(users).where(eq(users.email, 'admin@acme.test')))[0]!.id;
  });
  afterAll(() => app.close());

  const pulled = async (token = admin) => {
    const res = await call('GET', `sync/pull?deviceId=${uuidv7()}&cursor=0&limit=5000`, token);
    return res.json().changes as Array<{ table: string; id: string; op: string; data: Record<string, unknown> }>;
  };

  it('creates a site with an area, lists it with its areas, and devices receive both', async () => {
    const created = await call('POST', 'sites', admin, site);
    expect(created.statusCode).toBe(201);
    const s = created.json().data;
    expect(s).toMatchObject(site);
    const a = await call('POST', `sites/${s.id}/areas`, admin, {
      ...area,
      local_sync_ip: '10.0.0.7',
      local_sync_port: 8080,
      fire_alarm: fire,
    });
    expect(a.statusCode).toBe(201);
    expect(a.json().data).toMatchObject({ ...area, site_id: s.id, fire_alarm: fire, local_sync_port: 8080 });
    const listed = (await call('GET', 'sites')).json().data as Array<{ id: string; areas: unknown[] }>;
    expect(listed.find((x) => x.id === s.id)?.areas).toHaveLength(1);
    const changes = await pulled();
    expect(changes.find((c) => c.id === s.id)?.data).toMatchObject({ name: site.name, timeZone: 'Europe/London' });
    expect(changes.find((c) => c.id === a.json().data.id)?.data).toMatchObject({
      loginMode: 'check in only',
      geofencing: true,
    });
  });

  it('refuses bad input field by field: no name, a latitude of 100, an unknown time zone, a bad mode', async () => {
    const res = await call('POST', 'sites', admin, { ...site, name: ' ', lat: 100, time_zone: 'Mars/Olympus' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['lat', 'name', 'time_zone']);
    const s = (await call('GET', 'sites')).json().data[0];
    const bad = await call('POST', `sites/${s.id}/areas`, admin, { name: 'X1', login_mode: 'teleport' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('login_mode');
  });

  it('refuses a fire alarm without the local sync IP, port and an IO port', async () => {
    const s = (await call('POST', 'sites', admin, { ...site, name: 'Fire Test' })).json().data;
    const noIp = await call('POST', `sites/${s.id}/areas`, admin, { name: 'Boiler', fire_alarm: fire });
    expect(noIp.statusCode).toBe(400);
    expect(noIp.json().errors.fire_alarm[0]).toMatch(/local sync IP/);
    const noPort = await call('POST', `sites/${s.id}/areas`, admin, {
      name: 'Boiler',
      local_sync_ip: '10.0.0.8',
      local_sync_port: 9000,
      fire_alarm: { ...fire, active_io_port: null },
    });
    expect(noPort.statusCode).toBe(400);
  });

  it('updates a site and an area, and refuses a parent from another site or a loop', async () => {
    const s = (await call('POST', 'sites', admin, { ...site, name: 'Depot' })).json().data;
    const other = (await call('POST', 'sites', admin, { ...site, name: 'Depot 2' })).json().data;
    const up = await call('PUT', `sites/${s.id}`, admin, { ...site, name: 'Depot North', radius: 400 });
    expect(up.json().data).toMatchObject({ name: 'Depot North', radius: 400 });
    const hall = (await call('POST', `sites/${s.id}/areas`, admin, { name: 'Hall' })).json().data;
    const desk = (await call('POST', `sites/${s.id}/areas`, admin, { name: 'Desk', parent_area_id: hall.id })).json()
      .data;
    const far = (await call('POST', `sites/${other.id}/areas`, admin, { name: 'Far' })).json().data;
    expect((await call('PUT', `areas/${hall.id}`, admin, { name: 'Hall', parent_area_id: desk.id })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', `areas/${desk.id}`, admin, { name: 'Desk', parent_area_id: far.id })).statusCode).toBe(
      400,
    );
    const renamed = await call('PUT', `areas/${desk.id}`, admin, { name: 'Front Desk', parent_area_id: hall.id });
    expect(renamed.json().data).toMatchObject({ name: 'Front Desk', parent_area_id: hall.id });
    const parent = await call('DELETE', `areas/${hall.id}`);
    expect(parent.statusCode).toBe(409);
    expect(parent.json().message).toContain('Front Desk');
  });

  describe('removal', () => {
    it('refuses while visits are signed in, kiosks registered or journeys name it, saying which; then removes', async () => {
      const { entity } = await entityFacts(get().database, 'acme');
      const db = get().database.db;
      const s = (await call('POST', 'sites', admin, { ...site, name: 'Annex' })).json().data;
      const a = (await call('POST', `sites/${s.id}/areas`, admin, { name: 'Annex Lobby', geofencing: true })).json()
        .data;
      const visitId = uuidv7();
      await db
        .insert(visits)
        .values({ entityId: entity.id, id: visitId, personId: adminId, timeIn: 1, areaId: a.id, status: 'signed_in' });
      const kioskId = uuidv7();
      await db.insert(kiosks).values({
        entityId: entity.id,
        id: kioskId,
        kioskName: 'Annex Kiosk',
        areaId: a.id,
        registeredBy: adminId,
        createdAt: new Date(),
      });

      const refused = await call('DELETE', `sites/${s.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('site_in_use');
      expect(refused.json().message).toContain('Annex Kiosk');
      const area409 = await call('DELETE', `areas/${a.id}`);
      expect(area409.json().code).toBe('area_in_use');
      // The geofence option stays while someone is signed in by it.
      const off = await call('PUT', `areas/${a.id}`, admin, { name: 'Annex Lobby', geofencing: false });
      expect(off.statusCode).toBe(409);

      await db.update(visits).set({ timeOut: 2 }).where(eq(visits.id, visitId));
      await db.update(kiosks).set({ deregisteredAt: new Date() }).where(eq(kiosks.id, kioskId));
      expect((await call('DELETE', `sites/${s.id}`)).statusCode).toBe(200);
      expect((await call('GET', `sites/${s.id}`)).statusCode).toBe(404);
      const changes = await pulled();
      expect(changes.find((c) => c.id === s.id)?.op).toBe('del');
      expect(changes.find((c) => c.id === a.id)?.op).toBe('del');
    });

    it('refuses an admin of other sites with the reason, and lists only their sites', async () => {
      const { entity } = await entityFacts(get().database, 'acme');
      const mine = (await call('POST', 'sites', admin, { ...site, name: 'Mine' })).json().data;
      const theirs = (await call('POST', 'sites', admin, { ...site, name: 'Theirs' })).json().data;
      await get().database.db.insert(userSiteAccess).values({ entityId: entity.id, userId: adminId, siteId: mine.id });
      const refused = await call('DELETE', `sites/${theirs.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'site_no_access' });
      expect(refused.json().message).toContain('Theirs');
      const names = ((await call('GET', 'sites')).json().data as Array<{ name: string }>).map((x) => x.name);
      expect(names).toContain('Mine');
      expect(names).not.toContain('Theirs');
      // A site they create stays theirs.
      const made = (await call('POST', 'sites', admin, { ...site, name: 'New One' })).json().data;
      expect((await call('GET', `sites/${made.id}`)).statusCode).toBe(200);
      await get().database.db.delete(userSiteAccess).where(eq(userSiteAccess.userId, adminId));
    });
  });

  it('answers another company 404 and a reporter without sites_devices 403', async () => {
    const s = (await call('GET', 'sites')).json().data[0];
    const a = s.areas[0] ?? (await call('POST', `sites/${s.id}/areas`, admin, { name: 'Any' })).json().data;
    for (const [m, url] of [
      ['GET', `sites/${s.id}`],
      ['PUT', `sites/${s.id}`],
      ['DELETE', `sites/${s.id}`],
      ['POST', `sites/${s.id}/areas`],
      ['GET', `areas/${a.id}`],
      ['PUT', `areas/${a.id}`],
      ['DELETE', `areas/${a.id}`],
      ['GET', `areas/${a.id}/qr`],
    ] as const)
      expect((await call(m, url, globex, { ...site })).statusCode, `${m} ${url}`).toBe(404);
    expect((await call('GET', 'sites', reporter)).statusCode).toBe(403);
    expect((await call('DELETE', `sites/${s.id}`, reporter)).statusCode).toBe(403);
  });

  it('prints an area QR that verifies offline with the synced public key, and not for another company', async () => {
    const s = (await call('GET', 'sites')).json().data[0];
    const a = s.areas[0];
    const { token } = (await call('GET', `areas/${a.id}/qr`)).json().data;
    const keys = await get().database.db.select().from(signingKeys);
    const publicKeyOf = (kid: string) => keys.find((k) => k.id === kid)?.publicKey;
    const { entity } = await entityFacts(get().database, 'acme');
    const ok = await verifyAreaQr(token, { subtle: webcrypto.subtle, publicKeyOf, entityId: entity.id });
    expect(ok).toMatchObject({ ok: true, claims: { areaId: a.id, siteId: s.id } });
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await verifyAreaQr(forged, { subtle: webcrypto.subtle, publicKeyOf })).ok).toBe(false);
    const { entity: other } = await entityFacts(get().database, 'globex');
    expect(await verifyAreaQr(token, { subtle: webcrypto.subtle, publicKeyOf, entityId: other.id })).toEqual({
      ok: false,
      code: 'qr_wrong_entity',
    });
  });
});
