// User documents against a real database: create (Document Created), status changes incl.
// DELETED (Document Vaccine Status Updated), the type list; bad input is a 400 with the
// field's message and writes nothing; the users permission is enforced.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { entities, userDocuments, users } from '../db/schema/index';
import { changesAfter, lastChangeSeq } from '../sync/changes';
import { eachDatabase } from '../test/databases';
import { callerOf, seededApp, tokenFor } from '../test/harness';

const en = JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8')) as {
  validation: Record<string, string>;
};
/** The English words the answer carries for a `validation.*` key. */
const words = (key: string) => en.validation[key.replace('validation.', '')]!;

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let warden: string;
  let acme: string;
  let userId: string;
  const call = callerOf(
    () => app,
    () => admin,
  );
  const stored = async () =>
    get()
      .database.db.select()
      .from(userDocuments)
      .where(and(eq(userDocuments.entityId, acme), eq(userDocuments.userId, userId)));

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    warden = await tokenFor(app, 'warden@acme.test');
    const db = get().database.db;
    acme = (await db.select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
    userId = (
      await db
        .select()
        .from(users)
        .where(and(eq(users.entityId, acme), eq(users.dashboardAccess, false)))
    )[0]!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists the document types of the caller’s company', async () => {
    const res = await call('GET', `/api/get_type_for_user_document/${acme}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((t: { type: string }) => t.type)).toContain('covid_vaccine');
  });

  it('creates a vaccine document, toggles its status and deletes it', async () => {
    const created = await call('POST', '/api/user_document', {
      user_id: userId,
      type: 'covid_vaccine',
      vaccine_name: 'Comirnaty',
      batch_number: 'AB12',
      start_date: '2026-01-10',
      expiry_date: '2026-12-31',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Document Created');
    const id = created.json().data.id as string;
    let list = (await call('GET', `/api/user_documents/${userId}`)).json().data;
    expect(list).toEqual([
      expect.objectContaining({
        id,
        type: 'covid_vaccine',
        vaccine_name: 'Comirnaty',
        status: 'ACTIVE',
        expiry_date: '2026-12-31',
      }),
    ]);

    const off = await call('PUT', `/api/user_document/${id}`, { status: 'INACTIVE' });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe('Document Vaccine Status Updated');
    expect((await stored())[0]!.status).toBe('INACTIVE');

    const gone = await call('PUT', `/api/user_document/${id}`, { status: 'DELETED' });
    expect(gone.statusCode).toBe(200);
    list = (await call('GET', `/api/user_documents/${userId}`)).json().data;
    expect(list).toEqual([]);
    // A deleted document is gone for good: changing it again is a 404.
    expect((await call('PUT', `/api/user_document/${id}`, { status: 'ACTIVE' })).statusCode).toBe(404);
    await get().database.db.delete(userDocuments).where(eq(userDocuments.entityId, acme));
  });

  it('sends documents to devices through the change feed, and takes a deleted one away', async () => {
    const db = get().database.db;
    const before = await lastChangeSeq(db, acme);
    const created = await call('POST', '/api/user_document', {
      user_id: userId,
      type: 'pcr_test',
      pcr_result: 'negative',
      expiry_date: '2026-12-31',
    });
    const id = created.json().data.id as string;
    // The feed keeps each record's latest change: what a device pulling now would get.
    const latest = async () =>
      (await changesAfter(db, acme, before, 100)).filter((c) => c.tbl === 'personDocuments' && c.rowId === id);
    expect((await latest()).map((c) => c.data)).toEqual([
      expect.objectContaining({ id, personId: userId, type: 'pcr_test', status: 'ACTIVE', expiryDate: '2026-12-31' }),
    ]);
    await call('PUT', `/api/user_document/${id}`, { status: 'INACTIVE' });
    expect((await latest()).map((c) => [c.op, (c.data as { status: string }).status])).toEqual([['put', 'INACTIVE']]);
    await call('PUT', `/api/user_document/${id}`, { status: 'DELETED' });
    expect((await latest()).map((c) => [c.op, c.data])).toEqual([['del', null]]);
    await db.delete(userDocuments).where(eq(userDocuments.entityId, acme));
  });

  it('refuses bad input with the field’s message and writes nothing', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ user_id: userId }, 'type', 'validation.required'],
      [{ user_id: userId, type: 'passport' }, 'type', 'validation.required'],
      [{ user_id: 'nope', type: 'pcr_test' }, 'user_id', 'validation.uuid'],
      [{ user_id: userId, type: 'pcr_test', expiry_date: '31/12/2026' }, 'expiry_date', 'validation.date'],
      [
        { user_id: userId, type: 'pcr_test', start_date: '2026-05-01', expiry_date: '2026-04-01' },
        'expiry_date',
        'validation.date_range',
      ],
      [{ user_id: userId, type: 'pcr_test', notes: 'x'.repeat(501) }, 'notes', 'validation.too_long'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/api/user_document', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().errors[field]).toContain(words(message));
    }
    expect(await stored()).toEqual([]);

    const doc = (
      await call('POST', '/api/user_document', { user_id: userId, type: 'pcr_test', pcr_result: 'negative' })
    ).json().data;
    const bad = await call('PUT', `/api/user_document/${doc.id}`, { status: 'LOST' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toContain(words('validation.required'));
    expect((await stored())[0]!.status).toBe('ACTIVE');
    // An unknown user is a 404, not a new row.
    expect(
      (await call('POST', '/api/user_document', { user_id: '01900000-0000-7000-8000-000000000000', type: 'pcr_test' }))
        .statusCode,
    ).toBe(404);
    expect(await stored()).toHaveLength(1);
  });

  it('needs the users permission', async () => {
    const res = await call('POST', '/api/user_document', { user_id: userId, type: 'pcr_test' }, warden);
    expect(res.statusCode).toBe(403);
    expect((await call('GET', `/api/user_documents/${userId}`, undefined, warden)).statusCode).toBe(403);
  });
});
