// The built-in passport through the HTTP API: status and reactivation (with days), sealed ids,
// invitations from the users page, password change, on PGlite and PostgreSQL.
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sites, users, userTypes } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, callerOf, entityFacts, login, seededApp, testClock, tokenFor } from '../test/harness';
import { makePng } from '../preregistration/test-png';
import { demoFlow, multipart, visitFields } from '../preregistration/test-support';

const DAY = 86_400_000;

eachDatabase((get) => {
  const clock = testClock();
  let app: FastifyInstance;
  let token = '';
  const call = callerOf(
    () => app,
    () => token,
  );
  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    token = await tokenFor(app, 'reporter@acme.test');
  });
  afterAll(async () => {
    await app.close();
  });

  it('is active on first use, counts the days once deactivated, and reactivates', async () => {
    const first = (await call('POST', '/api/check-activation-status')).json().data;
    expect(first).toMatchObject({ active: true, days_since_deactivation: null });
    expect(first.encrypted_id).toEqual(expect.any(String));

    await call('POST', '/api/passport/deactivate');
    clock.advance(3 * DAY + 60_000);
    token = await tokenFor(app, 'reporter@acme.test'); // the old session expired meanwhile
    const off = (await call('POST', '/api/check-activation-status')).json().data;
    expect(off).toMatchObject({ active: false, days_since_deactivation: 3, encrypted_id: null });

    const back = (await call('POST', '/api/reactivate-passport-account')).json().data;
    expect(back).toMatchObject({ active: true, days_since_deactivation: null });
  });

  it('opens a session from a sealed id, and refuses it altered or expired', async () => {
    const { encrypted_id: id } = (await call('POST', '/api/check-activation-status')).json().data;
    const opened = await app.inject({ method: 'POST', url: '/api/generate-token-by-id', payload: { id } });
    expect(opened.statusCode).toBe(200);
    const session = opened.json().data;
    expect(session.user.email).toBe('reporter@acme.test');
    const me = await app.inject({ method: 'GET', url: '/api/passport/account', headers: bearer(session.access_token) });
    expect(me.json().data.email).toBe('reporter@acme.test');

    const altered = id.slice(0, -2) + (id.endsWith('A') ? 'BB' : 'AA');
    expect(
      (await app.inject({ method: 'POST', url: '/api/generate-token-by-id', payload: { id: altered } })).statusCode,
    ).toBe(401);
    clock.advance(6 * 60_000);
    expect((await app.inject({ method: 'POST', url: '/api/generate-token-by-id', payload: { id } })).statusCode).toBe(
      401,
    );
  });

  it("says 'Current Password is Not Correct!' and changes the password of every company it holds", async () => {
    const wrong = await call('POST', '/api/passport/change-password', {
      current_password: 'not-it',
      password: 'a-new-passport-pass',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current Password is Not Correct!');
    const ok = await call('POST', '/api/passport/change-password', {
      current_password: 'gatehouse-demo',
      password: 'a-new-passport-pass',
    });
    expect(ok.statusCode).toBe(200);
    expect((await login(app, 'reporter@acme.test', 'a-new-passport-pass')).response.statusCode).toBe(200);
    expect((await login(app, 'reporter@acme.test')).response.statusCode).toBe(401);

    // A forgot-password reset changes the company user's password: that one is the current one.
    await get()
      .database.db.update(users)
      .set({ passwordHash: await hash('a-reset-password') })
      .where(eq(users.email, 'reporter@acme.test'));
    const afterReset = await call('POST', '/api/passport/change-password', {
      current_password: 'a-reset-password',
      password: 'gatehouse-demo',
    });
    expect(afterReset.statusCode).toBe(200);
  });

  it('the pre-registration passport variant links a visitor to the passport only with the sealed id', async () => {
    // Someone from another company registers as a visitor at Acme through its public form.
    const visitor = await tokenFor(app, 'admin@globex.test');
    const status = (await call('POST', '/api/check-activation-status', undefined, visitor)).json().data;
    const account = (await call('GET', '/api/passport/account', undefined, visitor)).json().data;
    expect(status.visitor_passport_id.length).toBeLessThanOrEqual(64);
    const facts = await demoFlow(get().database);
    const register = async (passport_id: string) => {
      const when = visitFields(clock.now());
      const email = `pass.${Math.random().toString(36).slice(2, 8)}@example.com`;
      const body = multipart(
        {
          journey_id: facts.flow.id,
          user_type_id: facts.type('Visitor').id,
          visit_date: when.visit_date,
          visit_time: when.visit_time,
          tz_offset: '0',
          first_name: 'Pat',
          last_name: 'Passport',
          email,
          phone: String(Math.floor(Math.random() * 1e9)),
          custom_fields: '[]',
          passport_id,
        },
        { name: 'me.png', type: 'image/png', bytes: makePng(400, 500) },
      );
      const res = await app.inject({ method: 'POST', url: '/api/create-expected-visit/en', ...body });
      expect(res.statusCode, res.body).toBe(201);
      const [person] = await get()
        .database.db.select({ passportId: users.passportId })
        .from(users)
        .where(eq(users.email, email));
      return person!.passportId;
    };
    expect(await register(status.visitor_passport_id)).toBe(account.id);
    const companies = (await call('GET', '/api/passport/account', undefined, visitor)).json().data.companies;
    expect(companies.map((c: { name: string }) => c.name)).toEqual(['Acme', 'Globex']);
    // The plain account id (or anything else not sealed here) links nothing.
    expect(await register(account.id)).toBeNull();
  });

  describe('invitations from the users page', () => {
    it('an invited person sees the company pending, accepts it, and a revoke takes it away', async () => {
      const admin = await tokenFor(app, 'admin@globex.test');
      const globex = await entityFacts(get().database, 'globex');
      const db = get().database.db;
      // A Globex user with the same email as Acme's employee: the same person.
      const [owner] = await db.select().from(users).where(eq(users.entityId, globex.entity.id));
      const [guest] = await db
        .insert(users)
        .values({
          entityId: globex.entity.id,
          id: '01900000-0000-7000-8000-00000000beef',
          email: 'employee@acme.test',
          fullName: 'Emma Employee',
          roleId: owner!.roleId,
          updatedAt: new Date(clock.now()),
        })
        .returning();
      const employee = await tokenFor(app, 'employee@acme.test');
      const asEmployee = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
        call(method, url, payload, employee);
      expect((await asEmployee('GET', '/api/passport/account')).json().data.invitations).toEqual([]);

      const refs = await db
        .select()
        .from(users)
        .where(and(eq(users.entityId, globex.entity.id), eq(users.id, owner!.id)));
      const [site] = await db.select().from(sites).where(eq(sites.entityId, globex.entity.id));
      const [type] = await db.select().from(userTypes).where(eq(userTypes.entityId, globex.entity.id));
      const invited = await call(
        'PUT',
        '/api/invite_revoke',
        { status: 'invite', user_id: guest!.id, role_id: refs[0]!.roleId, site_id: site!.id, user_type_id: type!.id },
        admin,
      );
      expect(invited.statusCode).toBe(200);

      const pending = (await asEmployee('GET', '/api/passport/account')).json().data.invitations;
      expect(pending).toEqual([expect.objectContaining({ company_name: globex.entity.name })]);
      const accepted = (
        await asEmployee('POST', '/api/accept-invitation-from-cloud', { invitation_id: pending[0].id })
      ).json().data;
      expect(accepted.invitations).toEqual([]);
      expect(accepted.companies.map((c: { name: string }) => c.name).sort()).toEqual(
        ['Acme', globex.entity.name].sort(),
      );

      await call('PUT', '/api/invite_revoke', { status: 'revoke', user_id: guest!.id }, admin);
      const after = (await asEmployee('GET', '/api/passport/account')).json().data;
      expect(after.companies.map((c: { name: string }) => c.name)).toEqual(['Acme']);
    });

    it("another person's invitation answers 404", async () => {
      const other = await tokenFor(app, 'warden@acme.test');
      const res = await call(
        'POST',
        '/api/reject-invitation-from-cloud',
        { invitation_id: '01900000-0000-7000-8000-000000000001' },
        other,
      );
      expect(res.statusCode).toBe(404);
    });
  });
});
