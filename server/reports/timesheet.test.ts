// Timesheet and time reports against a real database, answers worked out by hand. Reception's
// site is in Europe/London; a 09:00–17:00 Monday–Friday mode. Sam: late Friday 23 Oct 2026
// (09:20–17:00 BST, "Train delay", L1: 7:40), a night from Saturday 22:00 BST to Sunday 06:00 GMT
// over the end of summer time (2:00 + 7:00), early Monday 26 Oct (09:00–15:00, "Doctor", E1:
// 6:00). Carla: Monday 09:00–17:00 without a mode (8:00). Harry: September, outside the range.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { pairVisits } from '../dashboard/visit-pairing';
import { attendanceModes, attendanceRecords, sites, visitEvents } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, testClock, tokenFor } from '../test/harness';
import {
  exportedFile,
  openReportFixture,
  reportCalls,
  settledExport,
  type ReportFixture,
} from '../test/report-fixture';

const NOW = Date.parse('2026-11-02T12:00:00Z');
const z = (s: string) => Date.parse(s);
const RANGE = 'tz=Europe/London&from=2026-10-19&to=2026-10-31';

interface Mark {
  situation?: 'late_sign_in' | 'early_sign_out';
  reason?: string;
  code?: string | null;
}

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let reporter: string;
  let employee: string;
  let acme: string;
  let modeId: string;
  let globex: ReportFixture['globex'];
  let globexIds: ReportFixture['globexIds'];
  let id: Record<string, string>;
  const { api, ok: json } = reportCalls(
    () => app,
    () => admin,
  );

  async function visit(person: string, inAt: string, outAt: string, inMark?: Mark, outMark?: Mark) {
    const db = get().database.db;
    const events = [
      { id: uuidv7(), kind: 'in' as const, at: z(inAt), mark: inMark },
      { id: uuidv7(), kind: 'out' as const, at: z(outAt), mark: outMark },
    ];
    for (const e of events) {
      await db.insert(visitEvents).values({
        entityId: acme,
        id: e.id,
        personId: person,
        kind: e.kind,
        areaId: id.Reception!,
        at: e.at,
        receivedAt: new Date(e.at),
      });
      if (e.mark)
        await db.insert(attendanceRecords).values({
          entityId: acme,
          id: e.id,
          personId: person,
          kind: e.kind,
          areaId: id.Reception!,
          attendanceModeId: modeId,
          situation: e.mark.situation ?? null,
          reasonName: e.mark.reason ?? null,
          attendanceCode: e.mark.code === undefined ? 'P' : e.mark.code,
          source: 'kiosk',
          at: e.at,
        });
    }
    await pairVisits(
      db,
      acme,
      events.map((e) => e.id),
    );
  }

  beforeAll(async () => {
    ({ app, admin, reporter, acme, globex, globexIds, id } = await openReportFixture(get().database, testClock(NOW)));
    employee = await tokenFor(app, 'employee@acme.test');
    const db = get().database.db;
    await db
      .update(sites)
      .set({ timeZone: 'Europe/London' })
      .where(and(eq(sites.entityId, acme), eq(sites.id, id['site:Reception']!)));
    modeId = uuidv7();
    await db.insert(attendanceModes).values({
      entityId: acme,
      id: modeId,
      name: 'Timesheet test office',
      workingDays: [1, 2, 3, 4, 5],
      startMinutes: 540,
      endMinutes: 1020,
      lateGraceMinutes: 5,
      earlyGraceMinutes: 5,
      attendanceCode: 'P',
    });
    const sam = id['sam.staff']!;
    await visit(
      sam,
      '2026-10-23T08:20:00Z',
      '2026-10-23T16:00:00Z',
      {
        situation: 'late_sign_in',
        reason: 'Train delay',
        code: 'L1',
      },
      {},
    );
    await visit(sam, '2026-10-24T21:00:00Z', '2026-10-25T06:00:00Z', { code: null }, { code: null });
    await visit(
      sam,
      '2026-10-26T09:00:00Z',
      '2026-10-26T15:00:00Z',
      {},
      {
        situation: 'early_sign_out',
        reason: 'Doctor',
        code: 'E1',
      },
    );
    await visit(id['carla.contractor']!, '2026-10-26T09:00:00Z', '2026-10-26T17:00:00Z');
    await visit(id['harry.host']!, '2026-09-01T09:00:00Z', '2026-09-01T17:00:00Z');
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives hours per person per day against the mode, with late and early reasons, DST and week totals', async () => {
    const body = await json(`/api/reports/timesheet?${RANGE}`);
    expect(body.count).toBe(2);
    expect(body.data.map((p: { fullName: string }) => p.fullName)).toEqual(['Carla Contractor', 'Sam Staff']);
    const sam = body.data[1];
    expect(
      sam.days.map((d: { day: string; minutes: number; expectedMinutes: number | null }) => [
        d.day,
        d.minutes,
        d.expectedMinutes,
      ]),
    ).toEqual([
      ['2026-10-23', 460, 480],
      ['2026-10-24', 120, 0],
      ['2026-10-25', 420, 0],
      ['2026-10-26', 360, 480],
    ]);
    expect(sam.days[0].late).toMatchObject({ reasonName: 'Train delay', attendanceCode: 'L1' });
    expect(sam.days[0].codes).toEqual(['L1', 'P']);
    expect(sam.days[3].early).toMatchObject({ reasonName: 'Doctor', attendanceCode: 'E1' });
    expect(sam.weeks).toEqual([
      { week: '2026-10-19', minutes: 1000 },
      { week: '2026-10-26', minutes: 360 },
    ]);
    expect(sam.totalMinutes).toBe(1360);
    expect(body.data[0].days).toMatchObject([{ day: '2026-10-26', minutes: 480, expectedMinutes: null }]);

    const second = await json(`/api/reports/timesheet?${RANGE}&limit=1&page=2`);
    expect(second.data.map((p: { fullName: string }) => p.fullName)).toEqual(['Sam Staff']);
    expect((await json(`/api/reports/timesheet?${RANGE}&userType=${id.Contractor}`)).count).toBe(1);
    expect((await json(`/api/reports/timesheet?${RANGE}&person=${id['sam.staff']}`)).count).toBe(1);
    expect((await json(`/api/reports/timesheet?${RANGE}&site=${id['site:Loading Bay']}`)).count).toBe(0);
  });

  it('sums time on site per person and per user type, cut at the range', async () => {
    const body = await json(`/api/reports/time?${RANGE}`, reporter);
    expect(body.data).toMatchObject([
      { fullName: 'Sam Staff', minutes: 1360, visits: 3, days: 3, averageMinutes: 453 },
      { fullName: 'Carla Contractor', minutes: 480, visits: 1, days: 1, averageMinutes: 480 },
    ]);
    expect(body.byUserType).toMatchObject([
      { userTypeName: 'Staff', minutes: 1360, people: 1, visits: 3 },
      { userTypeName: 'Contractor', minutes: 480, people: 1, visits: 1 },
    ]);
    expect(body.totalMinutes).toBe(1840);
    // From Sunday 25 Oct only: Sam's night counts from local midnight (7 h) plus Monday's 6 h.
    const cut = await json(`/api/reports/time?tz=Europe/London&from=2026-10-25&to=2026-10-31`);
    expect(cut.data[0]).toMatchObject({ fullName: 'Sam Staff', minutes: 780, visits: 2 });
  });

  it('exports the timesheet as xlsx, one row per person per day', async () => {
    const file = await exportedFile(
      app,
      { report: 'timesheet', format: 'xlsx', filters: { tz: 'Europe/London', from: '2026-10-19', to: '2026-10-31' } },
      reporter,
      admin,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(1).getCell(6).value).toBe('Hours');
    expect(sheet.getRow(3).values).toEqual(
      expect.arrayContaining(['Sam Staff', '23/10/2026', 7.67, 8, 'Train delay', 'L1, P']),
    );
  });

  it('exports time on site as CSV, one row per person, hours as decimals', async () => {
    const filters = Object.fromEntries(new URLSearchParams(RANGE));
    const post = await app.inject({
      method: 'POST',
      url: '/api/exports',
      headers: bearer(reporter),
      payload: { report: 'time', format: 'csv', filters },
    });
    expect(post.statusCode, post.body).toBe(201);
    await settledExport(app, admin, post.json().data.id);
    const text = (await api(`/api/exports/${post.json().data.id}/file`)).rawPayload.toString('utf8');
    // 1,360 minutes over 3 visits (453 on average) and 480 in 1, as the page's sums above.
    expect(text.slice(1).trimEnd().split('\r\n')).toEqual([
      'Name,User type,Hours,Visits,Days on site,Average visit',
      'Sam Staff,Staff,22.67,3,3,7.55',
      'Carla Contractor,Contractor,8,1,1,8',
    ]);
  });

  it('checks permissions, answers bad filters with 400 and other companies’ ids with 404', async () => {
    expect((await api(`/api/reports/timesheet?${RANGE}`, employee)).statusCode).toBe(403);
    expect((await api(`/api/reports/time?${RANGE}`, employee)).statusCode).toBe(403);
    for (const [query, field] of [
      ['from=2026-13-45', 'from'],
      ['from=2026-10-31&to=2026-10-01', 'to'],
      ['from=2025-01-01&to=2026-10-01', 'to'],
      ['person=not-an-id', 'person'],
      ['tz=Mars/Olympus', 'tz'],
      ['page=0', 'page'],
    ]) {
      for (const path of ['timesheet', 'time']) {
        const res = await api(`/api/reports/${path}?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(res.json().errors), query).toContain(field);
      }
    }
    for (const url of [`/api/reports/timesheet?site=${globexIds.site}`, `/api/reports/time?person=${globex.ids[1]}`]) {
      const res = await api(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Globex');
    }
  });
});
