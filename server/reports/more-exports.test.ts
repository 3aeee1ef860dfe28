// Exports of users not on site, kiosk logs and the print list (NOW is 2026-01-15 15:00 UTC):
//   Harry signed in at 08:00 today and is still in; Sam came and went on 01-10.
//   Front desk printed Harry's badge (01-10 10:00, reprinted 01-11 09:00) and Hannah's (01-10 16:30);
//   Dock printed Carla's (01-12 09:00) and went offline (01-12 10:00).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import ExcelJS from 'exceljs';
import { areas, entities, roles, users, userTypes, visitEvents } from '../db/schema/index';
import { kioskLogs, kiosks } from '../db/schema/kiosk';
import { eachDatabase } from '../test/databases';
import { pairVisits } from '../dashboard/visit-pairing';
import { bearer, entityFacts, seededApp, testClock, tokenFor } from '../test/harness';

const NOW = Date.UTC(2026, 0, 15, 15, 0, 0);
const at = (d: string) => Date.parse(`${d}Z`);

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let reporter: string;
  let acme: string;
  let globex: Awaited<ReturnType<typeof entityFacts>>;
  const id: Record<string, string> = {};

  const post = (payload: object, token = admin) =>
    app.inject({ method: 'POST', url: '/api/exports', headers: bearer(token), payload });
  /** Asks for an export, waits for its job (it runs in the background) and returns its file. */
  async function exported(payload: object) {
    const asked = await post(payload);
    expect(asked.statusCode, asked.body).toBe(201);
    const jobId = asked.json().data.id as string;
    for (;;) {
      const list = (await app.inject({ url: '/api/exports', headers: bearer(admin) })).json().data as Array<{
        id: string;
        status: string;
      }>;
      const job = list.find((j) => j.id === jobId);
      if (job?.status === 'failed') throw new Error('export failed');
      if (job?.status === 'done') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    return app.inject({ url: `/api/exports/${jobId}/file`, headers: bearer(admin) });
  }
  const csvLines = (text: string) => text.slice(1).trimEnd().split('\r\n');

  beforeAll(async () => {
    app = await seededApp(get().database, testClock(NOW));
    admin = await tokenFor(app, 'admin@acme.test');
    reporter = await tokenFor(app, 'reporter@acme.test');
    globex = await entityFacts(get().database, 'globex');
    const db = get().database.db;
    acme = (await db.select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
    for (const u of await db.select().from(users).where(eq(users.entityId, acme))) id[u.email.split('@')[0]!] = u.id;
    for (const a of await db.select().from(areas).where(eq(areas.entityId, acme))) id[a.name] = a.id;
    for (const t of await db.select().from(userTypes).where(eq(userTypes.entityId, acme))) id[t.name] = t.id;
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
    await db.insert(visitEvents).values(events);
    await pairVisits(
      db,
      acme,
      events.map((e) => e.id),
    );
    const kiosk = (name: string, area: string) => ({
      entityId: acme,
      id: uuidv7(),
      kioskName: name,
      areaId: area,
      registeredBy: id.admin!,
      createdAt: new Date(NOW - 90 * 86_400_000),
    });
    const k1 = kiosk('Front desk', id.Reception!);
    const k2 = kiosk('Dock', id['Loading Bay']!);
    await db.insert(kiosks).values([k1, k2]);
    id.k1 = k1.id;
    const log = (kioskId: string, kind: string, code: string, when: string, data: object | null = null) => ({
      entityId: acme,
      id: uuidv7(),
      kioskId,
      kind,
      code,
      data: data as Record<string, unknown>,
      at: at(when),
    });
    const harryPrint = log(k1.id, 'action', 'badge_printed', '2026-01-10T10:00', { personId: id['harry.host'] });
    await db.insert(kioskLogs).values([
      log(k1.id, 'action', 'app_started', '2026-01-10T08:00'),
      harryPrint,
      log(k1.id, 'action', 'badge_printed', '2026-01-10T16:30', { personId: id['hannah.host'] }),
      log(k1.id, 'action', 'badge_printed', '2026-01-11T09:00', {
        personId: id['harry.host'],
        reprintOf: harryPrint.id,
      }),
      log(k2.id, 'action', 'badge_printed', '2026-01-12T09:00', { personId: id['carla.contractor'] }),
      log(k2.id, 'offline', 'offline', '2026-01-12T10:00'),
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
    const db = get().database.db;
    const [role] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.entityId, acme), eq(roles.name, 'employee with reporting')));
    await db
      .update(roles)
      .set({ permissions: { ...role!.permissions, show_printer_list: { pivot: { allowed: 0 as const } } } })
      .where(and(eq(roles.entityId, acme), eq(roles.id, role!.id)));
    try {
      expect((await post({ report: 'printer', format: 'csv', filters: {} }, reporter)).statusCode).toBe(403);
      expect((await post({ report: 'kiosk_logs', format: 'csv', filters: {} }, reporter)).statusCode).toBe(201);
    } finally {
      await db
        .update(roles)
        .set({ permissions: role!.permissions })
        .where(and(eq(roles.entityId, acme), eq(roles.id, role!.id)));
    }
    const globexUser = (await db.select().from(users).where(eq(users.entityId, globex.entity.id)))[0]!.id;
    for (const report of ['kiosk_logs', 'printer'])
      expect((await post({ report, format: 'csv', filters: { kiosk: globexUser } })).statusCode, report).toBe(404);
    const globexType = (await db.select().from(userTypes).where(eq(userTypes.entityId, globex.entity.id)))[0]!.id;
    expect(
      (await post({ report: 'users_not_on_site', format: 'csv', filters: { userType: globexType } })).statusCode,
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
