// Watch-list calls against a real database: an admin adds, edits and removes entries
// and every change lands in the audit trail; bad input answers 400 beside the field with nothing
// written; only holders of watch_list reach the list; another company's ids and sites are 404/400.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { sites, watchListEntries } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { callerOf, entityFacts, seededApp, testClock, tokenFor } from '../test/harness';

const DAY = 86_400_000;

eachDatabase((get) => {
  const clock = testClock();
  let app: FastifyInstance;
  let admin: string;
  let globexAdmin: string;
  let acme: string;
  let acmeSite: string;
  let globexSite: string;
  const call = callerOf(
    () => app,
    () => admin,
  );
  const entry = (over: Record<string, unknown> = {}) => ({
    full_name: 'Jon Smyth',
    other_names: ['Jonathan Smyth'],
    date_of_birth: '1979-03-14',
    email: 'jon.smyth@example.test',
    phone: '+44 7700 900001',
    action: 'deny',
    site_ids: [acmeSite],
    reason: 'Court order: no contact with pupils.',
    expires_at: clock.now() + 365 * DAY,
    ...over,
  });
  const count = async () =>
    (await get().database.db.select().from(watchListEntries).where(eq(watchListEntries.entityId, acme))).length;

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    globexAdmin = await tokenFor(app, 'admin@globex.test');
    const facts = await entityFacts(get().database, 'acme');
    acme = facts.entity.id;
    const globex = (await entityFacts(get().database, 'globex')).entity.id;
    const db = get().database.db;
    acmeSite = (await db.select().from(sites).where(eq(sites.entityId, acme)))[0]!.id;
    globexSite = (await db.select().from(sites).where(eq(sites.entityId, globex)))[0]!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('adds, lists, edits and removes an entry, with every change in the audit trail', async () => {
    const created = await call('POST', '/api/watch-list', entry());
    expect(created.statusCode).toBe(201);
    const row = created.json().data;
    expect(row).toMatchObject({
      full_name: 'Jon Smyth',
      action: 'deny',
      added_by_name: expect.any(String),
      version: 1,
    });
    expect(row.reason).toBe('Court order: no contact with pupils.');

    const listed = (await call('GET', '/api/watch-list')).json().data;
    expect(listed.map((e: { id: string }) => e.id)).toContain(row.id);

    const edited = await call('PUT', `/api/watch-list/${row.id}`, entry({ action: 'escort', version: 1 }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ action: 'escort', version: 2 });
    const stale = await call('PUT', `/api/watch-list/${row.id}`, entry({ version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');

    expect((await call('DELETE', `/api/watch-list/${row.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/watch-list/${row.id}`)).statusCode).toBe(404);

    const trail = (await call('GET', `/api/watch-list/${row.id}/audit`)).json().data;
    expect(trail.map((a: { change: string }) => a.change)).toEqual(['deleted', 'updated', 'created']);
    expect(trail[1].fields).toEqual({ action: ['deny', 'escort'] });
    expect(trail[2]).toMatchObject({ full_name: 'Jon Smyth', actor_name: expect.any(String) });
    expect(trail[2].fields.reason).toEqual([null, 'Court order: no contact with pupils.']);
    const all = (await call('GET', '/api/watch-list/audit')).json().data;
    expect(all.filter((a: { entry_id: string }) => a.entry_id === row.id)).toHaveLength(3);
  });

  it('answers bad input beside the field and writes nothing', async () => {
    const before = await count();
    for (const [field, value] of [
      ['full_name', ''],
      ['full_name', 'x'.repeat(201)],
      ['action', 'shoot'],
      ['date_of_birth', '1979-02-30'],
      ['email', 'not-an-email'],
      ['phone', '12ab'],
      ['site_ids', ['nope']],
      ['other_names', 'Jon'],
      ['expires_at', 'tomorrow'],
    ] as const) {
      const res = await call('POST', '/api/watch-list', entry({ [field]: value }));
      expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(Object.keys(res.json().errors ?? res.json().fields ?? {}).join(), field).toContain(field);
    }
    const past = await call('POST', '/api/watch-list', entry({ expires_at: clock.now() - DAY }));
    expect(past.statusCode).toBe(400);
    const foreignSite = await call('POST', '/api/watch-list', entry({ site_ids: [globexSite] }));
    expect(foreignSite.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it("keeps each company's list to itself: another company's entry is a 404", async () => {
    const theirs = (
      await call('POST', '/api/watch-list', entry({ full_name: 'Globex Person', site_ids: [globexSite] }), globexAdmin)
    ).json().data;
    expect(theirs.id).toBeTruthy();
    for (const [method, url] of [
      ['GET', `/api/watch-list/${theirs.id}`],
      ['GET', `/api/watch-list/${theirs.id}/audit`],
      ['PUT', `/api/watch-list/${theirs.id}`],
      ['DELETE', `/api/watch-list/${theirs.id}`],
    ] as const) {
      const res = await call(method, url, method === 'PUT' ? entry() : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Globex Person');
    }
    expect((await call('GET', '/api/watch-list')).body).not.toContain('Globex Person');
    expect((await call('GET', '/api/watch-list/audit')).body).not.toContain('Globex Person');
  });

  it('lets only holders of watch_list in: an employee, a reporter and a warden are refused', async () => {
    for (const email of ['employee@acme.test', 'reporter@acme.test', 'warden@acme.test']) {
      const token = await tokenFor(app, email);
      for (const [method, url] of [
        ['GET', '/api/watch-list'],
        ['GET', '/api/watch-list/audit'],
        ['POST', '/api/watch-list'],
      ] as const) {
        const res = await call(method, url, method === 'POST' ? entry() : undefined, token);
        expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('action_not_allowed');
      }
    }
  });
});
