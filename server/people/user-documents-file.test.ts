// A certificate reception adds on a person's profile (POST /api/user_document): a vaccine in an
// accepted protocol or a dated negative test counts for an entry condition as a kiosk computes it
// from the synced rows; its file is kept and served back to those who edit profiles; a file that
// is neither PDF nor image, or another company's person, writes nothing.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { complianceForm } from '../../domain/compliance';
import { vaccineStatus, type StatusDocument } from '../../domain/vaccine-status';
import { complianceDocumentFiles, entities, userDocuments, users } from '../db/schema/index';
import { changesAfter, lastChangeSeq } from '../sync/changes';
import { eachDatabase } from '../test/databases';
import { makePng } from '../test/png';
import { callerOf, seededApp, testClock, tokenFor } from '../test/harness';

const en = JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8')) as {
  validation: Record<string, string>;
};
const words = (key: string) => en.validation[key.replace('validation.', '')]!;
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
/** A PDF just under 3 MB: as base64 in JSON it is far over the server's default body limit. */
const BIG_PDF = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(3 * 1024 * 1024 - 200, 0x20), PDF.subarray(9)]);

/** A synced personDocuments row as the status rule reads it. */
const documentOf = (row: Record<string, unknown> | null): StatusDocument => ({
  type: String(row?.type),
  status: String(row?.status),
  expiryDate: typeof row?.expiryDate === 'string' ? row.expiryDate : null,
  details: row?.details,
});

