// The dashboard API against a real database: the logbook pairs sign-ins with sign-outs,
// pages, sorts and filters on the server; counts and history; grid preferences per admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { areas, entities, users, userTypes, visitEvents } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { pairVisits } from './visit-pairing';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';

const NOW = Date.UTC(2026, 0, 15, 15, 0, 0);
const H = 3_600_000;

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let employee: string;
  let warden: string;
  let acme: string;
  let people: Array<typeof users.$inferSelect>;
  let reception: string;
  let loading: string;
  let visitor: string;

  const api = (url: string, token = admin) => app.inject({ url, headers: bearer(token) });
  async function event(
    personId: string,
    kind: 'in' | 'out',
    at: number,
    areaId = reception,
    details: Record<string, unknown> | null = null,
  ) {
    const id = uuidv7();
    await get()
      .database.db.insert(visitEvents)
      .values({ entityId: acme, id, personId, kind, areaId, at, details, receivedAt: new Date(at) });
    await pairVisits(get().database.db, acme, [id]);
    return id;
  }

  beforeAll(async () => {
    app = await seededApp(get().database, testClock(NOW));
    admin = await tokenFor(app, 'admin@acme.test');
    employee = await tokenFor(app, 'employee@acme.test');
    warden = await tokenFor(app, 'warden@acme.test');
    const db = get().database.db;
    [{ id: acme }] = (await db.select({ id: entities.id }).from(entities).where(eq(entities.subdomain, 'acme'))) as [
      { id: string },
    ];
    people = await db.select().from(users).where(eq(users.entityId, acme)).orderBy(users.fullName);
    const areaRows = await db.select().from(areas).where(eq(areas.entityId, acme));
    reception = areaRows.find((a) => a.name === 'Reception')!.id;
    loading = areaRows.find((a) => a.name === 'Loading Bay')!.id;
    visitor = (await db.select().from(userTypes).where(eq(userTypes.entityId, acme))).find(
      (t) => t.name === 'Visitor',
    )!.id;
    const [p0, p1, p2, p3] = people;
    // Yesterday: one visit. Today: p0 in and out, p1 in (still here), p2 auto signed in, p3 in then auto signed out.
    await event(p0!.id, 'in', NOW - 26 * H);
    await event(p0!.id, 'out', NOW - 25 * H);
    await event(p0!.id, 'in', NOW - 6 * H);
    await event(p0!.id, 'out', NOW - 5 * H, reception, null);
    await event(p1!.id, 'in', NOW - 4 * H, loading, {
      host: { name: 'Hannah Host' },
      stage: 'approved by admin',
      checks: { temperature: { value: 36.6, unit: 'c' }, mask: true },
    });
    await event(p2!.id, 'in', NOW - 3 * H, reception, { auto: true });
    await event(p3!.id, 'in', NOW - 2 * H, reception, { userTypeId: visitor });
    await event(p3!.id, 'out', NOW - 1 * H, reception, { auto: true });
  });
  afterAll(async () => {
    await app.close();
  });

  it("lists today's visits newest first with time out, status and the journey's details", async () => {
    const res = await api('/api/dashboard/logbook?tz=UTC');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(4);
    expect(body.page).toBe(1);
    expect(body.limit).toBe(10);
    expect(body.data.map((r: { fullName: string }) => r.fullName)).toEqual([
      people[3]!.fullName,
      people[2]!.fullName,
      people[1]!.fullName,
      people[0]!.fullName,
    ]);
    const byName = Object.fromEntries(body.data.map((r: { fullName: string }) => [r.fullName, r]));
    expect(byName[people[0]!.fullName]).toMatchObject({
      status: 'signed_out',
      timeIn: NOW - 6 * H,
      timeOut: NOW - 5 * H,
      areaName: 'Reception',
      siteName: 'Head Office',
    });
    expect(byName[people[1]!.fullName]).toMatchObject({
      status: 'signed_in',
      timeOut: null,
      host: 'Hannah Host',
      stage: 'approved by admin',
      checks: { temperature: { value: 36.6, unit: 'c' }, mask: true },
      siteName: 'Warehouse',
    });
    expect(byName[people[2]!.fullName].status).toBe('auto_signed_in');
    expect(byName[people[3]!.fullName].status).toBe('auto_signed_out');
  });

  it('pages, sorts and filters on the server', async () => {
    const page2 = (await api('/api/dashboard/logbook?tz=UTC&limit=3&page=2&sort=name&order=asc')).json();
    expect(page2.count).toBe(4);
    expect(page2.data.map((r: { fullName: string }) => r.fullName)).toEqual([people[3]!.fullName]);
    const inside = (await api('/api/dashboard/logbook?tz=UTC&status=signed_in')).json();
    expect(inside.data.map((r: { personId: string }) => r.personId)).toEqual([people[1]!.id]);
    const bySite = (await api(`/api/dashboard/logbook?tz=UTC&area=${loading}`)).json();
    expect(bySite.count).toBe(1);
    const search = (
      await api(
        `/api/dashboard/logbook?tz=UTC&search=${encodeURIComponent(people[2]!.fullName.slice(0, 4).toUpperCase())}`,
      )
    ).json();
    expect(search.data.some((r: { personId: string }) => r.personId === people[2]!.id)).toBe(true);
    const range = (await api('/api/dashboard/logbook?tz=UTC&from=2026-01-14&to=2026-01-15')).json();
    expect(range.count).toBe(5);
  });

  it('counts the day per user type and site, and the last 14 days with zeros', async () => {
    const counts = (await api('/api/dashboard/counts?tz=UTC')).json().data;
    expect(counts.total).toBe(4);
    expect(counts.onSite).toBe(2);
    expect(counts.bySite).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Head Office', count: 3 }),
        expect.objectContaining({ name: 'Warehouse', count: 1 }),
      ]),
    );
    expect(counts.byUserType.reduce((n: number, g: { count: number }) => n + g.count, 0)).toBe(4);
    const history = (await api('/api/dashboard/history?tz=UTC')).json().data;
    expect(history).toHaveLength(14);
    expect(history.at(-1)).toEqual({ day: '2026-01-15', count: 4 });
    expect(history.at(-2)).toEqual({ day: '2026-01-14', count: 1 });
    expect(history[0]).toEqual({ day: '2026-01-02', count: 0 });
  });

  it("opens a visit's details with the person's events of that day", async () => {
    const list = (await api('/api/dashboard/logbook?tz=UTC&status=signed_out')).json();
    const res = await api(`/api/dashboard/visits/${list.data[0].id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.events.map((e: { kind: string }) => e.kind)).toContain('out');
  });

  it('refuses bad queries with field errors and callers without the dashboard permission', async () => {
    const bad = await api('/api/dashboard/logbook?status=gone&limit=0&tz=Mars/Base');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['status', 'limit', 'tz']));
    expect((await api('/api/dashboard/logbook?from=2026-01-15&to=2026-01-01')).statusCode).toBe(400);
    expect((await api('/api/dashboard/logbook', employee)).statusCode).toBe(200);
    const acmeRoleless = await tokenFor(app, 'reporter@acme.test');
    expect((await api('/api/dashboard/counts', acmeRoleless)).statusCode).toBe(200);
    expect((await api('/api/dashboard/history', warden)).statusCode).toBe(200);
  });

  describe('grid preferences', () => {
    it('saves the column set and filters per admin and page, and reads them back', async () => {
      expect((await api('/api/grid_preferences?page_url=/')).json().data).toBeNull();
      const put = await app.inject({
        method: 'PUT',
        url: '/api/grid_preferences',
        headers: bearer(admin),
        payload: { page_url: '/', table_head: '["name","timeIn"]', url: 'status=signed_in' },
      });
      expect(put.statusCode).toBe(200);
      const again = await app.inject({
        method: 'PUT',
        url: '/api/grid_preferences',
        headers: bearer(admin),
        payload: { page_url: '/', table_head: ['name'], url: 'status=signed_out' },
      });
      expect(again.json().data.id).toBe(put.json().data.id);
      const mine = (await api('/api/grid_preferences?page_url=/')).json().data;
      expect(mine).toMatchObject({ page_url: '/', table_head: ['name'], url: 'status=signed_out', entity_id: acme });
      expect((await api('/api/grid_preferences?page_url=/', employee)).json().data).toBeNull();
      const bad = await app.inject({
        method: 'PUT',
        url: '/api/grid_preferences',
        headers: bearer(admin),
        payload: { table_head: 5 },
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
