// /online-compliance on a real database: the visit's form by its url (no login), answers
// recorded in the kiosk's compliance table and pulled by devices, a pass within the frequency
// turning the form off; bad input → 4xx with nothing written. And expectedVisit.arrive (a
// kiosk's QR sign-in): first arrival stands, another company's visit → 404.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { complianceAnswers, complianceForms, expectedVisits, journeyFlows, userDocuments } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { demoFlow, visitFields } from './test-support';

const clock = testClock();

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let globexAdmin: string;
  let facts: Awaited<ReturnType<typeof demoFlow>>;
  let flowId: string;
  let questions: Array<{ id: string; desired: 'yes' | 'no' }>;
  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    globexAdmin = await tokenFor(app, 'admin@globex.test');
    facts = await demoFlow(get().database);
    const db = get().database.db;
    const [flow] = await db
      .select()
      .from(journeyFlows)
      .where(and(eq(journeyFlows.entityId, facts.entity.id), eq(journeyFlows.name, 'Visitor arrival')));
    flowId = flow!.id;
    const [form] = await db.select().from(complianceForms).where(eq(complianceForms.entityId, facts.entity.id));
    questions = form!.questions as typeof questions;
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  async function addVisit() {
    const when = visitFields(clock.now(), 0, 12);
    const res = await call(admin, 'POST', '/api/add-expected-visitors', {
      visitors: [
        {
          first_name: 'Olive',
          last_name: 'Online',
          email: `olive.${uuidv7().slice(-8)}@example.com`,
          phone: String(600000000 + Math.floor(Math.random() * 1e8)),
          user_type_id: facts.type('Visitor').id,
          journey_flow_id: flowId,
          visit_date: when.visit_date,
          visit_time: when.visit_time,
          tz_offset: 0,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data[0].visit_id as string;
    const [row] = await get().database.db.select().from(expectedVisits).where(eq(expectedVisits.id, id));
    return row!;
  }
  const answersOf = async (personId: string) =>
    get().database.db.select().from(complianceAnswers).where(eq(complianceAnswers.personId, personId));
  const right = () => questions.map((q) => ({ questionId: q.id, answer: q.desired }));

  it('takes a certificate from the link when the form asks for one: on the profile switched off, a few per visit', async () => {
    const db = get().database.db;
    const v = await addVisit();
    const pdf = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64')}`;
    const send = (file: string) =>
      call(null, 'POST', `/api/online-compliance/en/${v.visitUrl}/certificate`, { type: 'covid_vaccine', file });
    // A form that asks for no certificate takes none.
    expect((await send(pdf)).statusCode).toBe(404);
    await db
      .update(complianceForms)
      .set({ documentRequired: true, protocols: ['eu_dcc'] })
      .where(eq(complianceForms.entityId, facts.entity.id));
    try {
      const shown = (await call(null, 'GET', `/api/online-compliance/en/${v.visitUrl}`)).json().data;
      expect(shown).toMatchObject({ form: { documentRequired: true }, certificatesSent: 0 });
      const bad = await send(`data:application/pdf;base64,${Buffer.from('not a pdf').toString('base64')}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.file).toHaveLength(1);
      const docs = () => db.select().from(userDocuments).where(eq(userDocuments.userId, v.personId));
      expect(await docs()).toEqual([]);
      const sent = await send(pdf);
      expect(sent.statusCode, sent.body).toBe(201);
      expect(await docs()).toMatchObject([
        { status: 'INACTIVE', type: 'covid_vaccine', details: { submitted_by: 'visitor', visit_id: v.id } },
      ]);
      expect((await call(null, 'GET', `/api/online-compliance/en/${v.visitUrl}`)).json().data.certificatesSent).toBe(1);
      expect((await send(pdf)).statusCode).toBe(201);
      expect((await send(pdf)).statusCode).toBe(201);
      const fourth = await send(pdf);
      expect(fourth.statusCode).toBe(429);
      expect(await docs()).toHaveLength(3);
    } finally {
      await db
        .update(complianceForms)
        .set({ documentRequired: false, protocols: [] })
        .where(eq(complianceForms.entityId, facts.entity.id));
    }
  });

  it("shows the visit's form, records a pass that devices pull, and then the form is no longer due", async () => {
    const v = await addVisit();
    const shown = await call(null, 'GET', `/api/online-compliance/en/${v.visitUrl}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ due: true, frequency: 'daily', visitMetadata: { is_expired: false } });
    expect(shown.json().data.form.questions).toHaveLength(questions.length);
    const sent = await call(null, 'POST', `/api/online-compliance/en/${v.visitUrl}`, {
      answers: right(),
      agreed: true,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data.outcome).toBe('passed');
    expect(await answersOf(v.personId)).toMatchObject([{ outcome: 'passed', visitId: v.id }]);
    expect((await call(null, 'GET', `/api/online-compliance/en/${v.visitUrl}`)).json().data.due).toBe(false);
    const pull = await call(admin, 'GET', `/api/sync/pull?deviceId=${uuidv7()}&limit=5000`);
    const changes = pull.json().changes as Array<{ table: string; data: { personId?: string; outcome?: string } }>;
    expect(
      changes.some(
        (c) => c.table === 'complianceAnswers' && c.data.personId === v.personId && c.data.outcome === 'passed',
      ),
    ).toBe(true);
  });

  it('evaluates like the kiosk: a wrong answer with short notes fails, with 20 characters it is explained', async () => {
    const v = await addVisit();
    const wrong = (notes: string) =>
      questions.map((q, i) =>
        i === 0
          ? { questionId: q.id, answer: q.desired === 'yes' ? 'no' : 'yes', notes }
          : { questionId: q.id, answer: q.desired },
      );
    const short = await call(null, 'POST', `/api/online-compliance/en/${v.visitUrl}`, {
      answers: wrong('too short'),
      agreed: true,
    });
    expect(short.json().data.outcome).toBe('failed');
    expect(short.json().data.questions[0]).toMatchObject({ status: 'failed', code: 'compliance.notes_too_short' });
    const long = await call(null, 'POST', `/api/online-compliance/en/${v.visitUrl}`, {
      answers: wrong('Twenty characters ok'),
      agreed: true,
    });
    expect(long.json().data.outcome).toBe('wrong_explained');
    expect((await call(null, 'GET', `/api/online-compliance/en/${v.visitUrl}`)).json().data.due).toBe(true);
  });

  it('refuses bad input, unknown links and expired links, writing nothing', async () => {
    const v = await addVisit();
    const url = `/api/online-compliance/en/${v.visitUrl}`;
    expect((await call(null, 'POST', url, { answers: 'yes', agreed: true })).statusCode).toBe(400);
    expect((await call(null, 'POST', url, { answers: [], agreed: true })).statusCode).toBe(400);
    const stranger = await call(null, 'POST', url, {
      answers: [{ questionId: 'not-a-question', answer: 'yes' }],
      agreed: true,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors.answers).toEqual(["These answers do not belong to this visit's questions."]);
    expect((await call(null, 'POST', url, { answers: [...right(), right()[0]], agreed: true })).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/online-compliance/en/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect(
      (await call(null, 'POST', '/api/online-compliance/en/AAAAAAAAAAAAAAAAAAAAAA', { answers: right(), agreed: true }))
        .statusCode,
    ).toBe(404);
    expect((await call(null, 'GET', `/api/online-compliance/xx/${v.visitUrl}`)).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/api/reject-visit', { visit_id: v.id })).statusCode).toBe(200);
    expect((await call(null, 'GET', url)).json().data.visitMetadata).toMatchObject({
      is_expired: true,
      reason: 'VISIT_REJECTED',
    });
    expect((await call(null, 'POST', url, { answers: right(), agreed: true })).statusCode).toBe(409);
    expect(await answersOf(v.personId)).toHaveLength(0);
  });

  it("marks an expected visit arrived through sync once; another company's visit is not found", async () => {
    const v = await addVisit();
    const deviceId = uuidv7();
    const m = (seq: number, args: object) => ({
      seq,
      mutationId: uuidv7(),
      name: 'expectedVisit.arrive',
      args,
      clientTime: clock.now(),
      clockOffsetMs: 0,
    });
    const bad = await call(admin, 'POST', '/api/sync/push', {
      deviceId,
      mutations: [m(1, { visitId: 'nope', at: clock.now() })],
    });
    expect(bad.json().results[0].status).toBe('rejected');
    const first = clock.now();
    const push = await call(admin, 'POST', '/api/sync/push', {
      deviceId,
      mutations: [m(2, { visitId: v.id, at: first }), m(3, { visitId: v.id, at: first + 60_000 })],
    });
    expect(push.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    const [row] = await get().database.db.select().from(expectedVisits).where(eq(expectedVisits.id, v.id));
    expect(row!.arrivedAt).toBe(first);
    expect(row!.version).toBe(v.version + 1);
    const listed = (await call(admin, 'GET', '/api/expected-visits')).json().data as Array<{
      id: string;
      arrived_at: number | null;
    }>;
    expect(listed.find((x) => x.id === v.id)!.arrived_at).toBe(first);
    const details = await call(null, 'GET', `/api/visit-by-visit-url/en/${v.visitUrl}`);
    expect(details.json().data.visitMetadata).toMatchObject({ is_expired: true, reason: 'ARRIVED' });
    const other = await call(globexAdmin, 'POST', '/api/sync/push', {
      deviceId: uuidv7(),
      mutations: [m(1, { visitId: v.id, at: first })],
    });
    expect(other.json().results[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
  });
});
