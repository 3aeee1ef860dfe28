// Calls of spec 2 §7's catalogue that a client written against it uses:
// one user, the user search and grid, the logged-in host calls, and the kiosk registration's
// `kioskName`. Each answers for its own company only; another company's ids are not found.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../db/schema/entities';
import { journeyFlows, userTypes } from '../db/schema/journeys';
import { users } from '../db/schema/people';
import { areas } from '../db/schema/places';
import { kiosks } from '../db/schema/kiosk';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let globexAdmin: string;
  /** A fire warden: no 'users' permission. */
  let warden: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await seededApp(get().database);
    const db = get().database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const [globex] = await db.select().from(entities).where(eq(entities.subdomain, 'globex'));
    ids.acme = acme!.id;
    ids.globex = globex!.id;
    const person = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!.id;
    ids.hannah = await person('hannah.host@acme.test');
    ids.gina = await person('admin@globex.test');
    const [flow] = await db
      .select()
      .from(journeyFlows)
      .where(and(eq(journeyFlows.entityId, acme!.id), eq(journeyFlows.name, 'Visitor arrival')));
    ids.flow = flow!.id;
    ids.visitorType = flow!.userTypeId!;
    const [globexType] = await db.select().from(userTypes).where(eq(userTypes.entityId, globex!.id));
    ids.globexType = globexType!.id;
    ids.area = (await db.select().from(areas).where(eq(areas.entityId, acme!.id)))[0]!.id;
    admin = await tokenFor(app, 'admin@acme.test');
    globexAdmin = await tokenFor(app, 'admin@globex.test');
    warden = await tokenFor(app, 'warden@acme.test');
  });

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

  describe('users', () => {
    it('GET /user/{id} answers one person as the list does, and not another company’s', async () => {
      const res = await call(admin, 'GET', `/api/user/${ids.hannah}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: ids.hannah,
        full_name: 'Hannah Host',
        email: 'hannah.host@acme.test',
      });
      expect((await call(admin, 'GET', `/api/user/${ids.gina}`)).statusCode).toBe(404);
      expect((await call(warden, 'GET', `/api/user/${ids.hannah}`)).statusCode).toBe(403);
      const bad = await call(admin, 'GET', '/api/user/not-an-id');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBeTruthy();
    });

    it('search_user_in_entity finds by name, e-mail or phone in the company only', async () => {
      const res = await call(admin, 'GET', `/api/search_user_in_entity/${ids.acme}?search=hannah`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((u: { full_name: string }) => u.full_name)).toEqual(['Hannah Host']);
      const gina = await call(admin, 'GET', `/api/search_user_in_entity/${ids.acme}?search=gina`);
      expect(gina.json().data).toEqual([]);
      expect((await call(admin, 'GET', `/api/search_user_in_entity/${ids.globex}?search=gina`)).statusCode).toBe(404);
      const first = await call(admin, 'GET', `/api/search_user_in_entity/${ids.acme}`);
      expect(first.json().data.length).toBeGreaterThan(5);
      expect(
        (await call(admin, 'GET', `/api/search_user_in_entity/${ids.acme}?search=${'x'.repeat(101)}`)).statusCode,
      ).toBe(400);
    });

    it('data_users_grid answers the grid’s page with its count', async () => {
      const res = await call(admin, 'GET', `/api/data_users_grid/${ids.acme}?limit=2&orderBy=full_name`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data).toHaveLength(2);
      expect(body.count).toBeGreaterThan(2);
      expect((await call(globexAdmin, 'GET', `/api/data_users_grid/${ids.acme}`)).statusCode).toBe(404);
    });
  });

  describe('hosts, logged in', () => {
    it('GET /hosts/{journeyId}/{userTypeId} lists the flow’s hosts with its settings', async () => {
      const res = await call(admin, 'GET', `/api/hosts/${ids.flow}/${ids.visitorType}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ host_enabled: 1, allow_not_select_host: 1 });
      const names = data.hosts.map((h: { full_name: string }) => h.full_name);
      expect(names).toContain('Hannah Host');
      // Visitors never host.
      expect(names).not.toContain('Carla Contractor');
      expect((await call(globexAdmin, 'GET', `/api/hosts/${ids.flow}/${ids.visitorType}`)).statusCode).toBe(404);
      expect((await call(admin, 'GET', `/api/hosts/${ids.flow}/${ids.globexType}`)).statusCode).toBe(404);
    });

    it('POST /host/search finds hosts by name or e-mail', async () => {
      const byMail = await call(admin, 'POST', '/api/host/search', { journey_id: ids.flow, search: 'harry.host' });
      expect(byMail.statusCode).toBe(200);
      expect(byMail.json().data.map((h: { full_name: string }) => h.full_name)).toEqual(['Harry Host']);
      const other = await call(globexAdmin, 'POST', '/api/host/search', { journey_id: ids.flow, search: 'harry' });
      expect(other.statusCode).toBe(404);
      const short = await call(admin, 'POST', '/api/host/search', { journey_id: ids.flow, search: 'h' });
      expect(short.statusCode).toBe(400);
    });
  });

  it('registers a kiosk from the catalogue’s kioskName as from the form’s kiosk_name', async () => {
    const res = await call(admin, 'POST', '/api/kiosk', { kioskName: 'Catalogue desk', area_id: ids.area });
    expect(res.statusCode).toBe(201);
    const [row] = await get()
      .database.db.select()
      .from(kiosks)
      .where(eq(kiosks.id, res.json().data.kiosk.id as string));
    expect(row!.kioskName).toBe('Catalogue desk');
    const none = await call(admin, 'POST', '/api/kiosk', { area_id: ids.area });
    expect(none.statusCode).toBe(400);
  });

  describe('the caller themselves', () => {
    it('updates their own name and phone, nothing that gives access, and refuses a phone someone has', async () => {
      const employee = await tokenFor(app, 'employee@acme.test');
      const res = await call(employee, 'POST', '/api/update-user-details', {
        full_name: 'Eddie Edited',
        phone: '07700900777',
        email: 'boss@acme.test',
        role_id: ids.acme,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ fullName: 'Eddie Edited', email: 'employee@acme.test' });
      const [me] = await get().database.db.select().from(users).where(eq(users.email, 'employee@acme.test'));
      expect(me).toMatchObject({ fullName: 'Eddie Edited', phone: '07700900777' });
      await get().database.db.update(users).set({ phone: '07700900888' }).where(eq(users.id, ids.hannah!));
      const taken = await call(employee, 'POST', '/api/update-user-details', { phone: '07700900888' });
      expect([taken.statusCode, taken.json().code]).toEqual([400, 'phone_exists']);
      const bad = await call(employee, 'POST', '/api/update-user-details', { full_name: 'E' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBeTruthy();
      expect((await app.inject({ method: 'POST', url: '/api/update-user-details', payload: {} })).statusCode).toBe(401);
      const [after] = await get().database.db.select().from(users).where(eq(users.email, 'employee@acme.test'));
      expect(after).toMatchObject({ fullName: 'Eddie Edited', phone: '07700900777' });
    });

    it('lists who is signed in now with their last sign-in, newest first, for the company only', async () => {
      const before = (await call(admin, 'GET', '/api/last-visits/signedin')).json().data as Array<{
        personId: string;
      }>;
      const onSite = new Set(before.map((r) => r.personId));
      // Two people of the company who are not on site yet.
      const [first, second] = (await get().database.db.select().from(users).where(eq(users.entityId, ids.acme!)))
        .filter((u) => !u.archived && !onSite.has(u.id))
        .map((u) => u.id);
      // The server's clock stands at 09:00 (server/test/harness.ts); they came in at 08:50 and 08:55.
      const nine = Date.UTC(2026, 0, 15, 9, 0, 0);
      const signIn = (seq: number, personId: string, at: number) => ({
        seq,
        mutationId: uuidv7(),
        name: 'visit.signIn',
        clientTime: nine,
        clockOffsetMs: 0,
        args: { eventId: uuidv7(), personId, areaId: ids.area, at, details: { compliance: 'not_required' } },
      });
      const pushed = await app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: bearer(admin),
        payload: {
          deviceId: uuidv7(),
          mutations: [signIn(1, first!, nine - 10 * 60_000), signIn(2, second!, nine - 5 * 60_000)],
        },
      });
      expect(pushed.statusCode).toBe(200);
      const res = await call(admin, 'GET', '/api/last-visits/signedin');
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as Array<{ personId: string; since: number; areaId: string }>;
      const ours = rows.filter((r) => r.personId === first || r.personId === second);
      expect(ours.map((r) => [r.personId, r.since])).toEqual([
        [second, nine - 5 * 60_000],
        [first, nine - 10 * 60_000],
      ]);
      expect(ours[0]!.areaId).toBe(ids.area);
      // Newest first, the whole list.
      expect(rows.map((r) => r.since)).toEqual([...rows.map((r) => r.since)].sort((a, b) => b - a));
      const elsewhere = (await call(globexAdmin, 'GET', '/api/last-visits/signedin')).json().data as Array<{
        personId: string;
      }>;
      expect(elsewhere.some((r) => r.personId === first || r.personId === second)).toBe(false);
    });
  });
});
