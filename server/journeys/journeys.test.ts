// The journey builder's REST calls against a real database: good and bad input (each rule a 400
// with the field's message and nothing written), permission keys, another company's ids, and
// every write reaching devices through the change feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { areas, entities, journeys, roles, sites, users, userTypes, visitEvents, visits } from '../db/schema/index';
import { userSiteAccess } from '../db/schema/emergency';
import { eachDatabase } from '../test/databases';
import { bearer, callerOf, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let acme: string;
  const type: Record<string, string> = {};
  let siteId: string;
  let areaId: string;
  const call = callerOf(
    () => app,
    () => admin,
  );
  const db = () => get().database.db;
  const countJourneys = async () =>
    (await db().select().from(journeys).where(eq(journeys.entityId, acme))).filter((j) => !j.deletedAt).length;
  async function pulled(token = admin) {
    const res = await app.inject({ url: `/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, headers: bearer(token) });
    return res.json().changes as Array<{ table: string; id: string; op: string; data: Record<string, unknown> | null }>;
  }

  beforeAll(async () => {
    app = await seededApp(get().database);
    [{ id: acme }] = (await db().select({ id: entities.id }).from(entities).where(eq(entities.subdomain, 'acme'))) as [
      { id: string },
    ];
    for (const t of await db().select().from(userTypes).where(eq(userTypes.entityId, acme))) type[t.name] = t.id;
    await db()
      .insert(userTypes)
      .values([
        {
          entityId: acme,
          id: (type.Walkin = uuidv7()),
          name: 'Walk-in',
          registrationMethod: 'registration not required',
        },
        {
          entityId: acme,
          id: (type.Courier = uuidv7()),
          name: 'Courier',
          registrationMethod: 'registration not required',
        },
      ]);
    siteId = (await db().select().from(sites).where(eq(sites.entityId, acme)))[0]!.id;
    areaId = (await db().select().from(areas).where(eq(areas.siteId, siteId)))[0]!.id;
    // The reporter may list journeys and nothing else of the builder.
    const [role] = await db()
      .select()
      .from(roles)
      .where(and(eq(roles.entityId, acme), eq(roles.name, 'employee with reporting')));
    await db()
      .update(roles)
      .set({ permissions: { ...role!.permissions, show_journey_list: { pivot: { allowed: 1 } } } })
      .where(eq(roles.id, role!.id));
    admin = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => {
    await app.close();
  });

  describe('journeys', () => {
    it('creates a journey in three languages that devices receive, lists and reads it', async () => {
      const res = await call('POST', '/api/journeys', {
        name: { en: 'Deliveries', ar: 'التوصيلات', es: 'Entregas' },
        settings: { areas: [areaId], notification_emails: 'desk@acme.test,ops@acme.test', print_badge: true },
      });
      expect(res.statusCode).toBe(201);
      const created = res.json().data;
      expect(created).toMatchObject({ name: { ar: 'التوصيلات' }, flows_count: 0, version: 1 });
      expect(created.settings).toMatchObject({ areas: [areaId], print_badge: true, touch_mode: true });
      const change = (await pulled()).find((c) => c.table === 'journeys' && c.id === created.id);
      expect(change?.data).toMatchObject({ name: 'Deliveries', names: { es: 'Entregas' } });
      const list = (await call('GET', '/api/journeys')).json().data as Array<{ id: string }>;
      expect(list.map((j) => j.id)).toContain(created.id);
      expect((await call('GET', `/api/journeys/${created.id}`)).json().data).toMatchObject({ flows: [] });
    });

    it.each([
      ['a name under 2 characters', { name: 'D' }, 'name', 'This is too short.'],
      ['a name taken in another language', { name: { en: 'Other', es: 'entregas' } }, 'name', 'already'],
      [
        'recipients with a space',
        { name: 'Gate', settings: { notification_emails: 'a@b.co, c@d.co' } },
        'settings.notification_emails',
        'comma',
      ],
      [
        'two "registration not required" types',
        { name: 'Gate', settings: { shown_user_types: ['Walkin', 'Courier'] } },
        'settings.shown_user_types',
        'Only one',
      ],
      [
        'facial recognition for a type that does not register',
        { name: 'Gate', settings: { shown_user_types: ['Walkin'], facial_recognition: true } },
        'settings.facial_recognition',
        'Facial recognition',
      ],
      ['a site of another company', { name: 'Gate', settings: { sites: [uuidv7()] } }, 'settings.sites', 'site'],
    ])('refuses %s with the field’s message, writing nothing', async (_, body, field, words) => {
      const payload = JSON.parse(
        JSON.stringify(body).replace(/"(Walkin|Courier)"/g, (_m, n: string) => JSON.stringify(type[n])),
      );
      const before = await countJourneys();
      const res = await call('POST', '/api/journeys', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field].join(' ')).toContain(words);
      expect(await countJourneys()).toBe(before);
    });

    it('answers in the caller’s language', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/journeys',
        headers: { ...bearer(admin), 'accept-language': 'es' },
        payload: { name: 'D' },
      });
      expect(res.statusCode).toBe(400);
    });

    it('refuses removing a site or remote work while visits use the journey, naming them', async () => {
      const j = (
        await call('POST', '/api/journeys', { name: 'Remote desk', settings: { sites: [siteId], remote_work: true } })
      ).json().data;
      const flow = (await call('POST', `/api/journeys/${j.id}/flows`, { name: 'Remote in' })).json().data;
      const [ada] = await db().select().from(users).where(eq(users.email, 'employee@acme.test'));
      const eventId = uuidv7();
      const at = Date.now();
      await db()
        .insert(visitEvents)
        .values({
          entityId: acme,
          id: eventId,
          personId: ada!.id,
          kind: 'in',
          areaId,
          journeyFlowId: flow.id,
          at,
          receivedAt: new Date(at),
        });
      await db()
        .insert(visits)
        .values({ entityId: acme, id: eventId, personId: ada!.id, timeIn: at, areaId, status: 'signed in' });
      const site = await call('PUT', `/api/journeys/${j.id}`, {
        name: 'Remote desk',
        settings: { sites: [], remote_work: true },
      });
      // Empty sites means every site: nothing is taken away.
      expect(site.statusCode).toBe(200);
      const other = (await db().insert(sites).values({ entityId: acme, id: uuidv7(), name: 'Annex' }).returning())[0]!;
      await call('PUT', `/api/journeys/${j.id}`, {
        name: 'Remote desk',
        settings: { sites: [siteId], remote_work: true },
      });
      const narrowed = await call('PUT', `/api/journeys/${j.id}`, {
        name: 'Remote desk',
        settings: { sites: [other.id], remote_work: true },
      });
      expect(narrowed.statusCode).toBe(400);
      expect(narrowed.json().code).toBe('journey_site_in_use');
      expect(narrowed.json().message).toContain('Eddie Employee');
      expect(narrowed.json().errors['settings.sites']).toBeDefined();
      const remote = await call('PUT', `/api/journeys/${j.id}`, { name: 'Remote desk', settings: { sites: [siteId] } });
      expect(remote.statusCode).toBe(400);
      expect(remote.json().errors['settings.remote_work']).toBeDefined();
      expect(remote.json().message).toContain('Eddie Employee');
      const [row] = await db().select().from(journeys).where(eq(journeys.id, j.id));
      expect(row!.settings).toMatchObject({ remote_work: true, sites: [siteId] });
    });

    it('updates (a new version) and deletes: devices receive the delete and the list drops it', async () => {
      const j = (await call('POST', '/api/journeys', { name: 'Short-lived' })).json().data;
      const put = await call('PUT', `/api/journeys/${j.id}`, { name: { en: 'Short-lived', ar: 'قصير' } });
      expect(put.json().data).toMatchObject({ version: 2, name: { ar: 'قصير' } });
      expect((await call('DELETE', `/api/journeys/${j.id}`)).statusCode).toBe(200);
      expect((await pulled()).find((c) => c.id === j.id)).toMatchObject({ op: 'del' });
      const list = (await call('GET', '/api/journeys')).json().data as Array<{ id: string }>;
      expect(list.some((x) => x.id === j.id)).toBe(false);
      expect((await call('GET', `/api/journeys/${j.id}`)).statusCode).toBe(404);
      // Its name is free again.
      expect((await call('POST', '/api/journeys', { name: 'Short-lived' })).statusCode).toBe(201);
    });
  });

  describe('flows', () => {
    let journeyId: string;
    beforeAll(async () => {
      journeyId = (await call('POST', '/api/journeys', { name: 'Flow house' })).json().data.id;
    });

    it('creates a flow with checks and a host rule, reads, updates and deletes it', async () => {
      const res = await call('POST', `/api/journeys/${journeyId}/flows`, {
        name: { en: 'Arrival', ar: 'الوصول' },
        user_type_id: type.Visitor,
        settings: {
          temperature_check: true,
          temperature_threshold: 37.8,
          mask_check: true,
          test_check: 'rapid',
          host: true,
          allow_no_host: false,
          compliance_frequency: 'weekly',
          reminder_minutes: 30,
          send_before_minutes: 5,
        },
      });
      expect(res.statusCode).toBe(201);
      const flow = res.json().data;
      expect(flow.settings).toMatchObject({ temperature_threshold: 37.8, allow_no_host: false, gps: 'off' });
      expect((await pulled()).find((c) => c.id === flow.id)?.data).toMatchObject({ journeyId, version: 1 });
      expect((await call('GET', `/api/journeys/${journeyId}/flows`)).json().data).toHaveLength(1);
      const put = await call('PUT', `/api/journey-flows/${flow.id}`, {
        name: 'Arrival',
        settings: { mask_check: false },
      });
      expect(put.json().data).toMatchObject({ version: 2, journey_id: journeyId });
      expect((await call('GET', `/api/journey-flows/${flow.id}`)).json().data.settings.mask_check).toBe(false);
      expect((await call('DELETE', `/api/journey-flows/${flow.id}`)).statusCode).toBe(200);
      expect((await call('GET', `/api/journey-flows/${flow.id}`)).statusCode).toBe(404);
    });

    it.each([
      ['a reminder under 30 minutes', { settings: { reminder_minutes: 20 } }, 'settings.reminder_minutes', '30'],
      ['a lead under 5 minutes', { settings: { send_before_minutes: 2 } }, 'settings.send_before_minutes', '5'],
      ['an unknown frequency', { settings: { compliance_frequency: 'hourly' } }, 'settings.compliance_frequency', ''],
      [
        'facial recognition for unregistered',
        { user_type_id: 'Walkin', settings: { facial_recognition: true } },
        'settings.facial_recognition',
        'Facial',
      ],
      ['a second unregistered type', { user_type_id: 'Courier' }, 'user_type_id', 'Only one'],
      ['a user type of another company', { user_type_id: '0193a000-0000-7000-8000-00000000000f' }, 'user_type_id', ''],
      ['a name under 2 characters', { name: 'A' }, 'name', 'too short'],
    ])('refuses %s', async (_, body, field, words) => {
      await call('POST', `/api/journeys/${journeyId}/flows`, { name: 'Walk-ins', user_type_id: type.Walkin });
      const payload = { name: 'Candidate', ...body } as Record<string, unknown>;
      if (typeof payload.user_type_id === 'string' && type[payload.user_type_id])
        payload.user_type_id = type[payload.user_type_id];
      const before = (await call('GET', `/api/journeys/${journeyId}/flows`)).json().data.length;
      const res = await call('POST', `/api/journeys/${journeyId}/flows`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field].join(' ')).toContain(words);
      expect((await call('GET', `/api/journeys/${journeyId}/flows`)).json().data.length).toBe(before);
    });
  });

  describe('access', () => {
    it('enforces each permission key', async () => {
      const reporter = await tokenFor(app, 'reporter@acme.test');
      const employee = await tokenFor(app, 'employee@acme.test');
      const j = (await call('POST', '/api/journeys', { name: 'Keys' })).json().data;
      const f = (await call('POST', `/api/journeys/${j.id}/flows`, { name: 'Key flow' })).json().data;
      expect((await call('GET', '/api/journeys', undefined, reporter)).statusCode).toBe(200);
      expect((await call('GET', `/api/journey-flows/${f.id}`, undefined, reporter)).statusCode).toBe(200);
      expect((await call('GET', '/api/journeys', undefined, employee)).statusCode).toBe(403);
      for (const [method, url] of [
        ['POST', '/api/journeys'],
        ['PUT', `/api/journeys/${j.id}`],
        ['DELETE', `/api/journeys/${j.id}`],
        ['POST', `/api/journeys/${j.id}/flows`],
        ['PUT', `/api/journey-flows/${f.id}`],
        ['DELETE', `/api/journey-flows/${f.id}`],
      ] as const)
        expect((await call(method, url, { name: 'Nope' }, reporter)).statusCode, `${method} ${url}`).toBe(403);
    });

    it('shows an admin of selected sites only the journeys of those sites', async () => {
      const reporter = await tokenFor(app, 'reporter@acme.test');
      const [rita] = await db().select().from(users).where(eq(users.email, 'reporter@acme.test'));
      const annex = (await db().insert(sites).values({ entityId: acme, id: uuidv7(), name: 'Depot' }).returning())[0]!;
      const mine = (
        await call('POST', '/api/journeys', { name: 'Head office only', settings: { sites: [siteId] } })
      ).json().data;
      const theirs = (
        await call('POST', '/api/journeys', { name: 'Depot only', settings: { sites: [annex.id] } })
      ).json().data;
      await db().insert(userSiteAccess).values({ entityId: acme, userId: rita!.id, siteId });
      try {
        const list = (await call('GET', '/api/journeys', undefined, reporter)).json().data as Array<{ id: string }>;
        expect(list.map((j) => j.id)).toContain(mine.id);
        expect(list.map((j) => j.id)).not.toContain(theirs.id);
        expect((await call('GET', `/api/journeys/${theirs.id}`, undefined, reporter)).statusCode).toBe(403);
      } finally {
        await db().delete(userSiteAccess).where(eq(userSiteAccess.userId, rita!.id));
      }
    });

    it("answers 404 for another company's journey and flow, and for ids that are not ids", async () => {
      const globex = await tokenFor(app, 'admin@globex.test');
      const j = (await call('POST', '/api/journeys', { name: 'Private' })).json().data;
      const f = (await call('POST', `/api/journeys/${j.id}/flows`, { name: 'Private flow' })).json().data;
      for (const [method, url] of [
        ['GET', `/api/journeys/${j.id}`],
        ['PUT', `/api/journeys/${j.id}`],
        ['DELETE', `/api/journeys/${j.id}`],
        ['GET', `/api/journeys/${j.id}/flows`],
        ['POST', `/api/journeys/${j.id}/flows`],
        ['GET', `/api/journey-flows/${f.id}`],
        ['PUT', `/api/journey-flows/${f.id}`],
        ['DELETE', `/api/journey-flows/${f.id}`],
        ['GET', '/api/journeys/not-a-uuid'],
      ] as const) {
        const res = await call(method, url, { name: 'Stolen' }, globex);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body).not.toContain('Private');
      }
      expect((await call('GET', '/api/journeys', undefined, globex)).body).not.toContain(j.id);
    });
  });
});
