// The invitation mail on a real database: a visit whose journey flow asks compliance questions
// carries the online compliance link (/online-compliance/{visitUrl}) besides the personal link
// and QR code; a flow without compliance does not. Both ways of adding a visit are covered.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { expectedVisits, journeyFlows, mailLog } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, freshAddress, seededApp, testClock, tokenFor } from '../test/harness';
import { makePng } from './test-png';
import { demoFlow, multipart, visitFields } from './test-support';

const clock = testClock();
const BASE = 'https://visit.example';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let facts: Awaited<ReturnType<typeof demoFlow>>;
  let plainFlowId: string;
  const db = () => get().database.db;

  beforeAll(async () => {
    app = await seededApp(get().database, clock, { publicUrl: BASE });
    admin = await tokenFor(app, 'admin@acme.test');
    facts = await demoFlow(get().database);
    // The same flow without its compliance form: the invitation must not offer compliance.
    const { compliance_id: _form, ...rest } = facts.flow.settings as Record<string, unknown>;
    plainFlowId = uuidv7();
    await db()
      .insert(journeyFlows)
      .values({ ...facts.flow, id: plainFlowId, name: 'No questions', settings: rest });
  });
  afterAll(async () => {
    await app.close();
  });

  const visitor = (flowId: string) => {
    const when = visitFields(clock.now());
    return {
      first_name: 'Mia',
      last_name: 'Mail',
      email: `mia.${uuidv7().slice(-8)}@example.com`,
      phone: String(710000000 + Math.floor(Math.random() * 1e7)),
      user_type_id: facts.type('Visitor').id,
      journey_flow_id: flowId,
      host: facts.host!.id,
      visit_date: when.visit_date,
      visit_time: when.visit_time,
      tz_offset: 0,
    };
  };
  async function mailTo(email: string) {
    const [mail] = await db().select().from(mailLog).where(eq(mailLog.to, email));
    expect(mail, `mail to ${email}`).toBeDefined();
    return { mail: mail! };
  }

  it('an admin-added visit on a compliance flow is invited with the compliance link and the personal link', async () => {
    expect((facts.flow.settings as { compliance_id?: string }).compliance_id).toBeTruthy();
    const v = visitor(facts.flow.id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/add-expected-visitors',
      headers: bearer(admin),
      payload: { visitors: [v] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [visit] = await db().select().from(expectedVisits).where(eq(expectedVisits.id, res.json().data[0].visit_id));
    const { mail } = await mailTo(v.email);
    const compliance = `${BASE}/online-compliance/${visit!.visitUrl}`;
    expect(mail.text).toContain('Answer the compliance questions before you arrive:');
    expect(mail.text).toContain(compliance);
    expect(mail.html).toContain(`href="${compliance}"`);
    expect(mail.text).toMatch(new RegExp(`${BASE}/c/${visit!.visitUrl}/\\S+`));
  });

  it('a flow without compliance questions sends no compliance link', async () => {
    const v = visitor(plainFlowId);
    const res = await app.inject({
      method: 'POST',
      url: '/api/add-expected-visitors',
      headers: bearer(admin),
      payload: { visitors: [v] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { mail } = await mailTo(v.email);
    expect(mail.text).not.toContain('/online-compliance/');
    expect(mail.text).toContain(`${BASE}/c/`);
  });

  it('a visitor who pre-registers on a compliance flow gets the compliance link too, in their language', async () => {
    const when = visitFields(clock.now(), 2);
    const email = `lea.${uuidv7().slice(-8)}@example.com`;
    const body = multipart(
      {
        journey_id: facts.flow.id,
        user_type_id: facts.type('Visitor').id,
        visit_date: when.visit_date,
        visit_time: when.visit_time,
        tz_offset: '0',
        first_name: 'Lea',
        last_name: 'Link',
        email,
        phone: String(720000000 + Math.floor(Math.random() * 1e7)),
        company_name: 'Initech',
        custom_fields: '[]',
      },
      { name: 'me.png', type: 'image/png', bytes: makePng(400, 500) },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/create-expected-visit/es',
      ...body,
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { mail } = await mailTo(email);
    expect(mail.text).toContain('Responda a las preguntas de cumplimiento antes de llegar:');
    expect(mail.text).toMatch(new RegExp(`${BASE}/online-compliance/[A-Za-z0-9_-]+`));
  });

  it('a forged Host header never reaches the links: they use the configured origin', async () => {
    const when = visitFields(clock.now(), 3);
    const email = `forged.${uuidv7().slice(-8)}@example.com`;
    const body = multipart(
      {
        journey_id: facts.flow.id,
        user_type_id: facts.type('Visitor').id,
        visit_date: when.visit_date,
        visit_time: when.visit_time,
        tz_offset: '0',
        first_name: 'Fay',
        last_name: 'Forged',
        email,
        phone: String(730000000 + Math.floor(Math.random() * 1e7)),
        company_name: 'Initech',
        custom_fields: '[]',
      },
      { name: 'me.png', type: 'image/png', bytes: makePng(400, 500) },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/create-expected-visit/en',
      payload: body.payload,
      headers: { ...body.headers, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { mail } = await mailTo(email);
    expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
    expect(mail.text).toMatch(new RegExp(`${BASE}/c/[A-Za-z0-9_-]+/\\S+`));
    // Without PUBLIC_URL (development) the links use the server's own address, still not the header.
    const bare = await seededApp(get().database, clock);
    try {
      const other = { ...visitor(plainFlowId), visit_date: visitFields(clock.now(), 4).visit_date };
      const added = await bare.inject({
        method: 'POST',
        url: '/api/add-expected-visitors',
        payload: { visitors: [other] },
        headers: { ...bearer(await tokenFor(bare, 'admin@acme.test')), host: 'evil.example' },
      });
      expect(added.statusCode, added.body).toBe(201);
      const { mail: second } = await mailTo(other.email);
      expect(second.text).not.toContain('evil.example');
      expect(second.text).toContain('http://localhost/c/');
    } finally {
      await bare.close();
    }
  });
});
