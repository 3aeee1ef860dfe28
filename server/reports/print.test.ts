// Print views: one answer holds the whole filtered report, in the page's order, up to
// the print cap; it needs the page's permission and takes the page's filters.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { PRINT_CAP } from '../../domain/report-print';
import { visitEvents } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { testClock, tokenFor } from '../test/harness';
import {
  openReportFixture,
  reportCalls,
  withoutPermissions,
  writeVisitEvents,
  type ReportFixture,
} from '../test/report-fixture';

const NOW = Date.UTC(2026, 0, 15, 15, 0, 0);
const MIN = 60_000;
const DAY = 86_400_000;
const JAN1 = Date.UTC(2026, 0, 1, 6, 0, 0);
/** More sign-ins than a print holds, so the cap shows. */
const MANY = PRINT_CAP + 3;

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let reporter: string;
  let acme: string;
  let globexIds: ReportFixture['globexIds'];
  let id: Record<string, string>;
  const { api, ok } = reportCalls(
    () => app,
    () => admin,
  );
  /** Every page of a report, one after the other. */
  async function pages<T>(url: string, limit: number, key = 'data'): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const body = await ok(`${url}&limit=${limit}&page=${page}`);
      out.push(...(body[key] as T[]));
      if (page * limit >= body.count) return out;
    }
  }

  beforeAll(async () => {
    ({ app, admin, reporter, acme, globexIds, id } = await openReportFixture(get().database, testClock(NOW)));
    // Sam signs in and out many times a day at Reception; five others meet him there now and then.
    const people = ['sam.staff', 'carla.contractor', 'harry.host', 'hannah.host', 'admin', 'reporter'];
    const events: Array<typeof visitEvents.$inferInsert> = [];
    for (let i = 0; i < MANY + 40; i++) {
      const person = i < MANY ? id['sam.staff']! : (id[people[1 + (i % 5)]!] ?? id['carla.contractor']!);
      const area = i < MANY ? id.Reception! : i % 2 ? id.Reception! : id['Loading Bay']!;
      const inAt =
        i < MANY
          ? JAN1 + (i % 12) * DAY + Math.floor(i / 12) * 3 * MIN
          : JAN1 + (i % 12) * DAY + (i - MANY) * 3 * MIN + MIN;
      const base = { entityId: acme, personId: person, areaId: area };
      events.push({ ...base, id: uuidv7(), kind: 'in', at: inAt, receivedAt: new Date(inAt) });
      events.push({ ...base, id: uuidv7(), kind: 'out', at: inAt + 2 * MIN, receivedAt: new Date(inAt + 2 * MIN) });
    }
    await writeVisitEvents(get().database.db, acme, events);
  }, 120_000);
  afterAll(async () => {
    await app.close();
  });

  it('prints the whole filtered history in the order of its pages', async () => {
    const q = `tz=UTC&from=2026-01-01&to=2026-01-15&area=${id['Loading Bay']}&sort=name&order=asc`;
    const print = await ok(`/api/reports/history/print?${q}&page=3&limit=10`);
    const paged = await pages<{ id: string }>(`/api/reports/history?${q}`, 10);
    expect(print.count).toBe(20);
    expect(print.cap).toBe(PRINT_CAP);
    expect(print.data.map((r: { id: string }) => r.id)).toEqual(paged.map((r) => r.id));
    expect(print.from).toBe('2026-01-01');
  });

  it('prints the first 2,000 rows above the cap and says how many there are', async () => {
    const q = 'tz=UTC&from=2026-01-01&to=2026-01-15';
    const print = await ok(`/api/reports/history/print?${q}`);
    expect(print.count).toBe(MANY + 40);
    expect(print.data).toHaveLength(PRINT_CAP);
    const paged = await pages<{ id: string }>(`/api/reports/history?${q}`, 500);
    expect(print.data.map((r: { id: string }) => r.id)).toEqual(paged.slice(0, PRINT_CAP).map((r) => r.id));
  });

  it('prints every person of the timesheet and every contact of track & trace, as the pages', async () => {
    const q = 'tz=UTC&from=2026-01-01&to=2026-01-15';
    const sheet = await ok(`/api/reports/timesheet/print?${q}`);
    const sheetPages = await pages<{ personId: string; days: unknown[] }>(`/api/reports/timesheet?${q}`, 2);
    expect(sheet.count).toBe(6);
    expect(sheet.data).toEqual(sheetPages);
    const trace = `tz=UTC&person=${id['sam.staff']}&from=2026-01-01&to=2026-01-15`;
    const contacts = await ok(`/api/reports/track-trace/print?${trace}`);
    const contactPages = await pages<{ person_id: string }>(`/api/reports/track-trace?${trace}`, 1);
    expect(contacts.count).toBeGreaterThan(1);
    expect(contacts.data).toEqual(contactPages);
    expect(contacts.subject.full_name).toBe('Sam Staff');
  });

  it("prints every person of the time report, most time first as its pages, with the whole range's totals", async () => {
    const q = 'tz=UTC&from=2026-01-01&to=2026-01-15';
    const print = await ok(`/api/reports/time/print?${q}&page=2&limit=1`);
    const paged = await pages<{ personId: string; minutes: number }>(`/api/reports/time?${q}`, 2);
    const screen = await ok(`/api/reports/time?${q}`);
    expect(print.count).toBe(6);
    expect(print.cap).toBe(PRINT_CAP);
    expect(print.data).toEqual(paged);
    expect(print.data.length).toBeGreaterThan(1);
    expect(print.data[0].personId).toBe(id['sam.staff']);
    expect(print.byUserType).toEqual(screen.byUserType);
    expect(print.totalMinutes).toBe(screen.totalMinutes);
    expect(print.from).toBe('2026-01-01');
    expect((await api(`/api/reports/time/print?site=nope`)).statusCode).toBe(400);
    const other = await api(`/api/reports/time/print?person=${globexIds.user}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Globex');
    expect((await api('/api/reports/time/print', await tokenFor(app, 'employee@acme.test'))).statusCode).toBe(403);
    await withoutPermissions(get().database.db, acme, ['reporting'], async () => {
      expect((await api('/api/reports/time/print', reporter)).statusCode).toBe(403);
    });
  });

  it("answers bad filters with 400 and another company's ids with 404", async () => {
    for (const [url, field] of [
      ['/api/reports/history/print?from=2026-13-01', 'from'],
      ['/api/reports/history/print?sort=shoeSize', 'sort'],
      ['/api/reports/timesheet/print?site=nope', 'site'],
      ['/api/reports/track-trace/print', 'person'],
    ] as const) {
      const res = await api(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().errors), url).toContain(field);
    }
    for (const url of [
      `/api/reports/history/print?site=${globexIds.site}`,
      `/api/reports/timesheet/print?person=${globexIds.user}`,
      `/api/reports/track-trace/print?person=${globexIds.user}`,
    ]) {
      const res = await api(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Globex');
    }
  });

  it("needs the page's own permission", async () => {
    const employee = await tokenFor(app, 'employee@acme.test');
    const urls = {
      show_history_list: '/api/reports/history/print',
      show_time_sheet_list: '/api/reports/timesheet/print',
      show_track_trace_list: `/api/reports/track-trace/print?person=${id['sam.staff']}`,
    };
    for (const url of Object.values(urls)) expect((await api(url, employee)).statusCode, url).toBe(403);
    for (const key of Object.keys(urls))
      await withoutPermissions(get().database.db, acme, [key], async () => {
        for (const [other, url] of Object.entries(urls))
          expect((await api(url, reporter)).statusCode, `${key} off: ${other}`).toBe(other === key ? 403 : 200);
      });
  });
});
