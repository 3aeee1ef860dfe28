// GET /api/health: anyone learns that the server is up; only a signed-in caller learns which
// database and migration it runs.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await seededApp(get().database);
  });
  afterAll(async () => {
    await app.close();
  });

  it('tells an anonymous caller, or one with a bad token, only that it is up', async () => {
    for (const headers of [{}, bearer('forged-token')]) {
      const response = await app.inject({ url: '/api/health', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('tells a signed-in caller the database kind and migration', async () => {
    const response = await app.inject({ url: '/api/health', headers: bearer(await tokenFor(app, 'warden@acme.test')) });
    expect(response.json()).toEqual({ status: 'ok', database: get().kind, migration: expect.stringMatching(/^0000_/) });
  });
});
