// Calls of spec 2 §7's catalogue that a client written against it uses:
// one user, the user search and grid, the logged-in host calls, and the kiosk registration's
// `kioskName`. Each answers for its own company only; another company's ids are not found.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
});
