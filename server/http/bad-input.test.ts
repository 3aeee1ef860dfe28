// Bad payloads answer 400 with field errors and write nothing; they never cause a 500.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authTokens, loginAttempts, users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, freshAddress, seededApp, tokenFor } from '../test/harness';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };

eachDatabase((get) => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await seededApp(get().database);
    token = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => {
    await app.close();
  });

  async function rowCounts() {
    const { db } = get().database;
    const [tokens] = await db.select({ n: count() }).from(authTokens);
    const [attempts] = await db.select({ n: count() }).from(loginAttempts);
    const [admin] = await db
      .select({ version: users.version, lang: users.lang })
      .from(users)
      .where(eq(users.email, 'admin@acme.test'));
    return { tokens: tokens!.n, attempts: attempts!.n, admin };
  }

  const json = { 'content-type': 'application/json' };
  const huge = 'x'.repeat(100_000);
  const loginBodies: Array<[string, string]> = [
    ['missing fields', '{}'],
    ['missing password', '{"email":"admin@acme.test"}'],
    ['wrong types', '{"email":42,"password":["a"]}'],
    ['invalid email', '{"email":"not-an-email","password":"secret-password"}'],
    ['huge email', JSON.stringify({ email: `${huge}@acme.test`, password: 'x' })],
    ['huge password', JSON.stringify({ email: 'admin@acme.test', password: huge })],
    ['array body', '[1,2,3]'],
    ['null body', 'null'],
  ];

  it.each(loginBodies)('POST /api/login with %s → 400 with errors, nothing written', async (_name, payload) => {
    const before = await rowCounts();
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: json,
      payload,
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_failed');
    expect(body.message).toBe(en.errors.validation_failed);
    expect(Object.keys(body.errors).length).toBeGreaterThan(0);
    for (const messages of Object.values(body.errors as Record<string, string[]>)) {
      for (const message of messages) expect(message).not.toMatch(/^(validation|errors)\./);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('malformed JSON and an empty JSON body → 400, in the Accept-Language', async () => {
    for (const payload of ['{"email": "admin@acme.test", ', '']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { ...json, 'accept-language': 'es-ES,es;q=0.9' },
        payload,
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', message: es.errors.validation_failed });
      expect(response.json().errors).toBeTruthy();
    }
  });

  it('a body over the size limit is refused without a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: json,
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2_000_000) }),
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('validation_failed');
  });

  it('POST /api/change-lang with bad payloads → 400, language unchanged', async () => {
    const before = await rowCounts();
    for (const payload of ['{}', '{"lang":1}', '{"lang":"fr"}', `{"lang":"${huge}"}`, '{"lang":', 'null']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/change-lang',
        headers: { ...json, ...bearer(token) },
        payload,
      });
      expect(response.statusCode, payload.slice(0, 20)).toBe(400);
      expect(response.json().errors).toBeTruthy();
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('an unknown /api path answers a JSON 404', async () => {
    const response = await app.inject({ url: '/api/does-not-exist', headers: bearer(token) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'not_found',
      message: en.errors.not_found,
      request_id: expect.any(String),
    });
  });
});
