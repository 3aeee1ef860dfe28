// Several instances: a limit holds across instances on one database — the requests
// a load balancer spreads over two servers count together, and a new window starts for both.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eachDatabase } from '../test/databases';
import { seededApp, testClock } from '../test/harness';

const limits = {
  loginLimits: { perAccount: { maxFailures: 50, windowMs: 60_000 }, perAddress: { max: 3, timeWindowMs: 60_000 } },
};

eachDatabase((get) => {
  const clock = testClock();
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await seededApp(get().database, clock, limits);
    second = await seededApp(get().database, clock, limits);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  const attempt = (app: FastifyInstance, n: number) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: `nobody${n}@acme.test`, password: 'not-the-password' },
      remoteAddress: '10.77.0.1',
    });

  it('counts one address’s requests on both instances together', async () => {
    expect((await attempt(first, 1)).statusCode).toBe(401);
    expect((await attempt(second, 2)).statusCode).toBe(401);
    expect((await attempt(first, 3)).statusCode).toBe(401);
    const limited = await attempt(second, 4);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'too_many_login_attempts' });
    expect((await attempt(first, 5)).statusCode).toBe(429);

    // The window ends for both instances at once.
    clock.advance(60_001);
    expect((await attempt(second, 6)).statusCode).toBe(401);
  });
});
