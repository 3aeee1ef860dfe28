// Users not on site, track & trace, kiosk logs and the print list against a real database,
// with answers worked out by hand from a small fixture (NOW is 2026-01-15 15:00 UTC):
//   Sam   Reception      01-10 09:00–17:00     Harry Reception      01-10 10:00–11:30 (90 min with Sam)
//   Hannah Reception     01-10 16:30–18:00 (30 min with Sam)   Carla Loading Bay 01-10 09:00–17:00 (other area)
//   Sam   Meeting Rooms  01-12 08:00–09:00     Harry Meeting Rooms  01-12 08:30, still in (30 min)
//   Carla Loading Bay    01-15 14:00, still in
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import ExcelJS from 'exceljs';
import { kioskLogs } from '../db/schema/kiosk';
import { eachDatabase } from '../test/databases';
import { bearer, testClock, tokenFor } from '../test/harness';
import {
  kioskLogRow,
  openReportFixture,
  reportCalls,
  settledExport,
  withoutPermissions,
  writeKiosks,
  writeVisit,
  type ReportFixture,
} from '../test/report-fixture';

const NOW = Date.UTC(2026, 0, 15, 15, 0, 0);
const at = (d: string) => Date.parse(`${d}Z`);
const MIN = 60_000;

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
  const visit = (person: string, area: string, inAt: number, outAt: number | null) =>
    writeVisit(get().database.db, acme, { person, area, inAt, outAt });

  beforeAll(async () => {
    ({ app, admin, reporter, acme, globexIds, id } = await openReportFixture(get().database, testClock(NOW)));
    const db = get().database.db;
    await visit(id['sam.staff']!, id.Reception!, at('2026-01-10T09:00'), at('2026-01-10T17:00'));
    await visit(id['harry.host']!, id.Reception!, at('2026-01-10T10:00'), at('2026-01-10T11:30'));
    await visit(id['hannah.host']!, id.Reception!, at('2026-01-10T16:30'), at('2026-01-10T18:00'));
    await visit(id['carla.contractor']!, id['Loading Bay']!, at('2026-01-10T09:00'), at('2026-01-10T17:00'));
    await visit(id['sam.staff']!, id['Meeting Rooms']!, at('2026-01-12T08:00'), at('2026-01-12T09:00'));
    await visit(id['harry.host']!, id['Meeting Rooms']!, at('2026-01-12T08:30'), null);
    await visit(id['carla.contractor']!, id['Loading Bay']!, at('2026-01-15T14:00'), null);
    const { k1, k2 } = await writeKiosks(db, { acme, id }, NOW);
    id.k1 = k1;
    id.k2 = k2;
    const log = (kioskId: string, kind: string, code: string, when: string, data: object | null = null) =>
      kioskLogRow(acme, kioskId, kind, code, at(when), data);
    await db
      .insert(kioskLogs)
      .values([
        log(k1, 'action', 'app_started', '2026-01-10T08:00'),
        log(k1, 'action', 'badge_printed', '2026-01-10T10:00', { personId: id['harry.host'] }),
        log(k1, 'action', 'badge_printed', '2026-01-10T16:30', { personId: id['hannah.host'] }),
        log(k2, 'action', 'badge_printed', '2026-01-12T09:00', { personId: id['carla.contractor'] }),
        log(k2, 'offline', 'offline', '2026-01-12T10:00'),
        log(k1, 'action', 'app_started', '2025-11-01T08:00'),
      ]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists who of a user type is not signed in now, or was not in on a day', async () => {
    const names = (body: { data: Array<{ full_name: string }> }) => body.data.map((r) => r.full_name);
    const now = await ok(`/api/reports/users-not-on-site?userType=${id.Staff}`);
    // Harry is still in the meeting rooms; the other seven staff are not on site.
    expect(now.count).toBe(7);
    expect(names(now)).toEqual([
      'Ada Admin',
      'Eddie Employee',
      'Hannah Host',
      'Rita Reporter',
      'Sam Staff',
      'Sid System',
      'Wendy Warden',
    ]);
    expect(names(await ok(`/api/reports/users-not-on-site?userType=${id.Staff}&limit=3&page=2`))).toEqual([
      'Rita Reporter',
      'Sam Staff',
      'Sid System',
    ]);
    expect((await ok(`/api/reports/users-not-on-site?userType=${id.Contractor}`)).count).toBe(0);
    const day = await ok(`/api/reports/users-not-on-site?userType=${id.Staff}&day=2026-01-10`);
    expect(names(day)).toEqual(['Ada Admin', 'Eddie Employee', 'Rita Reporter', 'Sid System', 'Wendy Warden']);
    expect(names(await ok(`/api/reports/users-not-on-site?userType=${id.Contractor}&day=2026-01-11`))).toEqual([
      'Carla Contractor',
    ]);
  });

  it('works out who shared an area with a person and for how long, and exports it', async () => {
    const body = await ok(`/api/reports/track-trace?person=${id['sam.staff']}&from=2026-01-01&to=2026-01-15`);
    expect(body.subject.full_name).toBe('Sam Staff');
    expect(body.count).toBe(2);
    expect(body.data).toEqual([
      {
        person_id: id['harry.host'],
        full_name: 'Harry Host',
        user_type_name: 'Staff',
        overlap_ms: 120 * MIN,
        first_at: at('2026-01-10T10:00'),
        last_at: at('2026-01-12T09:00'),
        areas: ['Reception', 'Meeting Rooms'],
        encounters: 2,
      },
      expect.objectContaining({ full_name: 'Hannah Host', overlap_ms: 30 * MIN, areas: ['Reception'] }),
    ]);
    const day = await ok(`/api/reports/track-trace?person=${id['sam.staff']}&from=2026-01-12&to=2026-01-12`);
    expect(day.data.map((r: { full_name: string; overlap_ms: number }) => [r.full_name, r.overlap_ms])).toEqual([
      ['Harry Host', 30 * MIN],
    ]);
    const page2 = await ok(
      `/api/reports/track-trace?person=${id['sam.staff']}&from=2026-01-01&to=2026-01-15&limit=1&page=2`,
    );
    expect(page2.data.map((r: { full_name: string }) => r.full_name)).toEqual(['Hannah Host']);

    const post = await app.inject({
      method: 'POST',
      url: '/api/exports',
      headers: bearer(reporter),
      payload: {
        report: 'track_trace',
        format: 'xlsx',
        filters: { person: id['sam.staff'], from: '2026-01-01', to: '2026-01-15' },
      },
    });
    expect(post.statusCode, post.body).toBe(201);
    // The job runs in the background; the export list says when it is done.
    expect((await settledExport(app, admin, post.json().data.id)).status).toBe('done');
    const file = await api(`/api/exports/${post.json().data.id}/file`);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe('Harry Host');
    expect(sheet.getRow(2).getCell(3).value).toBe(120);
    expect(sheet.getRow(3).getCell(1).value).toBe('Hannah Host');
  });

  it('lists kiosk log lines newest first, filtered by kiosk, code and time', async () => {
    const codes = (body: { data: Array<{ code: string }> }) => body.data.map((r) => r.code);
    const all = await ok('/api/reports/kiosk-logs');
    expect(all.count).toBe(5); // the November line is outside the last 30 days
    expect(codes(all)).toEqual(['offline', 'badge_printed', 'badge_printed', 'badge_printed', 'app_started']);
    expect(all.data[0].kiosk_name).toBe('Dock');
    expect(codes(await ok(`/api/reports/kiosk-logs?kiosk=${id.k2}`))).toEqual(['offline', 'badge_printed']);
    expect((await ok('/api/reports/kiosk-logs?code=BADGE')).count).toBe(3);
    expect((await ok('/api/reports/kiosk-logs?from=2026-01-12&to=2026-01-12')).count).toBe(2);
    expect((await ok('/api/reports/kiosk-logs?from=2025-11-01&to=2025-11-01')).count).toBe(1);
    expect((await ok('/api/reports/kiosks')).data.map((k: { kiosk_name: string }) => k.kiosk_name)).toEqual([
      'Dock',
      'Front desk',
    ]);
  });

  it('lists badges printed by kiosk and day', async () => {
    const body = await ok('/api/reports/printer');
    expect(body.count).toBe(3);
    expect(body.data.map((r: { full_name: string; kiosk_name: string }) => [r.full_name, r.kiosk_name])).toEqual([
      ['Carla Contractor', 'Dock'],
      ['Hannah Host', 'Front desk'],
      ['Harry Host', 'Front desk'],
    ]);
    expect(body.data[1].area_name).toBe('Reception');
    expect(body.byKioskDay).toEqual([
      { kiosk_id: id.k2, kiosk_name: 'Dock', day: '2026-01-12', count: 1, reprints: 0 },
      { kiosk_id: id.k1, kiosk_name: 'Front desk', day: '2026-01-10', count: 2, reprints: 0 },
    ]);
    expect((await ok(`/api/reports/printer?kiosk=${id.k1}`)).count).toBe(2);
    expect((await ok('/api/reports/kiosk-logs?code=badge')).data[0].person_name).toBe('Carla Contractor');
  });

  it('records a reprint and shows it against the first print', async () => {
    const first = (await ok('/api/reports/printer')).data[1] as { id: string; full_name: string };
    const post = (printId: string, token = admin) =>
      app.inject({ method: 'POST', url: `/api/reports/printer/${printId}/reprint`, headers: bearer(token) });
    const one = await post(first.id);
    expect(one.statusCode, one.body).toBe(201);
    // Reprinting a reprint counts against the same first print.
    expect((await post(one.json().data.id)).statusCode).toBe(201);
    const body = await ok('/api/reports/printer?from=2026-01-10');
    // The first prints stay three rows; Hannah's shows two reprints, last printed now.
    expect(body.count).toBe(3);
    const row = body.data.find((r: { id: string }) => r.id === first.id);
    expect([row.full_name, row.reprints, row.last_printed_at]).toEqual(['Hannah Host', 2, NOW]);
    expect(body.byKioskDay).toContainEqual({
      kiosk_id: id.k1,
      kiosk_name: 'Front desk',
      day: '2026-01-15',
      count: 2,
      reprints: 2,
    });
    const logs = await ok('/api/reports/kiosk-logs?from=2026-01-15&to=2026-01-15&code=badge');
    expect(logs.data.map((l: { data: { reprintOf: string } }) => l.data.reprintOf)).toEqual([first.id, first.id]);
    const globexKiosk = uuidv7();
    expect((await post(globexKiosk)).statusCode).toBe(404);
    expect((await post('nope')).statusCode).toBe(400);
    expect((await post(first.id, await tokenFor(app, 'employee@acme.test'))).statusCode).toBe(403);
  });

  it("answers bad filters with 400 and the field, and other companies' ids with 404", async () => {
    for (const [url, field] of [
      ['/api/reports/track-trace', 'person'],
      [`/api/reports/track-trace?person=${id.admin}&from=2026-01-10&to=2026-01-01`, 'to'],
      ['/api/reports/users-not-on-site?day=2026-02-31x', 'day'],
      ['/api/reports/users-not-on-site?userType=nope', 'userType'],
      ['/api/reports/kiosk-logs?page=0', 'page'],
      ['/api/reports/printer?from=yesterday', 'from'],
      [`/api/reports/track-trace?person=${id.admin}&to=2140-28-18`, 'to'],
    ] as const) {
      const res = await api(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(Object.keys(res.json().errors), url).toContain(field);
    }
    for (const url of [
      `/api/reports/track-trace?person=${globexIds.user}`,
      `/api/reports/users-not-on-site?userType=${globexIds.userType}`,
      `/api/reports/kiosk-logs?kiosk=${globexIds.user}`,
      `/api/reports/printer?kiosk=${globexIds.user}`,
    ]) {
      const res = await api(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Globex');
    }
  });

  it('checks each sub-item permission on its own', async () => {
    const urls = {
      show_users_not_on_site_list: '/api/reports/users-not-on-site',
      show_track_trace_list: `/api/reports/track-trace?person=${id['sam.staff']}`,
      show_kiosk_logs_list: '/api/reports/kiosk-logs',
      show_printer_list: '/api/reports/printer',
    };
    for (const key of Object.keys(urls))
      await withoutPermissions(get().database.db, acme, [key], async () => {
        for (const [other, otherUrl] of Object.entries(urls))
          expect((await api(otherUrl, reporter)).statusCode, `${key} off: ${other}`).toBe(other === key ? 403 : 200);
      });
    expect(
      (await api('/api/reports/track-trace?person=' + id.admin, await tokenFor(app, 'employee@acme.test'))).statusCode,
    ).toBe(403);
  });
});
