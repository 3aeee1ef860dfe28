// User import against a real database: a file with good and bad rows (bad ones skipped with
// their reason, the rest created or updated and fed to devices), the same file again updating
// instead of doubling, a job left running by a stopped server carried on without doubles, the
// grid's check, and tenancy.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { normalRow, type ImportRow } from '../../domain/import';
import { entities, roles, syncChanges, userCards, userImportRows, userImports, users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor, type Clock } from '../test/harness';

// Quotes, a comma, braces and a backslash: the job sends each column as one array parameter.
const NIA = 'Nia "Ny" New, {Jr} \\ O\'Hara';
const NIA_CARD = 'CARD-"NIA", {1}';
const row = (r: Partial<ImportRow>) => normalRow({ user_type: 'Student', country_code: '44', ...r });
const FILE = [
  row({
    full_name: NIA,
    email: 'nia.new@acme.test',
    phone: '447700900111',
    rfid: NIA_CARD,
    external_id: 'S-1',
  }),
  row({ full_name: 'Sam Staff Updated', email: 'SAM.staff@acme.test', phone: '447700900112', user_type: 'Staff' }),
  row({ full_name: 'Bad Email', email: 'not-an-email', phone: '447700900113' }),
];

eachDatabase((get) => {
  let app: FastifyInstance;
  let clock: Clock;
  let admin: string;
  let acme: string;

  const post = (url: string, payload: object, token = admin) =>
    app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const upload = async (rows: ImportRow[]) => {
    const res = await post('/api/users/import', {
      file_name: 'people.xlsx',
      rows: rows.map((data, i) => ({ row_no: i + 2, data })),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  /** Waits for the background job to end (the job runs after the answer); not a timing assertion. */
  async function settled(id: string) {
    for (;;) {
      const res = await app.inject({ url: `/api/users/imports/${id}`, headers: bearer(admin) });
      const body = res.json();
      if (body.data.status === 'done' || body.data.status === 'failed') return body;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  const people = (emails: string[]) =>
    get()
      .database.db.select()
      .from(users)
      .where(and(eq(users.entityId, acme), inArray(users.email, emails)));

  beforeAll(async () => {
    clock = testClock();
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    acme = (await get().database.db.select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('imports the good rows, skips the bad one with its reason, and feeds the people to devices', async () => {
    const done = await settled(await upload(FILE));
    expect(done.data).toMatchObject({ status: 'done', rows_total: 3, created: 1, updated: 1, skipped: 1 });
    expect(done.rows.map((r: { status: string }) => r.status)).toEqual(['created', 'updated', 'skipped']);
    expect(done.rows[2]).toMatchObject({ row_no: 4, reason: 'errors.invalid_email', reason_column: 'email' });
    const [nia] = await people(['nia.new@acme.test']);
    expect(nia).toMatchObject({ fullName: NIA, phone: '447700900111' });
    const [card] = await get()
      .database.db.select()
      .from(userCards)
      .where(and(eq(userCards.entityId, acme), eq(userCards.userId, nia!.id)));
    expect(card!.rfid).toBe(NIA_CARD);
    const [sam] = await people(['sam.staff@acme.test']);
    expect(sam!.fullName).toBe('Sam Staff Updated');
    const fed = await get()
      .database.db.select()
      .from(syncChanges)
      .where(and(eq(syncChanges.entityId, acme), inArray(syncChanges.rowId, [nia!.id])));
    expect(fed.map((c) => c.tbl).sort()).toEqual(['people', 'personCards']);
  });

  it('running the same file again updates the same people instead of doubling them', async () => {
    const before = await people(['nia.new@acme.test', 'sam.staff@acme.test']);
    // The second run matches Nia by phone and external id too: her email changed in the file.
    const again = [{ ...FILE[0]!, email: 'nia.renamed@acme.test' }, FILE[1]!, FILE[2]!];
    const done = await settled(await upload(again));
    expect(done.data).toMatchObject({ created: 0, updated: 2, skipped: 1 });
    const after = await people(['nia.renamed@acme.test', 'sam.staff@acme.test', 'nia.new@acme.test']);
    expect(after.map((p) => p.id).sort()).toEqual(before.map((p) => p.id).sort());
    expect(after.find((p) => p.email === 'nia.renamed@acme.test')!.fullName).toBe(NIA);
  });

  it('applies two rows that name the same person one after the other, as the file orders them', async () => {
    const [sam] = await people(['sam.staff@acme.test']);
    // Row 2 finds Sam by email and gives him a new phone; row 3 found him by his old phone,
    // which row 2 has freed, so row 3 is a new person holding that phone.
    const done = await settled(
      await upload([
        row({ full_name: 'Sam Staff', email: 'sam.staff@acme.test', phone: '447700900201', user_type: 'Staff' }),
        row({ full_name: 'Pat Phone', email: 'pat.phone@acme.test', phone: sam!.phone! }),
      ]),
    );
    expect(done.rows.map((r: { status: string }) => r.status)).toEqual(['updated', 'created']);
    const [samAfter] = await people(['sam.staff@acme.test']);
    const [pat] = await people(['pat.phone@acme.test']);
    expect(samAfter).toMatchObject({ id: sam!.id, phone: '447700900201' });
    expect(pat).toMatchObject({ phone: sam!.phone });
  });

  it('carries on a job a stopped server left running, from its first pending row, without doubles', async () => {
    const db = get().database.db;
    const [adminRow] = await people(['admin@acme.test']);
    const [role] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.entityId, acme), eq(roles.name, 'default users')));
    const id = uuidv7();
    const rows = [1, 2, 3].map((n) =>
      row({ full_name: `Resume ${n}`, email: `resume${n}@acme.test`, phone: `4470${n}` }),
    );
    // What a server that died after row 2 leaves: row 2's person written and the row marked, the rest pending.
    const doneId = uuidv7();
    await db.insert(users).values({
      entityId: acme,
      id: doneId,
      email: 'resume1@acme.test',
      phone: '44701',
      fullName: 'Resume 1',
      roleId: role!.id,
      updatedAt: new Date(clock.now()),
    });
    await db.insert(userImports).values({
      entityId: acme,
      id,
      requestedBy: adminRow!.id,
      fileName: 'resume.xlsx',
      status: 'running',
      rowsTotal: 3,
      leaseUntil: clock.now() + 1_000,
      runnerId: uuidv7(),
      createdAt: new Date(clock.now()),
    });
    await db.insert(userImportRows).values(
      rows.map((data, i) => ({
        entityId: acme,
        importId: id,
        rowNo: i + 2,
        data,
        status: i === 0 ? ('created' as const) : ('pending' as const),
        userId: i === 0 ? doneId : null,
      })),
    );
    await app.close();
    clock.advance(2_000);
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    const done = await settled(id);
    expect(done.data).toMatchObject({ status: 'done', created: 3, rows_done: 3 });
    expect(await people(['resume1@acme.test', 'resume2@acme.test', 'resume3@acme.test'])).toHaveLength(3);
  });

  it("shows the grid every row's problems, and answers another company's import with 404", async () => {
    const res = await post('/api/users/import/check', {
      rows: [
        row({ full_name: 'A', email: 'a@x.test', phone: '1' }),
        row({ full_name: 'Dup One', email: 'dup@x.test', phone: '12345678901234567890123', user_type: 'Pilot' }),
        row({ full_name: 'Dup Two', email: 'dup@x.test', phone: '2', rfid: NIA_CARD }),
        row({ full_name: 'Clash', email: 'sam.staff@acme.test', phone: '447700900111' }),
      ].map((data, i) => ({ row_no: i + 2, data })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { errors: object }) => r.errors)).toEqual([
      { full_name: 'validation.too_short' },
      {
        email: 'import.problems.duplicateInFile',
        phone: 'validation.phone',
        user_type: 'import.problems.unknownUserType',
      },
      { email: 'import.problems.duplicateInFile', rfid: 'import.problems.rfidTaken' },
      { phone: 'import.problems.inCompany' },
    ]);
    expect((await post('/api/users/import', { file_name: 'x.xlsx', rows: [] })).statusCode).toBe(400);
    const twice = [2, 2].map((row_no) => ({
      row_no,
      data: row({ full_name: 'Twice', email: 't@x.test', phone: '9' }),
    }));
    expect((await post('/api/users/import', { file_name: 'x.xlsx', rows: twice })).statusCode).toBe(400);
    const globex = await tokenFor(app, 'admin@globex.test');
    const [mine] = (await app.inject({ url: '/api/users/imports', headers: bearer(admin) })).json().data;
    expect((await app.inject({ url: `/api/users/imports/${mine.id}`, headers: bearer(globex) })).statusCode).toBe(404);
  });
});
