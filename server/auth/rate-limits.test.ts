// Whose address a limit counts (X-Forwarded-For only from configured proxies),
// a 429 that says what was limited in the caller's language, and an account lock that answers
// exactly alike whatever the password and whether the account exists.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../../domain/constants';
import { eachDatabase } from '../test/databases';
import { seededApp, testClock } from '../test/harness';
import { trustedProxies } from './rate-limits';

const limits = {
  loginLimits: { perAccount: { maxFailures: 3, windowMs: 10 * 60_000 }, perAddress: { max: 3, timeWindowMs: 60_000 } },
};

it('reads TRUSTED_PROXIES as a list of addresses; unset trusts nobody', () => {
  expect(trustedProxies(undefined)).toEqual([]);
  expect(trustedProxies(' 10.0.0.1, 10.1.0.0/16 ,')).toEqual(['10.0.0.1', '10.1.0.0/16']);
});

eachDatabase((get) => {
  const clock = testClock();
  let direct: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    direct = await seededApp(get().database, clock, limits);
    proxied = await seededApp(get().database, clock, { ...limits, trustedProxies: ['10.9.0.1'] });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  const login = (
    app: FastifyInstance,
    email: string,
    password: string,
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) => app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress, headers });

  it('without trusted proxies, X-Forwarded-For does not change whose address is limited', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (await login(direct, `nobody${i}@acme.test`, 'x-password', '10.20.0.1', { 'x-forwarded-for': `192.0.2.${i}` }))
          .statusCode,
      ).toBe(401);
    }
    const limited = await login(direct, 'admin@acme.test', DEMO_PASSWORD, '10.20.0.1', {
      'x-forwarded-for': '192.0.2.99',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'too_many_login_attempts',
      message: 'Too many login attempts from this address. Try again in 1 min.',
      request_id: expect.any(String),
    });
  });

  it('behind a trusted proxy, each client address is limited on its own, and a forged hop is ignored', async () => {
    const viaProxy = (client: string, email: string) =>
      login(proxied, email, 'x-password', '10.9.0.1', { 'x-forwarded-for': client });
    for (let i = 0; i < 3; i++) expect((await viaProxy('198.51.100.7', `ghost${i}@acme.test`)).statusCode).toBe(401);
    expect((await viaProxy('198.51.100.7', 'ghost9@acme.test')).statusCode).toBe(429);
    // Another client behind the same proxy is not affected.
    expect((await viaProxy('198.51.100.8', 'ghost10@acme.test')).statusCode).toBe(401);
    // A client that prepends its own X-Forwarded-For is still counted by the hop the proxy added.
    expect((await viaProxy('203.0.113.1, 198.51.100.7', 'ghost11@acme.test')).statusCode).toBe(429);
    // A direct caller that is not the proxy cannot pick its address through the header.
    for (let i = 0; i < 3; i++)
      await login(proxied, `direct${i}@acme.test`, 'x-password', '10.30.0.1', {
        'x-forwarded-for': `203.0.113.${i + 10}`,
      });
    expect(
      (await login(proxied, 'direct9@acme.test', 'x-password', '10.30.0.1', { 'x-forwarded-for': '203.0.113.99' }))
        .statusCode,
    ).toBe(429);
  });

  it('a locked account answers alike for the right and wrong password, and like an unknown account', async () => {
    let n = 0;
    const fresh = () => `10.40.${Math.floor(++n / 200)}.${(n % 200) + 1}`;
    for (const email of ['warden@acme.test', 'no-such-person@acme.test']) {
      for (let i = 0; i < 3; i++) expect((await login(direct, email, 'bad-password', fresh())).statusCode).toBe(401);
    }
    const answers = await Promise.all([
      login(direct, 'warden@acme.test', DEMO_PASSWORD, fresh()),
      login(direct, 'warden@acme.test', 'bad-password', fresh()),
      login(direct, 'no-such-person@acme.test', DEMO_PASSWORD, fresh()),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json()).toEqual({
        code: 'account_locked',
        message: 'Too many failed sign-ins for this account. Try again in 10 min.',
        request_id: expect.any(String),
      });
    }
    // In the caller's language, with the time left.
    clock.advance(4 * 60_000);
    const arabic = await login(direct, 'warden@acme.test', DEMO_PASSWORD, fresh(), { 'accept-language': 'ar' });
    expect(arabic.json().message).toBe('محاولات تسجيل دخول فاشلة كثيرة جدًا لهذا الحساب. حاول مرة أخرى بعد 6 دقيقة.');
    clock.advance(6 * 60_000 + 1);
    expect((await login(direct, 'warden@acme.test', DEMO_PASSWORD, fresh())).statusCode).toBe(200);
  });

  it('other public routes say that requests from the address were limited, in Spanish too', async () => {
    const pair = () =>
      direct.inject({
        method: 'POST',
        url: '/api/kiosk/pair',
        payload: { code: 'nothing' },
        remoteAddress: '10.50.0.1',
        headers: { 'accept-language': 'es' },
      });
    let answer = await pair();
    for (let i = 0; i < 40 && answer.statusCode !== 429; i++) answer = await pair();
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toEqual({
      code: 'too_many_requests',
      message: 'Demasiadas solicitudes desde esta dirección. Vuelva a intentarlo en 1 min.',
      request_id: expect.any(String),
    });
  });
});
