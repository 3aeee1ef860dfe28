// Compliance forms against a real database: create, read, list, update, delete; every rule of
// spec 1 §5 "Compliance form" → 400 with the field's words and nothing written; permission keys;
// another company's form → 404; versions (a form with answers gets a new one, answers keep theirs).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { complianceAnswers, complianceForms, complianceFormVersions, entities, users } from '../db/schema/index';
import { changesAfter, lastChangeSeq } from '../sync/changes';
import { eachDatabase } from '../test/databases';
import { callerOf, seededApp, tokenFor } from '../test/harness';

const en = JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8')) as {
  validation: Record<string, string>;
};
const words = (key: string) => en.validation[key.replace('validation.', '')]!;

const good = {
  name: 'Health declaration',
  questions: [
    { text: { en: 'Do you have a fever?', ar: 'هل لديك حمى؟' }, desired: 'no' },
    { text: 'Have you read the safety rules?', desired: 'yes' },
  ],
  agreement_text: { en: 'I agree to the site rules.' },
  statement: 'Answer truthfully.',
  document_required: true,
  protocols: ['eu_dcc', 'nhs'],
  accept_negative_pcr: true,
  pcr_valid_days: '3',
};

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let employee: string;
  let globexAdmin: string;
  let acme: string;
  const call = callerOf(
    () => app,
    () => admin,
  );
  const formCount = async () =>
    (await get().database.db.select().from(complianceForms).where(eq(complianceForms.entityId, acme))).length;

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    employee = await tokenFor(app, 'employee@acme.test');
    globexAdmin = await tokenFor(app, 'admin@globex.test');
    acme = (await get().database.db.select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates a form, sends it to devices and reads it back', async () => {
    const before = await lastChangeSeq(get().database.db, acme);
    const created = await call('POST', '/api/compliances', good);
    expect(created.statusCode).toBe(201);
    const form = created.json().data;
    expect(form).toMatchObject({
      name: 'Health declaration',
      version: 1,
      document_required: true,
      protocols: ['eu_dcc', 'nhs'],
      pcr_valid_days: 3,
      versions: [{ version: 1, answers: 0 }],
    });
    expect(form.questions[0]).toMatchObject({
      text: { en: 'Do you have a fever?', ar: 'هل لديك حمى؟' },
      desired: 'no',
    });
    const changes = await changesAfter(get().database.db, acme, before, 100);
    expect(changes.some((c) => c.tbl === 'complianceForms' && c.rowId === form.id && c.version === 1)).toBe(true);
    const read = await call('GET', `/api/compliances/${form.id}`);
    expect(read.json().data).toEqual(form);
    const list = await call('GET', '/api/compliances');
    expect(list.json().data.map((f: { id: string }) => f.id)).toContain(form.id);
  });

  it('keeps the name in each language written, for the kiosk to show in its own', async () => {
    const name = { en: 'Health declaration', ar: 'إقرار صحي', es: 'Declaración de salud' };
    const before = await lastChangeSeq(get().database.db, acme);
    const created = await call('POST', '/api/compliances', { ...good, name });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.name).toEqual(name);
    const changes = await changesAfter(get().database.db, acme, before, 100);
    const change = changes.find((c) => c.tbl === 'complianceForms' && c.rowId === created.json().data.id);
    expect((change?.data as { name?: unknown } | undefined)?.name).toEqual(name);
  });

  describe('refuses each broken rule with the field’s message and writes nothing', () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['a one-letter name', { name: 'H' }, 'name', 'validation.too_short'],
      ['no name', { name: '  ' }, 'name', 'validation.required'],
      ['no name in any language', { name: { en: ' ', ar: '' } }, 'name', 'validation.required'],
      ['a one-letter Arabic name', { name: { en: 'Health', ar: 'ص' } }, 'name', 'validation.too_short'],
      ['no question', { questions: [] }, 'questions', 'validation.compliance_question'],
      ['an empty question', { questions: [{ text: ' ', desired: 'yes' }] }, 'questions.0.text', 'validation.required'],
      ['no answer checked', { questions: [{ text: 'Fever?' }] }, 'questions.0.desired', 'validation.compliance_answer'],
      ['no agreement text', { agreement_text: '' }, 'agreement_text', 'validation.required'],
      ['no statement', { statement: { en: '', ar: '' } }, 'statement', 'validation.required'],
      ['documents without a protocol', { protocols: [] }, 'protocols', 'validation.compliance_protocol'],
      ['an unknown protocol', { protocols: ['mystery'] }, 'protocols.0', 'validation.compliance_protocol'],
      ['no PCR days', { pcr_valid_days: '' }, 'pcr_valid_days', 'validation.compliance_pcr_days'],
      ['PCR days with letters', { pcr_valid_days: '1e2' }, 'pcr_valid_days', 'validation.compliance_pcr_days'],
      ['PCR days of four digits', { pcr_valid_days: 1000 }, 'pcr_valid_days', 'validation.compliance_pcr_days'],
    ];
    for (const [what, patch, field, key] of cases)
      it(what, async () => {
        const before = await formCount();
        const res = await call('POST', '/api/compliances', { ...good, ...patch });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[field]).toContain(words(key));
        expect(await formCount()).toBe(before);
      });
  });

  it('needs no protocol nor PCR days when documents and PCR are not asked for', async () => {
    const res = await call('POST', '/api/compliances', {
      ...good,
      name: 'Questions only',
      document_required: false,
      protocols: [],
      accept_negative_pcr: false,
      pcr_valid_days: null,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ protocols: [], pcr_valid_days: null });
  });

  it('enforces show_compliance_list, create_compliance and edit_compliance', async () => {
    const id = (await call('POST', '/api/compliances', { ...good, name: 'Guarded' })).json().data.id;
    expect((await call('GET', '/api/compliances', undefined, employee)).statusCode).toBe(403);
    expect((await call('GET', `/api/compliances/${id}`, undefined, employee)).statusCode).toBe(403);
    const before = await formCount();
    expect((await call('POST', '/api/compliances', good, employee)).statusCode).toBe(403);
    expect((await call('PUT', `/api/compliances/${id}`, { ...good, name: 'Taken' }, employee)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/compliances/${id}`, undefined, employee)).statusCode).toBe(403);
    expect(await formCount()).toBe(before);
  });

  it('answers 404 for another company’s form, and changes nothing', async () => {
    const id = (await call('POST', '/api/compliances', { ...good, name: 'Acme only' })).json().data.id;
    for (const [method, body] of [['GET'], ['PUT', { ...good, name: 'Stolen' }], ['DELETE']] as const) {
      const res = await call(method, `/api/compliances/${id}`, body, globexAdmin);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await call('GET', '/api/compliances', undefined, globexAdmin)).body).not.toContain(id);
    expect((await call('GET', `/api/compliances/${id}`)).json().data.name).toBe('Acme only');
    expect((await call('GET', '/api/compliances/not-a-uuid')).statusCode).toBe(404);
  });

  it('edits in place until answered; then a new version, and the answer keeps its own', async () => {
    const db = get().database.db;
    const id = (await call('POST', '/api/compliances', { ...good, name: 'Versioned' })).json().data.id;
    const edited = await call('PUT', `/api/compliances/${id}`, { ...good, name: 'Versioned form' });
    expect(edited.json().data).toMatchObject({ version: 1, versions: [{ version: 1, answers: 0 }] });

    const [person] = await db.select().from(users).where(eq(users.entityId, acme)).limit(1);
    const answerId = uuidv7();
    const questionId = edited.json().data.questions[0].id as string;
    await db.insert(complianceAnswers).values({
      entityId: acme,
      id: answerId,
      personId: person!.id,
      complianceId: id,
      complianceVersion: 1,
      answers: [{ questionId, answer: 'no' }],
      outcome: 'passed',
      isWrong: false,
      at: Date.UTC(2026, 0, 15),
    });
    const before = await lastChangeSeq(db, acme);
    const questions = [...good.questions, { text: 'Are you carrying tools?', desired: 'no' }];
    const second = await call('PUT', `/api/compliances/${id}`, { ...good, name: 'Versioned form', questions });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({
      version: 2,
      versions: [
        { version: 2, answers: 0 },
        { version: 1, answers: 1 },
      ],
    });
    const changes = await changesAfter(db, acme, before, 100);
    expect(changes.find((c) => c.rowId === id)?.version).toBe(2);
    const [answer] = await db
      .select()
      .from(complianceAnswers)
      .where(and(eq(complianceAnswers.entityId, acme), eq(complianceAnswers.id, answerId)));
    expect(answer!.complianceVersion).toBe(1);
    // What version 1 asked is kept beside the new one.
    const kept = await db
      .select()
      .from(complianceFormVersions)
      .where(and(eq(complianceFormVersions.entityId, acme), eq(complianceFormVersions.formId, id)));
    expect(kept.map((v) => [v.version, v.snapshot.questions.length]).sort()).toEqual([
      [1, 2],
      [2, 3],
    ]);
    const listed = (await call('GET', '/api/compliances')).json().data.find((f: { id: string }) => f.id === id);
    expect(listed.versions).toEqual([
      { version: 2, answers: 0 },
      { version: 1, answers: 1 },
    ]);
  });

  it('judges a device’s answer against the version it asked, not a newer one', async () => {
    const db = get().database.db;
    const v1 = (await call('POST', '/api/compliances', { ...good, name: 'Mid journey' })).json().data;
    const [person] = await db.select().from(users).where(eq(users.entityId, acme)).limit(1);
    const push = (version: number, answers: unknown[]) =>
      call('POST', '/api/sync/push', {
        deviceId: uuidv7(),
        mutations: [
          {
            seq: 1,
            mutationId: uuidv7(),
            name: 'compliance.answer',
            clientTime: Date.UTC(2026, 0, 15),
            clockOffsetMs: 0,
            args: {
              answerId: uuidv7(),
              personId: person!.id,
              complianceId: v1.id,
              complianceVersion: version,
              answers,
              agreed: true,
              at: Date.UTC(2026, 0, 15),
            },
          },
        ],
      });
    const v1Answers = v1.questions.map((q: { id: string; desired: string }) => ({
      questionId: q.id,
      answer: q.desired,
    }));
    expect((await push(1, v1Answers)).json().results[0].status).toBe('applied');
    // Version 2 asks a third question; a kiosk that started on version 1 answers only two.
    const third = { text: 'Are you carrying tools?', desired: 'no' };
    const v2 = await call('PUT', `/api/compliances/${v1.id}`, { ...good, questions: [...v1.questions, third] });
    expect(v2.json().data.version).toBe(2);
    expect((await push(1, v1Answers)).json().results[0].status).toBe('applied');
    const rows = await db
      .select()
      .from(complianceAnswers)
      .where(and(eq(complianceAnswers.entityId, acme), eq(complianceAnswers.complianceId, v1.id)));
    expect(rows.map((r) => [r.complianceVersion, r.outcome])).toEqual([
      [1, 'passed'],
      [1, 'passed'],
    ]);
  });

  it('refuses a bad edit with the field’s message and keeps the form', async () => {
    const id = (await call('POST', '/api/compliances', { ...good, name: 'Kept as is' })).json().data.id;
    const res = await call('PUT', `/api/compliances/${id}`, { ...good, protocols: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.protocols).toContain(words('validation.compliance_protocol'));
    expect((await call('GET', `/api/compliances/${id}`)).json().data.protocols).toEqual(['eu_dcc', 'nhs']);
  });

  it('deletes a form and tells devices', async () => {
    const id = (await call('POST', '/api/compliances', { ...good, name: 'Short lived' })).json().data.id;
    const before = await lastChangeSeq(get().database.db, acme);
    expect((await call('DELETE', `/api/compliances/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/compliances/${id}`)).statusCode).toBe(404);
    const changes = await changesAfter(get().database.db, acme, before, 100);
    expect(changes.find((c) => c.rowId === id)?.op).toBe('del');
  });
});
