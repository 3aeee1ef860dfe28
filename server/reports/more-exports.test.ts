// Exports of users not on site, kiosk logs and the print list (NOW is 2026-01-15 15:00 UTC):
//   Harry signed in at 08:00 today and is still in; Sam came and went on 01-10.
//   Front desk printed Harry's badge (01-10 10:00, reprinted 01-11 09:00) and Hannah's (01-10 16:30);
//   Dock printed Carla's (01-12 09:00) and went offline (01-12 10:00).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import ExcelJS from 'exceljs';
import { kioskLogs } from '../db/schema/kiosk';
import { eachDatabase } from '../test/databases';
import { bearer, testClock, tokenFor } from '../test/harness';
import {
  exportedFile,
  kioskLogRow,
  openReportFixture,
  withoutPermissions,
  writeKiosks,
  writeVisitEvents,
  type ReportFixture,
} from '../test/report-fixture';

const NOW = Date.UTC(2026, 0, 15, 15, 0, 0);
const at = (d: string) => Date.parse(`${d}Z`);

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let reporter: string;
  let acme: string;
  let globexIds: ReportFixture['globexIds'];
  let id: Record<string, string>;

  const post = (payload: object, token = admin) =>
    app.inject({ method: 'POST', url: '/api/exports', headers: bearer(token), payload });
  const exported = (payload: object) => exportedFile(app, payload, admin);
  const csvLines = (text: string) => text.slice(1).trimEnd().split('\r\n');

  beforeAll(async () => {
    ({ app, admin, reporter, acme, globexIds, id } = await openReportFixture(get().database, testClock(NOW)));
    const db = get().database.db;
    const event = (person: string, kind: 'in' | 'out', when: string) => ({
      entityId: acme,
      id: uuidv7(),
      personId: id[person]!,
      kind,
      areaId: id.Reception!,
      at: at(when),
      receivedAt: new Date(at(when)),
    });
    const events = [
      event('sam.staff', 'in', '2026-01-10T09:00'),
      event('sam.staff', 'out', '2026-01-10T17:00'),
      event('harry.host', 'in', '2026-01-15T08:00'),
    ];
    await writeVisitEvents(db, acme, events);
    const { k1, k2 } = await writeKiosks(db, { acme, id }, NOW);
    id.k1 = k1;
    const log = (kioskId: string, kind: string, code: string, when: string, data: object | null = null) =>
      kioskLogRow(acme, kioskId, kind, code, at(when), data);
    const harryPrint = log(k1, 'action', 'badge_printed', '2026-01-10T10:00', { personId: id['harry.host'] });
    await db.insert(kioskLogs).values([
      log(k1, 'action', 'app_started', '2026-01-10T08:00'),
      harryPrint,
      log(k1, 'action', 'badge_printed', '2026-01-10T16:30', { personId: id['hannah.host'] }),
      log(k1, 'action', 'badge_printed', '2026-01-11T09:00', {
        personId: id['harry.host'],
        reprintOf: harryPrint.id,
      }),
      log(k2, 'action', 'badge_printed', '2026-01-12T09:00', { personId: id['carla.contractor'] }),
      log(k2, 'offline', 'offline', '2026-01-12T10:00'),
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('exports who of a user type is not on site now, as the page lists them', async () => {
    const page = await app.inject({
      url: `/api/reports/users-not-on-site?tz=UTC&userType=${id.Staff}&limit=500`,
      headers: bearer(admin),
    });
    const names = (page.json().data as Array<{ full_name: string }>).map((r) => r.full_name);
    expect(names).toContain('Sam Staff');
    expect(names).not.toContain('Harry Host'); // signed in since 08:00
    const res = await exported({ report: 'users_not_on_site', format: 'csv', filters: { userType: id.Staff } });
    const lines = csvLines(res.rawPayload.toString('utf8'));
    expect(lines[0]).toBe('Name,User type,Email');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(names);
    expect(lines).toContain('Sam Staff,Staff,sam.staff@acme.test');
  });

  it('exports the kiosk log lines of a kiosk and code, newest first, as xlsx', async () => {
    const res = await exported({
      report: 'kiosk_logs',
      format: 'xlsx',
      filters: { tz: 'UTC', kiosk: id.k1, code: 'badge', from: '2026-01-01', to: '2026-01-15' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(sheet.rowCount).toBe(4);
    expect(values(1)).toEqual(['Time', 'Kiosk', 'Kind', 'Code', 'Person', 'Area']);
    expect(values(2)).toEqual(['11/01/2026 09:00', 'Front desk', 'action', 'badge_printed', 'Harry Host']);
    expect(values(3)).toEqual(['10/01/2026 16:30', 'Front desk', 'action', 'badge_printed', 'Hannah Host']);
    expect(values(4)).toEqual(['10/01/2026 10:00', 'Front desk', 'action', 'badge_printed', 'Harry Host']);
  });

  it('exports the print list: first prints with their reprints, in the asked time zone', async () => {
    const res = await exported({
      report: 'printer',
      format: 'csv',
      filters: { tz: 'Asia/Dubai', from: '2026-01-01', to: '2026-01-15' },
    });
    expect(csvLines(res.rawPayload.toString('utf8'))).toEqual([
      'First printed,Kiosk,Name,Area,Reprints,Last printed',
      '12/01/2026 13:00,Dock,Carla Contractor,Loading Bay,0,12/01/2026 13:00',
      '10/01/2026 20:30,Front desk,Hannah Host,Reception,0,10/01/2026 20:30',
      '10/01/2026 14:00,Front desk,Harry Host,Reception,1,11/01/2026 13:00',
    ]);
  });

  it("checks the report's own permission, another company's kiosk (404) and bad filters (400)", async () => {
    const employee = await tokenFor(app, 'employee@acme.test');
    expect((await post({ report: 'kiosk_logs', format: 'csv', filters: {} }, employee)).statusCode).toBe(403);
    await withoutPermissions(get().database.db, acme, ['show_printer_list'], async () => {
      expect((await post({ report: 'printer', format: 'csv', filters: {} }, reporter)).statusCode).toBe(403);
      expect((await post({ report: 'kiosk_logs', format: 'csv', filters: {} }, reporter)).statusCode).toBe(201);
    });
    for (const report of ['kiosk_logs', 'printer'])
      expect((await post({ report, format: 'csv', filters: { kiosk: globexIds.user } })).statusCode, report).toBe(404);
    expect(
      (await post({ report: 'users_not_on_site', format: 'csv', filters: { userType: globexIds.userType } }))
        .statusCode,
    ).toBe(404);
    for (const [report, filters, field] of [
      ['users_not_on_site', { day: '2026-02-31' }, 'filters'],
      ['kiosk_logs', { from: '2026-01-10', to: '2026-01-01' }, 'to'],
      ['printer', { kiosk: 'nope' }, 'filters'],
    ] as const) {
      const res = await post({ report, format: 'csv', filters });
      expect(res.statusCode, report).toBe(400);
      expect(JSON.stringify(res.json().errors), report).toContain(field);
    }
  });
});
