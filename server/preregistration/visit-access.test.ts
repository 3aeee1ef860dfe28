// On a real database: changing a visit's host answers (and the server
// keeps answering), and every write on an expected visit follows the list's rule: a person
// without `users` manages only the visits they host; a kiosk's token manages none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { expectedVisits, users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { kioskCaller } from '../test/callers';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { demoFlow, visitFields } from './test-support';

const clock = testClock();

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let warden: string;
  let wardenId: string;
  let kiosk: string;
  let facts: Awaited<ReturnType<typeof demoFlow>>;
  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    warden = await tokenFor(app, 'warden@acme.test');
    facts = await demoFlow(get().database);
    const [w] = await get()
      .database.db.select()
      .from(users)
      .where(and(eq(users.entityId, facts.entity.id), eq(users.email, 'warden@acme.test')));
    wardenId = w!.id;
    kiosk = (await kioskCaller(app, get().database, facts.entity.id, admin)).token;
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const visitor = (extra: object = {}) => {
    const when = visitFields(clock.now());
    return {
      first_name: 'Guest',
      last_name: 'Access',
      email: `access.${uuidv7().slice(-8)}@example.com`,
      phone: String(600000000 + Math.floor(Math.random() * 1e8)),
      user_type_id: facts.type('Visitor').id,
      journey_flow_id: facts.flow.id,
      host: facts.host!.id,
      visit_date: when.visit_date,
      visit_time: when.visit_time,
      tz_offset: 0,
      ...extra,
    };
  };
  async function add(token: string, extra: object = {}) {
    const res = await call(token, 'POST', '/api/add-expected-visitors', { visitors: [visitor(extra)] });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data[0].visit_id as string;
  }
  const row = async (id: string) =>
    (await get().database.db.select().from(expectedVisits).where(eq(expectedVisits.id, id)))[0]!;
  const push = (token: string, name: string, args: object) =>
    call(token, 'POST', '/api/sync/push', {
      deviceId: uuidv7(),
      mutations: [{ seq: 1, mutationId: uuidv7(), name, args, clientTime: clock.now(), clockOffsetMs: 0 }],
    });

  describe('changing the host', () => {
    it('answers, and the server keeps answering', async () => {
      const id = await add(admin);
      const [other] = await get()
        .database.db.select()
        .from(users)
        .where(and(eq(users.entityId, facts.entity.id), eq(users.email, 'harry.host@acme.test')));
      const res = await call(admin, 'PUT', '/api/edit-expected-visit', { visit_id: id, host: other!.id, tz_offset: 0 });
      expect(res.statusCode, res.body).toBe(200);
      expect((await row(id)).hostId).toBe(other!.id);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    });
  });

  describe('writes follow the list', () => {
    it("a dashboard user without `users` can neither see nor change another host's visit", async () => {
      const id = await add(admin);
      expect(
        (await call(warden, 'GET', '/api/expected-visits')).json().data.map((v: { id: string }) => v.id),
      ).not.toContain(id);
      for (const action of ['approve-visit', 'reject-visit']) {
        expect((await call(warden, 'POST', `/api/${action}`, { visit_id: id })).statusCode).toBe(404);
      }
      expect(
        (
          await call(warden, 'PUT', '/api/edit-expected-visit', {
            visit_id: id,
            company_name: 'Mine now',
            tz_offset: 0,
          })
        ).statusCode,
      ).toBe(404);
      expect((await call(warden, 'DELETE', `/api/delete-expected-visit?visit_id=${id}`)).statusCode).toBe(404);
      expect((await call(warden, 'GET', `/api/visitor-photos/${id}`)).statusCode).toBe(404);
      for (const name of ['expectedVisit.approve', 'expectedVisit.reject']) {
        expect((await push(warden, name, { visitId: id })).json().results[0]).toMatchObject({
          status: 'rejected',
          code: 'not_found',
        });
      }
      expect(
        (await push(warden, 'expectedVisit.arrive', { visitId: id, kioskVisitId: uuidv7(), at: clock.now() })).json()
          .results[0].status,
      ).toBe('rejected');
      const after = await row(id);
      expect(after).toMatchObject({ status: 'expected', companyName: null, deletedAt: null, arrivedAt: null });
    });

    it('the rejected and approved states are guarded the same way', async () => {
      const id = await add(admin);
      expect((await call(admin, 'POST', '/api/reject-visit', { visit_id: id })).statusCode).toBe(200);
      expect((await call(warden, 'POST', '/api/approve-rejected-visit', { visit_id: id })).statusCode).toBe(404);
      expect((await row(id)).status).toBe('rejected');
      expect((await call(admin, 'POST', '/api/approve-rejected-visit', { visit_id: id })).statusCode).toBe(200);
      expect((await call(warden, 'POST', '/api/reject-approved-visit', { visit_id: id })).statusCode).toBe(404);
      expect((await row(id)).status).toBe('approved');
    });

    it('a host manages the visits they host, and adds visits only for themselves', async () => {
      expect((await call(warden, 'POST', '/api/add-expected-visitors', { visitors: [visitor()] })).statusCode).toBe(
        403,
      );
      const own = await add(warden, { host: '' });
      expect((await row(own)).hostId).toBe(wardenId);
      const hosted = await add(admin, { host: wardenId });
      expect((await call(warden, 'GET', '/api/expected-visits')).json().data.map((v: { id: string }) => v.id)).toEqual(
        expect.arrayContaining([own, hosted]),
      );
      expect((await call(warden, 'POST', '/api/approve-visit', { visit_id: hosted })).json().data.status).toBe(
        'approved',
      );
      expect(
        (
          await call(warden, 'PUT', '/api/edit-expected-visit', {
            visit_id: hosted,
            company_name: 'Initech',
            tz_offset: 0,
          })
        ).statusCode,
      ).toBe(200);
      expect((await push(warden, 'expectedVisit.reject', { visitId: own })).json().results[0].status).toBe('applied');
      expect((await call(warden, 'DELETE', `/api/delete-expected-visit?visit_id=${own}`)).statusCode).toBe(200);
      expect(await row(hosted)).toMatchObject({ status: 'approved', companyName: 'Initech' });
      expect((await row(own)).deletedAt).not.toBeNull();
    });

    it("a kiosk's token approves, rejects, edits and deletes nothing", async () => {
      const id = await add(admin);
      for (const action of ['approve-visit', 'reject-visit']) {
        expect([403, 404]).toContain((await call(kiosk, 'POST', `/api/${action}`, { visit_id: id })).statusCode);
      }
      expect([403, 404]).toContain(
        (await call(kiosk, 'PUT', '/api/edit-expected-visit', { visit_id: id, company_name: 'x', tz_offset: 0 }))
          .statusCode,
      );
      expect([403, 404]).toContain(
        (await call(kiosk, 'DELETE', `/api/delete-expected-visit?visit_id=${id}`)).statusCode,
      );
      for (const name of ['expectedVisit.approve', 'expectedVisit.reject']) {
        expect((await push(kiosk, name, { visitId: id })).json().results[0].status).toBe('rejected');
      }
      expect(await row(id)).toMatchObject({ status: 'expected', companyName: null, deletedAt: null });
    });
  });
});
