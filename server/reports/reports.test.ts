// Reports against a real database, with answers worked out by hand from a small fixture:
// six visits of three people over two sites (one in December, outside the default 30 days).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eachDatabase } from '../test/databases';
import { bearer, testClock, tokenFor } from '../test/harness';
import {
  openReportFixture,
  reportCalls,
  withoutPermissions,
  writeVisit,
  type ReportFixture,
} from '../test/report-fixture';

const NOW = Date.UTC(2026, 0, 15, 15, 0, 0);
const at = (d: string) => Date.parse(`${d}Z`);

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let reporter: string;
  let employee: string;
  let acme: string;
  let globex: ReportFixture['globex'];
  let globexIds: ReportFixture['globexIds'];
  let id: Record<string, string>;

  const { api } = reportCalls(
    () => app,
    () => admin,
  );
  const visit = (
    person: string,
    area: string,
    inAt: number,
    outAt: number | null,
    details?: object,
    outDetails?: object,
  ) => writeVisit(get().database.db, acme, { person, area, inAt, outAt, details, outDetails });

  beforeAll(async () => {
    ({ app, admin, reporter, acme, globex, globexIds, id } = await openReportFixture(get().database, testClock(NOW)));
    employee = await tokenFor(app, 'employee@acme.test');
    const sam = id['sam.staff']!;
    const carla = id['carla.contractor']!;
    const harry = id['harry.host']!;
    id.v1 = await visit(sam, id.Reception!, at('2026-01-10T09:00'), at('2026-01-10T17:00'));
    id.v2 = await visit(
      carla,
      id['Loading Bay']!,
      at('2026-01-10T10:00'),
      at('2026-01-10T23:59'),
      {
        host: { name: '=Hannah Host' },
        stage: 'approved by admin',
        checks: { temperature: { value: 36.6, unit: 'c' } },
      },
      { auto: true },
    );
    id.v3 = await visit(sam, id.Reception!, at('2026-01-12T08:30'), at('2026-01-12T12:00'), { userTypeId: id.Visitor });
    id.v4 = await visit(harry, id['Meeting Rooms']!, at('2026-01-14T23:30'), null);
    id.v5 = await visit(carla, id['Loading Bay']!, at('2026-01-15T14:00'), null);
    id.v6 = await visit(sam, id.Reception!, at('2025-12-01T09:00'), at('2025-12-01T10:00'));
  });
  afterAll(async () => {
    await app.close();
  });

  const history = async (query: string, token = admin) => {
    const res = await api(`/api/reports/history?tz=UTC&${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      data: Array<{
        id: string;
        fullName: string;
        status: string;
        userTypeName: string;
        siteName: string;
        host: string | null;
        timeOut: number | null;
      }>;
      count: number;
      from: string;
      to: string;
    };
  };

  it('lists the last 30 days newest first, with names, statuses and the journey details', async () => {
    const body = await history('');
    expect(body.from).toBe('2025-12-17');
    expect(body.to).toBe('2026-01-15');
    expect(body.count).toBe(5);
    expect(body.data.map((r) => r.id)).toEqual([id.v5, id.v4, id.v3, id.v2, id.v1]);
    const carla = body.data[3]!;
    expect(carla).toMatchObject({
      fullName: 'Carla Contractor',
      status: 'auto_signed_out',
      userTypeName: 'Contractor',
      siteName: 'Warehouse',
      host: '=Hannah Host',
      stage: 'approved by admin',
    });
    expect(body.data[2]!.userTypeName).toBe('Visitor'); // the type recorded on the sign-in
    expect(body.data[0]!.status).toBe('signed_in');
  });

  it('filters by site, user type, person, status, host, checks and date range', async () => {
    const ids = async (q: string) => (await history(q)).data.map((r) => r.id);
    expect(await ids(`site=${id.Warehouse}`)).toEqual([id.v5, id.v2]);
    expect(await ids(`userType=${id.Visitor}`)).toEqual([id.v3]);
    expect(await ids(`userType=${id.Staff}`)).toEqual([id.v4, id.v1]);
    expect(await ids(`person=${id['sam.staff']}`)).toEqual([id.v3, id.v1]);
    expect(await ids('status=signed_in')).toEqual([id.v5, id.v4]);
    expect(await ids('host=hannah')).toEqual([id.v2]);
    expect(await ids('checks=with')).toEqual([id.v2]);
    expect(await ids('stage=approved')).toEqual([id.v2]);
    expect(await ids('from=2025-12-01&to=2025-12-01')).toEqual([id.v6]);
    expect((await history(`area=${id['Meeting Rooms']}`)).count).toBe(1);
  });

  it('sorts and pages on the server (ties by visit id)', async () => {
    const page = async (n: number) => (await history(`sort=name&order=asc&limit=2&page=${n}`)).data.map((r) => r.id);
    expect(await page(1)).toEqual([id.v2, id.v5]);
    expect(await page(2)).toEqual([id.v4, id.v1]);
    expect(await page(3)).toEqual([id.v3]);
    const byOut = await history('sort=timeOut&order=asc');
    expect(byOut.data.map((r) => r.id)).toEqual([id.v1, id.v2, id.v3, id.v4, id.v5]);
  });

  it('counts visits per day, user type, site and area for start_date..end_date', async () => {
    const res = await api('/api/reports/visit-summary?start_date=2026-01-10&end_date=2026-01-15&tz=UTC');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.count).toBe(5);
    expect(body.days).toEqual([
      { day: '2026-01-10', count: 2 },
      { day: '2026-01-11', count: 0 },
      { day: '2026-01-12', count: 1 },
      { day: '2026-01-13', count: 0 },
      { day: '2026-01-14', count: 1 },
      { day: '2026-01-15', count: 1 },
    ]);
    expect(body.byUserType.map((g: { name: string; count: number }) => [g.name, g.count])).toEqual([
      ['Contractor', 2],
      ['Staff', 2],
      ['Visitor', 1],
    ]);
    expect(body.bySite.map((g: { name: string; count: number }) => [g.name, g.count])).toEqual([
      ['Head Office', 3],
      ['Warehouse', 2],
    ]);
    expect(body.byArea.map((g: { name: string; count: number }) => [g.name, g.count])).toEqual([
      ['Loading Bay', 2],
      ['Reception', 2],
      ['Meeting Rooms', 1],
    ]);
    expect(body.data).toContainEqual(
      expect.objectContaining({ day: '2026-01-10', area_name: 'Loading Bay', user_type_name: 'Contractor', count: 1 }),
    );
  });

  it("counts days in the caller's time zone (23:30 UTC is the next day in Dubai)", async () => {
    const body = (
      await api('/api/reports/visit-summary?start_date=2026-01-14&end_date=2026-01-15&tz=Asia/Dubai')
    ).json();
    expect(body.days).toEqual([
      { day: '2026-01-14', count: 0 },
      { day: '2026-01-15', count: 2 },
    ]);
    const site = (
      await api(`/api/reports/visit-summary?start_date=2026-01-10&end_date=2026-01-15&site=${id.Warehouse}`)
    ).json();
    expect(site.count).toBe(2);
  });

  it('answers bad filters with 400 and the field that is wrong', async () => {
    for (const [url, field] of [
      ['/api/reports/history?from=2026-13-45', 'from'],
      ['/api/reports/history?from=2026-01-10&to=2026-01-01', 'to'],
      ['/api/reports/history?from=2023-01-01&to=2026-01-01', 'to'],
      ['/api/reports/history?sort=salary', 'sort'],
      ['/api/reports/history?site=nope', 'site'],
      ['/api/reports/history?page=0', 'page'],
      ['/api/reports/visit-summary?end_date=2026-01-10', 'start_date'],
      ['/api/reports/visit-summary?start_date=2026-01-10&end_date=2026-01-01', 'end_date'],
    ] as const) {
      const res = await api(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(Object.keys(res.json().errors), url).toContain(field);
    }
  });

  it("answers another company's ids in the filters with 404", async () => {
    const globexSite = globexIds.site;
    for (const url of [
      `/api/reports/history?site=${globexSite}`,
      `/api/reports/history?person=${globex.ids[1] ?? globex.entity.id}`,
      `/api/reports/visit-summary?start_date=2026-01-10&end_date=2026-01-10&site=${globexSite}`,
    ]) {
      const res = await api(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Globex');
    }
    const post = await app.inject({
      method: 'POST',
      url: '/api/exports',
      headers: bearer(admin),
      payload: { report: 'history', format: 'csv', filters: { site: globexSite } },
    });
    expect(post.statusCode).toBe(404);
  });

  it('checks each sub-item permission on its own', async () => {
    expect((await api('/api/reports/history', employee)).statusCode).toBe(403);
    expect((await api('/api/exports', employee)).statusCode).toBe(403);
    await withoutPermissions(get().database.db, acme, ['show_visit_summary_list', 'show_export_list'], async () => {
      expect((await api('/api/reports/history', reporter)).statusCode).toBe(200);
      expect(
        (await api('/api/reports/visit-summary?start_date=2026-01-10&end_date=2026-01-10', reporter)).statusCode,
      ).toBe(403);
      expect((await api('/api/exports', reporter)).statusCode).toBe(403);
      const summary = await app.inject({
        method: 'POST',
        url: '/api/exports',
        headers: bearer(reporter),
        payload: {
          report: 'visit_summary',
          format: 'csv',
          filters: { start_date: '2026-01-10', end_date: '2026-01-10' },
        },
      });
      expect(summary.statusCode).toBe(403);
    });
  });
});
