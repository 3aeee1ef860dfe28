// Login, tokens, logout and the caller's profile, through the HTTP API against a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { v7 as uuidv7 } from 'uuid';
import type { FastifyInstance } from 'fastify';
import { TOKEN_TTL_MS } from '../../domain/constants';
import { defaultPermissionsFor } from '../../domain/permissions';
import { users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, entityFacts, login, seededApp, testClock, tokenFor } from '../test/harness';
import { buildApp } from '../app';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };

eachDatabase((get) => {
  const clock = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await seededApp(get().database, clock);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('POST /api/login', () => {
    it('answers a token, its expiry and the user details with the role permissions', async () => {
      const { response, body } = await login(app, 'admin@acme.test');
      expect(response.statusCode).toBe(200);
      expect(body.data.access_token).toMatch(/^[\w-]{40,}$/);
      expect(body.data.expires_at).toBe(clock.now() + TOKEN_TTL_MS);
      const user = body.data.user;
      expect(user).toMatchObject({
        email: 'admin@acme.test',
        fullName: 'Ada Admin',
        lang: 'en',
        isOwner: true,
        isTechTeam: false,
      });
      expect(user.role.name).toBe('admin');
      expect(user.role.permissions).toEqual(defaultPermissionsFor('admin'));
      expect(user.entity).toMatchObject({
        name: 'Acme',
        subdomain: 'acme',
        package: 'Cloud',
        plan: 2,
        subscription: 'cloud',
        owner_id: user.id,
      });
    });

    it('accepts the email in any case and flags the tech-team account', async () => {
      const { response, body } = await login(app, 'Tech-Team@Gatehouse.Internal');
      expect(response.statusCode).toBe(200);
      expect(body.data.user).toMatchObject({
        isTechTeam: true,
        role: { name: 'system admin' },
        entity: { subdomain: 'globex', package: 'Standalone' },
      });
    });

    it('answers unknown email and wrong password identically', async () => {
      const unknown = await login(app, 'nobody@acme.test', 'whatever-password');
      const wrong = await login(app, 'reporter@acme.test', 'not-the-password');
      expect(unknown.response.statusCode).toBe(401);
      expect(wrong.response.statusCode).toBe(401);
      // Word for word the same answer (each carries its own request id).
      const { request_id: _u, ...unknownBody } = unknown.body as { request_id?: string };
      const { request_id: _w, ...wrongBody } = wrong.body as { request_id?: string };
      expect(unknownBody).toEqual(wrongBody);
      expect(wrong.body).toEqual({
        code: 'invalid_credentials',
        message: en.errors.invalid_credentials,
        request_id: expect.any(String),
      });
    });

    it('refuses an archived user', async () => {
      const { db } = get().database;
      await db.update(users).set({ archived: true }).where(eq(users.email, 'system@acme.test'));
      const { response, body } = await login(app, 'system@acme.test');
      expect(response.statusCode).toBe(403);
      expect(body.code).toBe('account_deactivated');
      await db.update(users).set({ archived: false }).where(eq(users.email, 'system@acme.test'));
    });

    it('asks for the company when the email exists in several, and logs in with it', async () => {
      const { database } = get();
      const globex = await entityFacts(database, 'globex');
      const [acmeAdmin] = await database.db.select().from(users).where(eq(users.email, 'admin@acme.test'));
      const [globexAdmin] = await database.db
        .select()
        .from(users)
        .where(and(eq(users.entityId, globex.entity.id), eq(users.email, 'admin@globex.test')));
      const shared = 'shared@both.test';
      const passwordHash = await hash('shared-password');
      for (const [source, id] of [
        [acmeAdmin!, '0190aaaa-0000-7000-8000-000000000001'],
        [globexAdmin!, '0190aaaa-0000-7000-8000-000000000002'],
      ] as const) {
        await database.db
          .insert(users)
          .values({ ...source, id, email: shared, passwordHash, phone: null, passportId: null });
      }
      const ambiguous = await login(app, shared, 'shared-password');
      expect(ambiguous.response.statusCode).toBe(400);
      expect(ambiguous.response.json().errors.subdomain).toEqual([en.validation.choose_company]);
      const chosen = await login(app, shared, 'shared-password', { subdomain: 'globex' });
      expect(chosen.response.statusCode).toBe(200);
      expect(chosen.body.data.user.entity.subdomain).toBe('globex');
      const wrong = await login(app, shared, 'nope-nope', { subdomain: 'globex' });
      expect(wrong.response.statusCode).toBe(401);
    });

    it('never accepts the demo password in production', async () => {
      const production = await buildApp({ database: get().database, now: clock.now, production: true });
      const response = await production.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'admin@globex.test', password: 'gatehouse-demo' },
      });
      expect(response.statusCode).toBe(401);
      await production.close();
    });
  });

  describe('tokens', () => {
    it('expire after TOKEN_TTL_MS', async () => {
      const token = await tokenFor(app, 'employee@acme.test');
      clock.advance(TOKEN_TTL_MS - 1000);
      expect((await app.inject({ url: '/api/user_details', headers: bearer(token) })).statusCode).toBe(200);
      clock.advance(2000);
      const expired = await app.inject({ url: '/api/user_details', headers: bearer(token) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({
        code: 'unauthenticated',
        message: en.errors.unauthenticated,
        request_id: expect.any(String),
      });
    });

    it('are invalidated by logout', async () => {
      const token = await tokenFor(app, 'employee@acme.test');
      const out = await app.inject({ url: '/api/logout', headers: bearer(token) });
      expect(out.statusCode).toBe(200);
      expect(typeof out.json().message).toBe('string');
      expect((await app.inject({ url: '/api/user_details', headers: bearer(token) })).statusCode).toBe(401);
    });

    it('reject unknown and malformed bearer tokens', async () => {
      for (const authorization of ['Bearer not-a-token', 'Basic abc', '']) {
        const response = await app.inject({ url: '/api/user_details', headers: { authorization } });
        expect(response.statusCode).toBe(401);
      }
    });
  });

  describe('the caller profile', () => {
    it('GET /api/user_details and /api/user-role describe the caller', async () => {
      const token = await tokenFor(app, 'reporter@acme.test');
      const details = await app.inject({ url: '/api/user_details', headers: bearer(token) });
      expect(details.statusCode).toBe(200);
      const user = details.json().data;
      expect(Object.keys(user).sort()).toEqual(
        [
          'email',
          'entity',
          'fullName',
          'id',
          'image',
          'isOwner',
          'isTechTeam',
          'is_otp_enabled',
          'lang',
          'passport_id',
          'role',
        ].sort(),
      );
      expect(user.role.permissions).toEqual(defaultPermissionsFor('employee with reporting'));
      const role = await app.inject({ url: '/api/user-role', headers: bearer(token) });
      expect(role.json()).toEqual({
        data: { role: { id: user.role.id, name: 'employee with reporting' }, permissions: user.role.permissions },
      });
    });

    it('GET /api/roles/{entityId} lists the six roles of the caller entity', async () => {
      const token = await tokenFor(app, 'admin@acme.test');
      const acme = await entityFacts(get().database, 'acme');
      const response = await app.inject({ url: `/api/roles/${acme.entity.id}`, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      const names = (response.json().data as Array<{ name: string }>).map((r) => r.name).sort();
      expect(names).toEqual([
        'admin',
        'default users',
        'employee',
        'employee with reporting',
        'fire warden',
        'system admin',
      ]);
      // A fire warden has no "users" permission: refused, but only after the tenancy check.
      const warden = await tokenFor(app, 'warden@acme.test');
      const refused = await app.inject({ url: `/api/roles/${acme.entity.id}`, headers: bearer(warden) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('action_not_allowed');
      const globex = await entityFacts(get().database, 'globex');
      expect((await app.inject({ url: `/api/roles/${globex.entity.id}`, headers: bearer(warden) })).statusCode).toBe(
        404,
      );
    });

    it('POST /api/change-lang persists, and later errors come back in that language', async () => {
      const token = await tokenFor(app, 'warden@acme.test');
      const changed = await app.inject({
        method: 'POST',
        url: '/api/change-lang',
        headers: bearer(token),
        payload: { lang: 'ar' },
      });
      expect(changed.json()).toEqual({ data: { lang: 'ar' } });
      expect((await app.inject({ url: '/api/user_details', headers: bearer(token) })).json().data.lang).toBe('ar');
      const missing = await app.inject({ url: `/api/roles/${uuidv7()}`, headers: bearer(token) });
      expect(missing.json()).toEqual({
        code: 'not_found',
        message: ar.errors.not_found,
        request_id: expect.any(String),
      });
      const invalid = await app.inject({
        method: 'POST',
        url: '/api/change-lang',
        headers: bearer(token),
        payload: { lang: 'fr' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({
        code: 'validation_failed',
        message: ar.errors.validation_failed,
        errors: { lang: [ar.validation.language] },
        request_id: expect.any(String),
      });
      await app.inject({ method: 'POST', url: '/api/change-lang', headers: bearer(token), payload: { lang: 'en' } });
    });
  });
});
