// Documents for a compliance form: PDF, PNG and JPG are accepted by their content and reach
// devices on the user's profile; a renamed text file and a file over 3 MB are refused with the
// field's message and nothing written; only the company's admins can fetch the file.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { entities, userDocuments, users } from '../db/schema/index';
import { changesAfter, lastChangeSeq } from '../sync/changes';
import { eachDatabase } from '../test/databases';
import { makePng } from '../test/png';
import { callerOf, seededApp, tokenFor } from '../test/harness';

const en = JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8')) as {
  validation: Record<string, string>;
};
const words = (key: string) => en.validation[key.replace('validation.', '')]!;
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let employee: string;
  let warden: string;
  let globexAdmin: string;
  let acme: string;
  let userId: string;
  let formId: string;
  const call = callerOf(
    () => app,
    () => admin,
  );
  const documentsOf = async () =>
    get()
      .database.db.select()
      .from(userDocuments)
      .where(and(eq(userDocuments.entityId, acme), eq(userDocuments.userId, userId)));
  const upload = (file: string, token = admin, id = formId) =>
    call(
      'POST',
      `/api/compliances/${id}/documents`,
      {
        user_id: userId,
        type: 'covid_vaccine',
        vaccine_name: 'Comirnaty',
        vaccine_protocol: 'eu_dcc',
        batch_number: 'AB12',
        vaccine_date_taken: '2026-01-02',
        expiry_date: '2026-12-31',
        compliance_notes: 'Checked at reception',
        file,
      },
      token,
    );

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    employee = await tokenFor(app, 'employee@acme.test');
    warden = await tokenFor(app, 'warden@acme.test');
    globexAdmin = await tokenFor(app, 'admin@globex.test');
    const db = get().database.db;
    acme = (await db.select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
    userId = (await db.select().from(users).where(eq(users.entityId, acme)).limit(1))[0]!.id;
    formId = (
      await call('POST', '/api/compliances', {
        name: 'Vaccination',
        questions: [{ text: 'Are you vaccinated?', desired: 'yes' }],
        agreement_text: 'I agree.',
        statement: 'Bring your certificate.',
        document_required: true,
        protocols: ['eu_dcc'],
      })
    ).json().data.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('accepts a PDF, a PNG and a JPG, puts them on the profile and sends them to devices', async () => {
    const before = await lastChangeSeq(get().database.db, acme);
    const jpg = await sharp(makePng(40, 30)).jpeg().toBuffer();
    const files: Array<[string, Buffer, string]> = [
      ['application/pdf', PDF, 'application/pdf'],
      ['image/png', makePng(40, 30), 'image/png'],
      ['image/jpeg', jpg, 'image/jpeg'],
    ];
    for (const [mime, bytes, stored] of files) {
      const res = await upload(dataUrl(mime, bytes));
      expect(res.statusCode).toBe(201);
      const doc = res.json().data;
      expect(doc).toMatchObject({ vaccine_protocol: 'eu_dcc', compliance_id: formId, file_type: stored });
      const file = await call('GET', `/api/compliance-documents/${doc.id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(stored);
      if (mime === 'application/pdf') expect(file.rawPayload.equals(PDF)).toBe(true);
    }
    const changes = await changesAfter(get().database.db, acme, before, 100);
    expect(changes.filter((c) => c.tbl === 'personDocuments')).toHaveLength(3);
  });

  it('refuses a renamed text file and a file over 3 MB, writing nothing', async () => {
    const before = (await documentsOf()).length;
    const text = await upload(dataUrl('application/pdf', Buffer.from('just some text, not a document')));
    expect(text.statusCode).toBe(400);
    expect(text.json().errors.file).toContain(words('validation.document_file_type'));
    const big = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(3 * 1024 * 1024 + 10, 0x20), PDF.subarray(9)]);
    const tooBig = await upload(dataUrl('application/pdf', big));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors.file).toContain(words('validation.document_file_too_big'));
    const none = await upload('');
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.file).toContain(words('validation.document_file_required'));
    expect((await documentsOf()).length).toBe(before);
  });

  it('serves the file only to the company’s compliance editors and profile editors', async () => {
    const id = (await upload(dataUrl('application/pdf', PDF))).json().data.id;
    // The employee role edits profiles (users): reception sees the certificate it checks.
    expect((await call('GET', `/api/compliance-documents/${id}/file`, undefined, employee)).statusCode).toBe(200);
    expect((await call('GET', `/api/compliance-documents/${id}/file`, undefined, warden)).statusCode).toBe(403);
    const other = await call('GET', `/api/compliance-documents/${id}/file`, undefined, globexAdmin);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('%PDF');
    expect((await upload(dataUrl('application/pdf', PDF), globexAdmin)).statusCode).toBe(404);
    expect((await upload(dataUrl('application/pdf', PDF), employee)).statusCode).toBe(403);
  });
});
