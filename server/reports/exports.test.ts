// Export jobs against a real database: a file per job (CSV with BOM and escaped formulas, xlsx
// read back with exceljs), the export list, one job at a time per company, and a job left
// 'running' by a server that stopped, run again by the next start into exactly one file.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { v7 as uuidv7 } from 'uuid';
import { reportExportFiles, reportExports, visitEvents } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor, type Clock } from '../test/harness';
import { openReportFixture, settledExport, writeVisitEvents } from '../test/report-fixture';

const NOW = Date.UTC(2026, 0, 15, 15, 0, 0);
const H = 3_600_000;

eachDatabase((get) => {
  let app: FastifyInstance;
  let clock: Clock;
  let admin: string;
  let acme: string;
  let adminId: string;

  /** Waits for the job's state (the job runs in the background); not a timing assertion. */
  const settled = (id: string) => settledExport(app, admin, id);
  const ask = async (payload: object) => {
    const res = await app.inject({ method: 'POST', url: '/api/exports', headers: bearer(admin), payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  const file = (id: string) => app.inject({ url: `/api/exports/${id}/file`, headers: bearer(admin) });

  beforeAll(async () => {
    clock = testClock(NOW);
    let id: Record<string, string>;
    ({ app, admin, acme, id } = await openReportFixture(get().database, clock));
    adminId = id.admin!;
    // Three visits today: Sam with a formula-looking host, Carla and Harry still on site.
    const events: Array<typeof visitEvents.$inferInsert> = [];
    for (const [person, hours, host] of [
      ['sam.staff', 5, '=cmd()'],
      ['carla.contractor', 4, null],
      ['harry.host', 3, null],
    ] as const)
      events.push({
        entityId: acme,
        id: uuidv7(),
        personId: id[person]!,
        kind: 'in',
        areaId: id.Reception!,
        at: NOW - hours * H,
        details: host ? { host } : null,
        receivedAt: new Date(NOW),
      });
    await writeVisitEvents(get().database.db, acme, events);
  });
  afterAll(async () => {
    await app.close();
  });

  it('exports the history as xlsx that reads back with its header and rows', async () => {
    const id = await ask({
      report: 'history',
      format: 'xlsx',
      filters: { tz: 'UTC', from: '2026-01-15', to: '2026-01-15' },
    });
    const job = await settled(id);
    expect(job).toMatchObject({ status: 'done', rows_total: 3, requested_by: { full_name: 'Ada Admin' } });
    const res = await file(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    expect(job.size).toBe(res.rawPayload.length);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).getCell(1).value).toBe('Sign-in');
    expect(sheet.getRow(1).getCell(3).value).toBe('Name');
    // Newest first, as the page shows it; times DD/MM/YYYY HH:mm in the asked time zone.
    expect(sheet.getRow(2).getCell(3).value).toBe('Harry Host');
    expect(sheet.getRow(2).getCell(1).value).toBe('15/01/2026 12:00');
    expect(sheet.getRow(4).getCell(10).value).toBe('Signed in');
  });

  it('exports CSV in UTF-8 with a byte-order mark and formula-looking cells escaped', async () => {
    const id = await ask({
      report: 'history',
      format: 'csv',
      filters: { tz: 'UTC', from: '2026-01-15', to: '2026-01-15', order: 'asc' },
    });
    expect((await settled(id)).status).toBe('done');
    const text = (await file(id)).rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Sam Staff');
    expect(lines[1]).toContain(",'=cmd(),");
  });

  it('runs one job at a time per company and gives each job one file', async () => {
    const a = await ask({ report: 'history', format: 'csv', filters: { tz: 'UTC', from: '2026-01-15' } });
    const b = await ask({
      report: 'visit_summary',
      format: 'csv',
      filters: { start_date: '2026-01-14', end_date: '2026-01-15', tz: 'UTC' },
    });
    expect((await settled(a)).status).toBe('done');
    expect((await settled(b)).status).toBe('done');
    const summary = (await file(b)).rawPayload.toString('utf8');
    expect(summary).toContain('15/01/2026,Head Office,Reception,Staff,2');
    const files = await get()
      .database.db.select({ id: reportExportFiles.exportId })
      .from(reportExportFiles)
      .where(eq(reportExportFiles.entityId, acme));
    expect(new Set(files.map((f) => f.id)).size).toBe(files.length);
  });

  // A wait, not a speed assertion: the server stops, starts and seeds again.
  it('runs a job left running by a stopped server again on the next start, into one file', async () => {
    const db = get().database.db;
    const id = uuidv7();
    // What a server that died mid-export leaves: 'running', part done, its lease about to lapse.
    await db.insert(reportExports).values({
      entityId: acme,
      id,
      requestedBy: adminId,
      report: 'history',
      format: 'csv',
      lang: 'en',
      filters: { tz: 'UTC', from: '2026-01-15', to: '2026-01-15' },
      status: 'running',
      rowsDone: 1,
      rowsTotal: 3,
      leaseUntil: clock.now() + 1_000,
      runnerId: uuidv7(),
      createdAt: new Date(clock.now()),
    });
    await app.close();
    clock.advance(2_000);
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    const job = await settled(id);
    expect(job).toMatchObject({ status: 'done', rows_total: 3 });
    const files = await db
      .select()
      .from(reportExportFiles)
      .where(and(eq(reportExportFiles.entityId, acme), eq(reportExportFiles.exportId, id)));
    expect(files).toHaveLength(1);
    expect(Buffer.from(files[0]!.bytes).toString('utf8').trimEnd().split('\r\n')).toHaveLength(4);
  }, 180_000); // a restart and a re-seed: over 60 s once with both CI lanes on a loaded machine

  it("answers another company's export with 404 and a bad request with 400", async () => {
    expect((await file(uuidv7())).statusCode).toBe(404);
    expect((await file('not-an-id')).statusCode).toBe(404);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/exports',
      headers: bearer(admin),
      payload: { report: 'history', format: 'pdf' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
