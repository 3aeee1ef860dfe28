// The admin side on a real database: add, the four approval calls, edit, delete, duplicate
// checks, the offline approval mutations through sync, and another company's ids → 404.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { expectedVisits, mailLog } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { demoFlow, visitFields } from './test-support';

const clock = testClock();

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let globexAdmin: string;
  let facts: Awaited<ReturnType<typeof demoFlow>>;
  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    globexAdmin = await tokenFor(app, 'admin@globex.test');
    facts = await demoFlow(get().database);
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const visitor = (n: number, extra: object = {}) => {
    const when = visitFields(clock.now());
    return {
      first_name: 'Guest',
      last_name: `Number${n}`,
      email: `guest${n}.${uuidv7().slice(-6)}@example.com`,
      phone: String(700000000 + Math.floor(Math.random() * 1e8)),
      user_type_id: facts.type('Visitor').id,
      journey_flow_id: facts.flow.id,
      host: facts.host!.id,
      visit_date: when.visit_date,
      visit_time: when.visit_time,
      tz_offset: 0,
      ...extra,
    };
  };
  async function addOne() {
    const res = await call(admin, 'POST', '/api/add-expected-visitors', { visitors: [visitor(1)] });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data[0].visit_id as string;
  }
  const statusOf = async (id: string) =>
    (await get().database.db.select().from(expectedVisits).where(eq(expectedVisits.id, id)))[0]!;

  it('adds several visitors at once and emails each an invitation', async () => {
    const list = [visitor(2), visitor(3)];
    const res = await call(admin, 'POST', '/api/add-expected-visitors', { visitors: list });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toHaveLength(2);
    for (const v of list)
      expect(await get().database.db.select().from(mailLog).where(eq(mailLog.to, v.email))).toHaveLength(1);
    const listed = await call(admin, 'GET', '/api/expected-visits');
    expect(listed.json().data.map((r: { email: string }) => r.email)).toEqual(
      expect.arrayContaining(list.map((v) => v.email)),
    );
    const mail = await call(admin, 'GET', '/api/mail-log');
    expect(mail.json().data.some((m: { to: string }) => m.to === list[0]!.email)).toBe(true);
  });

  it('refuses a visitor as host: hosts are of host-capable user types', async () => {
    const visitorPerson = (await statusOf(await addOne())).personId;
    const res = await call(admin, 'POST', '/api/add-expected-visitors', {
      visitors: [visitor(8, { host: visitorPerson })],
    });
    expect(res.statusCode).toBe(404);
    const staff = await call(admin, 'POST', '/api/add-expected-visitors', { visitors: [visitor(9)] });
    expect(staff.statusCode, staff.body).toBe(201);
  });

  it('refuses bad visitors and writes nothing', async () => {
    const before = (await get().database.db.select().from(expectedVisits)).length;
    const bad = await call(admin, 'POST', '/api/add-expected-visitors', {
      visitors: [visitor(4), visitor(5, { email: 'nope' })],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['visitors.1.email']).toEqual(['Invalid email address.']);
    const past = await call(admin, 'POST', '/api/add-expected-visitors', {
      visitors: [visitor(6, { visit_date: '2020-01-01' })],
    });
    expect(past.json().code).toBe('visit_in_past');
    expect((await get().database.db.select().from(expectedVisits)).length).toBe(before);
  });

  it('approves, rejects, re-approves and re-rejects only from the right state', async () => {
    const id = await addOne();
    expect((await call(admin, 'POST', '/api/approve-rejected-visit', { visit_id: id })).statusCode).toBe(409);
    expect((await call(admin, 'POST', '/api/approve-visit', { visit_id: id })).json().data.status).toBe('approved');
    expect((await call(admin, 'POST', '/api/reject-approved-visit', { visit_id: id })).json().data.status).toBe(
      'rejected',
    );
    expect((await call(admin, 'POST', '/api/approve-rejected-visit', { visit_id: id })).json().data.status).toBe(
      'approved',
    );
    expect((await call(admin, 'POST', '/api/reject-visit', { visit_id: id })).statusCode).toBe(409);
    expect((await call(admin, 'POST', '/api/approve-visit', { visit_id: 'x' })).statusCode).toBe(400);
  });

  it('edits and deletes; a deleted visit’s link says so', async () => {
    const id = await addOne();
    const moved = visitFields(clock.now(), 2, 14);
    const edit = await call(admin, 'PUT', '/api/edit-expected-visit', {
      visit_id: id,
      visit_date: moved.visit_date,
      visit_time: '14:00',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await statusOf(id)).visitAt).toBe(moved.at);
    expect(
      (await call(admin, 'PUT', '/api/edit-expected-visit', { visit_id: id, visit_date: '2020-01-01' })).json().code,
    ).toBe('visit_in_past');
    expect((await call(admin, 'DELETE', `/api/delete-expected-visit?visit_id=${id}`)).statusCode).toBe(200);
    const link = await app.inject({ url: `/api/visit-by-visit-url/en/${(await statusOf(id)).visitUrl}` });
    expect(link.json().data.visitMetadata).toMatchObject({ is_expired: true, reason: 'VISIT_DELETED' });
    expect((await call(admin, 'DELETE', `/api/delete-expected-visit?visit_id=${id}`)).statusCode).toBe(404);
  });

  it("answers 404 to another company's admin for every visit call", async () => {
    const id = await addOne();
    for (const action of ['approve-visit', 'reject-visit', 'approve-rejected-visit', 'reject-approved-visit']) {
      expect((await call(globexAdmin, 'POST', `/api/${action}`, { visit_id: id })).statusCode).toBe(404);
    }
    expect(
      (await call(globexAdmin, 'PUT', '/api/edit-expected-visit', { visit_id: id, company_name: 'x' })).statusCode,
    ).toBe(404);
    expect((await call(globexAdmin, 'DELETE', `/api/delete-expected-visit?visit_id=${id}`)).statusCode).toBe(404);
    expect((await call(globexAdmin, 'GET', `/api/visitor-photos/${id}`)).statusCode).toBe(404);
    expect((await call(globexAdmin, 'POST', '/api/add-expected-visitors', { visitors: [visitor(7)] })).statusCode).toBe(
      404,
    );
    expect((await call(globexAdmin, 'GET', '/api/expected-visits')).json().data).toEqual([]);
    expect((await statusOf(id)).status).toBe('expected');
  });

  it('gives an admin the personal link without mail: it opens the visit; the previous link no longer does', async () => {
    const id = await addOne();
    const issue = async (token: string) => call(token, 'POST', '/api/expected-visit-link', { visit_id: id });
    const first = await issue(admin);
    expect(first.statusCode, first.body).toBe(200);
    const link = first.json().data.link as string;
    const [, visitUrl, code] = /\/c\/([^/]+)\/([^/]+)$/.exec(link)!;
    expect(visitUrl).toBe((await statusOf(id)).visitUrl);
    const open = (c: string) => app.inject({ url: `/api/visit-by-visit-url/en/${visitUrl}?code=${c}` });
    expect((await open(code!)).json().data.user.email).toMatch(/@example\.com$/);
    const second = (await issue(admin)).json().data.link as string;
    expect(second).not.toBe(link);
    expect((await open(code!)).json().data.user).toBeNull();
    expect((await issue(globexAdmin)).statusCode).toBe(404);
  });

  it('checks duplicates for validate-user-update within the company', async () => {
    const res = await call(admin, 'POST', '/api/validate-user-update', { email: 'hannah.host@acme.test' });
    expect(res.json().errors).toEqual({ email: ['Email address already exists, try a different one.'] });
    const own = await call(admin, 'POST', '/api/validate-user-update', {
      email: 'hannah.host@acme.test',
      user_id: facts.host!.id,
    });
    expect(own.json().errors).toEqual({});
    const globex = await call(globexAdmin, 'POST', '/api/validate-user-update', { email: 'hannah.host@acme.test' });
    expect(globex.json().errors).toEqual({});
  });

  it('approves and rejects offline through sync; the revocation reaches pulls', async () => {
    const id = await addOne();
    const deviceId = uuidv7();
    const m = (seq: number, name: string) => ({
      seq,
      mutationId: uuidv7(),
      name,
      args: { visitId: id },
      clientTime: clock.now(),
      clockOffsetMs: 0,
    });
    const push = await call(admin, 'POST', '/api/sync/push', {
      deviceId,
      mutations: [m(1, 'expectedVisit.reject'), m(2, 'expectedVisit.reject')],
    });
    expect(push.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    expect((await statusOf(id)).status).toBe('rejected');
    const pull = await call(admin, 'GET', `/api/sync/pull?deviceId=${deviceId}&limit=5000`);
    const changes = pull.json().changes as Array<{
      table: string;
      id: string;
      op: string;
      data: { reason?: string } | null;
    }>;
    expect(changes.find((c) => c.table === 'qrRevocations' && c.id === id)).toMatchObject({
      op: 'put',
      data: { reason: 'VISIT_REJECTED' },
    });
    expect(changes.some((c) => c.table === 'signingKeys')).toBe(true);
    const approve = await call(admin, 'POST', '/api/sync/push', {
      deviceId,
      mutations: [m(3, 'expectedVisit.approve')],
    });
    expect(approve.json().results[0].status).toBe('applied');
    expect((await statusOf(id)).status).toBe('approved');
    const other = await call(globexAdmin, 'POST', '/api/sync/push', {
      deviceId: uuidv7(),
      mutations: [m(1, 'expectedVisit.reject')],
    });
    expect(other.json().results[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
  });
});
