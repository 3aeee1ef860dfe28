// a visit signed in at a kiosk shows its host, checks and stage in the history,
// its print view and its csv and xlsx exports. The kiosk journey records the host by id
// (`details.hostIds`), not by name, so the reports name it from the company's people.
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PushResponse } from '../../sync/protocol';
import { entities } from '../db/schema/entities';
import { journeyFlows, userTypes } from '../db/schema/journeys';
import { complianceForms } from '../db/schema/kiosk-config';
import { users } from '../db/schema/people';
import { areas } from '../db/schema/places';
import { visitEvents } from '../db/schema/visits';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';
import { exportedFile } from '../test/report-fixture';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let kioskToken: string;
  /** The sign-in's day as the server recorded it (its clock may be the tests' own). */
  let today = '';

  beforeAll(async () => {
    app = await seededApp(get().database);
    const db = get().database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const e = acme!.id;
    const [area] = await db
      .select()
      .from(areas)
      .where(and(eq(areas.entityId, e), eq(areas.name, 'Reception')));
    const [visitorType] = await db
      .select()
      .from(userTypes)
      .where(and(eq(userTypes.entityId, e), eq(userTypes.name, 'Visitor')));
    const [form] = await db.select().from(complianceForms).where(eq(complianceForms.entityId, e));
    const [flow] = await db
      .select()
      .from(journeyFlows)
      .where(and(eq(journeyFlows.entityId, e), eq(journeyFlows.name, 'Visitor arrival')));
    const [host] = await db.select().from(users).where(eq(users.email, 'admin@acme.test'));
    admin = await tokenFor(app, 'admin@acme.test');
    const kiosk = await app.inject({
      method: 'POST',
      url: '/api/kiosk',
      headers: bearer(admin),
      payload: { kiosk_name: 'Front desk', area_id: area!.id },
    });
    kioskToken = kiosk.json().data.access_token;
    const personId = uuidv7();
    const at = Date.now();
    const args = {
      visitId: uuidv7(),
      personId,
      kioskId: kiosk.json().data.kiosk.id,
      areaId: area!.id,
      journeyId: flow!.journeyId,
      journeyFlowId: flow!.id,
      method: 'new',
      signInEventId: uuidv7(),
      stage: 'ready to sign in',
      at,
      customFields: [],
      registration: {
        personId,
        firstName: 'Nora',
        lastName: 'Northwind',
        email: `nora${at}@example.com`,
        phone: `07${String(at).slice(-9)}`,
        userTypeId: visitorType!.id,
        at,
      },
      compliance: {
        answerId: uuidv7(),
        complianceId: form!.id,
        complianceVersion: 1,
        agreed: true,
        answers: [
          { questionId: 'fever', answer: 'no' },
          { questionId: 'well', answer: 'yes' },
        ],
      },
      checks: { checkId: uuidv7(), temperature: { raw: '36.6', threshold: 37.5 }, mask: true },
      host: { notificationId: uuidv7(), hostId: host!.id, message: 'At reception' },
    };
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(kioskToken),
      payload: {
        deviceId: uuidv7(),
        mutations: [{ seq: 1, mutationId: uuidv7(), name: 'kiosk.journey', args, clientTime: at, clockOffsetMs: 0 }],
      },
    });
    expect((res.json() as PushResponse).results[0]).toMatchObject({ status: 'applied' });
    const [event] = await db.select().from(visitEvents).where(eq(visitEvents.id, args.signInEventId));
    today = new Date(Number(event!.at)).toISOString().slice(0, 10);
  });
  afterAll(async () => {
    await app.close();
  });

  const filters = () => ({ tz: 'UTC', from: today, to: today });

  it('names the host a kiosk sign-in recorded, with its checks, in the history and its print view', async () => {
    for (const url of [
      `/api/reports/history?tz=UTC&from=${today}&to=${today}`,
      `/api/reports/history/print?tz=UTC&from=${today}&to=${today}`,
    ]) {
      const res = await app.inject({ url, headers: bearer(admin) });
      expect(res.statusCode, res.body).toBe(200);
      const row = (res.json().data as Array<Record<string, unknown>>).find((r) => r.fullName === 'Nora Northwind');
      expect(row, url).toMatchObject({ host: 'Ada Admin', checks: { temperature: { value: 36.6, unit: 'c' } } });
    }
  });

  it('finds the visit by its host name', async () => {
    const res = await app.inject({
      url: `/api/reports/history?tz=UTC&from=${today}&to=${today}&host=ada`,
      headers: bearer(admin),
    });
    expect(res.json().data.map((r: { fullName: string }) => r.fullName)).toContain('Nora Northwind');
  });

  it('puts the host and the checks in the csv and xlsx exports', async () => {
    const csv = (await exportedFile(app, { report: 'history', format: 'csv', filters: filters() }, admin)).body;
    const line = csv.split('\n').find((l) => l.includes('Nora Northwind'))!;
    expect(line).toContain('Ada Admin');
    expect(line).toContain('36.6');

    const file = await exportedFile(app, { report: 'history', format: 'xlsx', filters: filters() }, admin);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const hostCol = header.indexOf('Host');
    let found = false;
    sheet.eachRow((row) => {
      if (row.getCell(3).value === 'Nora Northwind') {
        found = true;
        expect(row.getCell(hostCol).value).toBe('Ada Admin');
      }
    });
    expect(found).toBe(true);
  });

  // A kiosk sign-in is stored "ready to sign in"; the export says where the person is instead.
  it('says where the person is, not "Ready to sign in", in the csv export', async () => {
    const csv = (await exportedFile(app, { report: 'history', format: 'csv', filters: filters() }, admin)).body;
    const line = csv.split('\n').find((l) => l.includes('Nora Northwind'))!;
    expect(line).not.toMatch(/ready to sign in/i);
    expect(line).toMatch(/Signed in,.*Signed in|Signed in.*Signed in/);
  });
});
