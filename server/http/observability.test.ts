// Logs, health and metrics: every answer carries a request id (errors in their body
// too), log lines name the route's pattern and never a token, a password, a link's secret or a
// searched name, and /api/ready says whether this instance may take traffic.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { seedDemo } from '../seed/demo';
import { eachDatabase } from '../test/databases';
import { bearer, entityFacts, testClock, tokenFor } from '../test/harness';
import { loggerOptions } from './observability';

eachDatabase((get) => {
  let app: FastifyInstance;
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });

  beforeAll(async () => {
    const clock = testClock();
    await seedDemo(get().database.db, { now: clock.now, production: false });
    app = await buildApp({ database: get().database, now: clock.now, logger: loggerOptions('info', sink) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers with a request id, in the header and in an error body, and keeps a sane incoming one', async () => {
    const refused = await app.inject({ url: '/api/users/not-a-company', headers: bearer('forged') });
    expect(refused.statusCode).toBe(401);
    const id = refused.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(refused.json()).toMatchObject({ code: 'unauthenticated', request_id: id });

    const passed = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-7f3a9c21' } });
    expect(passed.headers['x-request-id']).toBe('lb-7f3a9c21');
    const odd = await app.inject({ url: '/api/health', headers: { 'x-request-id': '<script>' } });
    expect(odd.headers['x-request-id']).not.toBe('<script>');
  });

  it('logs each request as JSON with its route pattern, never a token, password, link secret or name', async () => {
    lines.length = 0;
    const password = 'gatehouse-demo';
    const token = await tokenFor(app, 'admin@acme.test');
    const { entity } = await entityFacts(get().database, 'acme');
    const secretLink = 'a1b2c3d4e5f6secretlink';
    await app.inject({ url: `/api/users/${entity.id}?search=Rebecca%20Reporter`, headers: bearer(token) });
    await app.inject({ url: `/api/visit-by-visit-url/en/${secretLink}` });
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'admin@acme.test', password: 'wrong-password-123' },
    });
    expect(lines.length).toBeGreaterThan(0);
    const parsed = lines.map((l) => JSON.parse(l) as { req?: { route?: string } });
    expect(parsed.some((l) => l.req?.route === '/api/users/:entityId')).toBe(true);
    const all = lines.join('\n');
    for (const secret of [token, password, 'wrong-password-123', secretLink, 'Rebecca', entity.id])
      expect(all).not.toContain(secret);
  });

  it('is ready once the database answers with this build’s newest migration', async () => {
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

describe('an instance whose database is not migrated', () => {
  it('is alive but not ready', async () => {
    const database = await openDatabase({});
    const app = await buildApp({ database, now: testClock().now });
    try {
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const ready = await app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