eachDatabase((get) => {
  const clock = testClock();
  let app: FastifyInstance;
  let admin: string;
  let employee: string;
  let warden: string;
  let acme: string;
  const person: Record<'vaccinated' | 'tested' | 'filed', string> = { vaccinated: '', tested: '', filed: '' };
  let otherCompanyPerson: string;
  const call = callerOf(
    () => app,
    () => admin,
  );
  const userByEmail = async (email: string) =>
    (await get().database.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  const rowsOf = async (userId: string) =>
    get().database.db.select().from(userDocuments).where(eq(userDocuments.userId, userId));

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    employee = await tokenFor(app, 'employee@acme.test');
    warden = await tokenFor(app, 'warden@acme.test');
    const db = get().database.db;
    acme = (await db.select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
    person.vaccinated = await userByEmail('hannah.host@acme.test');
    person.tested = await userByEmail('harry.host@acme.test');
    person.filed = await userByEmail('sam.staff@acme.test');
    const globex = (await db.select().from(entities).where(eq(entities.subdomain, 'globex')))[0]!.id;
    otherCompanyPerson = (await db.select().from(users).where(eq(users.entityId, globex)).limit(1))[0]!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('a vaccine in the EU protocol and a negative test taken today count at an entry condition', async () => {
    const db = get().database.db;
    const before = await lastChangeSeq(db, acme);
    const form = await call('POST', '/api/compliances', {
      name: 'Vaccination',
      questions: [{ text: 'Are you well?', desired: 'yes' }],
      agreement_text: 'I agree.',
      statement: 'Bring your certificate.',
      document_required: true,
      protocols: ['eu_dcc'],
      accept_negative_pcr: true,
      pcr_valid_days: 3,
    });
    expect(form.statusCode).toBe(201);
    const vaccine = await call('POST', '/api/user_document', {
      user_id: person.vaccinated,
      type: 'covid_vaccine',
      vaccine_name: 'Comirnaty',
      vaccine_protocol: 'eu_dcc',
      expiry_date: '2026-12-31',
    });
    expect(vaccine.statusCode).toBe(201);
    const test = await call('POST', '/api/user_document', {
      user_id: person.tested,
      type: 'pcr_test',
      pcr_result: 'negative',
      pcr_date_taken: '2026-01-15',
    });
    expect(test.statusCode).toBe(201);

    // What a kiosk holds after its next pull: the form's row and each person's documents.
    const changes = await changesAfter(db, acme, before, 500);
    const formRow = v.parse(complianceForm, changes.find((c) => c.rowId === form.json().data.id)!.data);
    const documentsOf = (userId: string) =>
      changes.filter((c) => c.tbl === 'personDocuments' && c.data?.personId === userId).map((c) => documentOf(c.data));
    expect(vaccineStatus(formRow, documentsOf(person.vaccinated), clock.now())).toBe('vaccinated');
    expect(vaccineStatus(formRow, documentsOf(person.tested), clock.now())).toBe('negative_pcr');
    // Three days later the test no longer counts; the vaccine still does.
    const later = clock.now() + 3 * 86_400_000;
    expect(vaccineStatus(formRow, documentsOf(person.tested), later)).toBe('expired');
    expect(vaccineStatus(formRow, documentsOf(person.vaccinated), later)).toBe('vaccinated');
  });

  it('keeps the certificate’s file and serves it back to an admin and to whoever edits profiles', async () => {
    const created = await call('POST', '/api/user_document', {
      user_id: person.filed,
      type: 'covid_vaccine',
      vaccine_protocol: 'nhs',
      file: dataUrl('application/pdf', BIG_PDF),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    const listed = (await call('GET', `/api/user_documents/${person.filed}`)).json().data;
    expect(listed).toEqual([expect.objectContaining({ id, file_type: 'application/pdf' })]);

    const file = await call('GET', `/api/compliance-documents/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(BIG_PDF)).toBe(true);
    // The employee role holds the users key (it edits profiles) but not edit_compliance.
    expect((await call('GET', `/api/compliance-documents/${id}/file`, undefined, employee)).statusCode).toBe(200);
    expect((await call('GET', `/api/compliance-documents/${id}/file`, undefined, warden)).statusCode).toBe(403);

    const png = await call('POST', '/api/user_document', {
      user_id: person.filed,
      type: 'antigen_test',
      file: dataUrl('image/png', makePng(40, 30)),
    });
    expect(png.json().data.file_type).toBe('image/png');
    const image = await call('GET', `/api/compliance-documents/${png.json().data.id}/file`);
    expect(image.headers['content-type']).toBe('image/png');
    // A document without a file has none to open.
    const plain = await call('POST', '/api/user_document', { user_id: person.filed, type: 'pcr_test' });
    expect(plain.json().data.file_type).toBeUndefined();
    expect((await call('GET', `/api/compliance-documents/${plain.json().data.id}/file`)).statusCode).toBe(404);
  });

  it('refuses a file that is neither a PDF nor an image, and one over 3 MB, writing nothing', async () => {
    const db = get().database.db;
    const before = await rowsOf(person.filed);
    const filesBefore = await db
      .select()
      .from(complianceDocumentFiles)
      .where(eq(complianceDocumentFiles.entityId, acme));
    const renamed = await call('POST', '/api/user_document', {
      user_id: person.filed,
      type: 'covid_vaccine',
      vaccine_protocol: 'eu_dcc',
      file: dataUrl('application/pdf', Buffer.from('just some text, not a certificate')),
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors.file).toContain(words('validation.document_file_type'));
    const big = Buffer.concat([BIG_PDF, Buffer.alloc(300, 0x20)]);
    const tooBig = await call('POST', '/api/user_document', {
      user_id: person.filed,
      type: 'covid_vaccine',
      file: dataUrl('application/pdf', big),
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors.file).toContain(words('validation.document_file_too_big'));
    expect(await rowsOf(person.filed)).toEqual(before);
    expect(
      await db.select().from(complianceDocumentFiles).where(eq(complianceDocumentFiles.entityId, acme)),
    ).toHaveLength(filesBefore.length);
  });

  it('answers 404 for another company’s person and writes nothing there', async () => {
    const res = await call('POST', '/api/user_document', {
      user_id: otherCompanyPerson,
      type: 'covid_vaccine',
      vaccine_protocol: 'eu_dcc',
      file: dataUrl('application/pdf', PDF),
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(otherCompanyPerson);
    expect(
      await get().database.db.select().from(userDocuments).where(eq(userDocuments.userId, otherCompanyPerson)),
    ).toEqual([]);
  });
});
