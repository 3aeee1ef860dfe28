// Login rate limits: per account (in the database, shared by instances) and per address.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../../domain/constants';
import { eachDatabase } from '../test/databases';
import { seededApp, testClock } from '../test/harness';

eachDatabase((get) => {
  const clock = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await seededApp(get().database, clock, {
      loginLimits: { perAccount: { maxFailures: 3, windowMs: 60_000 }, perAddress: { max: 4, timeWindowMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const attempt = (email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

  it('locks an account after repeated failures, even for the right password, until the window passes', async () => {
    // Different addresses: only the account limit can trigger.
    for (let i = 0; i < 3; i++)
      expect((await attempt('warden@acme.test', 'bad-password', `10.1.0.${i}`)).statusCode).toBe(401);
    const locked = await attempt('warden@acme.test', DEMO_PASSWORD, '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'account_locked',
      message: 'Too many failed sign-ins for this account. Try again in 1 min.',
      request_id: expect.any(String),
    });
    // Another account is unaffected.
    expect((await attempt('employee@acme.test', DEMO_PASSWORD, '10.1.1.2')).statusCode).toBe(200);
    clock.advance(60_001);
    expect((await attempt('warden@acme.test', DEMO_PASSWORD, '10.1.1.3')).statusCode).toBe(200);
  });

  it('a success clears earlier failures', async () => {
    for (let i = 0; i < 2; i++) await attempt('reporter@acme.test', 'bad-password', `10.2.0.${i}`);
    expect((await attempt('reporter@acme.test', DEMO_PASSWORD, '10.2.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await attempt('reporter@acme.test', 'bad-password', `10.2.2.${i}`);
    expect((await attempt('reporter@acme.test', DEMO_PASSWORD, '10.2.3.1')).statusCode).toBe(200);
  });

  it('limits unknown emails too, so guessing gains nothing', async () => {
    for (let i = 0; i < 3; i++) await attempt('ghost@acme.test', 'x-password', `10.3.0.${i}`);
    expect((await attempt('ghost@acme.test', 'x-password', '10.3.1.1')).statusCode).toBe(429);
  });

  it('limits requests per address, whatever the account', async () => {
    const address = '10.4.0.1';
    const emails = ['a@acme.test', 'b@acme.test', 'c@acme.test', 'd@acme.test'];
    for (const email of emails) expect((await attempt(email, 'x-password', address)).statusCode).toBe(401);
    const limited = await attempt('admin@acme.test', DEMO_PASSWORD, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'too_many_login_attempts',
      message: 'Too many login attempts from this address. Try again in 1 min.',
      request_id: expect.any(String),
    });
    expect((await attempt('admin@acme.test', DEMO_PASSWORD, '10.4.0.2')).statusCode).toBe(200);
  });
});
