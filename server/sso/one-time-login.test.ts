// One-time login links and the admin's two-step reset, against a real database: a link logs in
// once and not after 15 minutes; a person with two-step still gives a code; an admin's reset
// switches a person's two-step off, ends their sessions and tells their app; production needs keys.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, freshAddress, seededApp, testClock, tokenFor, type Clock } from '../test/harness';
import { assertSecretKeys, MissingKeyError } from './required-keys';

eachDatabase((get) => {
  let app: FastifyInstance;
  let clock: Clock;
  const db = () => get().database.db;

  const issue = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login-one-time/issue',
      headers: bearer(await tokenFor(app, email)),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { token: string; url: string };
  };
  const redeem = (token: string, code?: string) =>
    app.inject({ method: 'POST', url: '/api/login-one-time', payload: { token, code }, remoteAddress: freshAddress() });

  beforeAll(async () => {
    clock = testClock();
    app = await seededApp(get().database, clock, { publicUrl: 'http://gatehouse.test' });
  });
  afterAll(() => app.close());

  it('logs in once with a link, and never again', async () => {
    const { token, url } = await issue('reporter@acme.test');
    expect(url).toBe(`http://gatehouse.test/login-one-time?token=${token}`);
    const first = await redeem(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.user.email).toBe('reporter@acme.test');
    const second = await redeem(token);
    expect(second.statusCode).toBe(410);
    expect(second.json().code).toBe('link_expired');
  });

  it('refuses a link after 15 minutes', async () => {
    const { token } = await issue('reporter@acme.test');
    clock.advance(15 * 60_000 + 1);
    expect((await redeem(token)).statusCode).toBe(410);
  });

  it('asks a person with two-step for the code without using the link up', async () => {
    const { token } = await issue('employee@acme.test');
    await db().update(users).set({ isOtpEnabled: true }).where(eq(users.email, 'employee@acme.test'));
    expect((await redeem(token)).json().code).toBe('otp_required');
    expect((await redeem(token, '000000')).json().code).toBe('otp_invalid');
    await db().update(users).set({ isOtpEnabled: false }).where(eq(users.email, 'employee@acme.test'));
    expect((await redeem(token)).statusCode).toBe(200);
  });

  it("lets an admin reset a person's two-step: off, logged out, told", async () => {
    const [person] = await db().select().from(users).where(eq(users.email, 'warden@acme.test'));
    const theirs = await tokenFor(app, 'warden@acme.test');
    await db().update(users).set({ isOtpEnabled: true }).where(eq(users.id, person!.id));
    const url = `/api/users/${person!.id}/two-step/reset`;

    const emitted = vi.spyOn(app.realtimeHub, 'emitToEntity');
    const admin = await tokenFor(app, 'admin@acme.test');
    const reset = await app.inject({ method: 'POST', url, headers: bearer(admin) });
    expect(reset.statusCode).toBe(200);
    const [after] = await db().select().from(users).where(eq(users.id, person!.id));
    expect(after!.isOtpEnabled).toBe(false);
    expect(emitted).toHaveBeenCalledWith(
      person!.entityId,
      'updateUserTwoStepAuth',
      expect.objectContaining({ entity_user_id: person!.id, isOtpEnabled: false }),
    );
    const me = await app.inject({ method: 'GET', url: '/api/user_details', headers: bearer(theirs) });
    expect(me.statusCode).toBe(401);
    const globex = await tokenFor(app, 'admin@globex.test');
    expect((await app.inject({ method: 'POST', url, headers: bearer(globex) })).statusCode).toBe(404);
  });
});

it('a production server refuses to start without TWO_STEP_KEY, SSO_KEY, PASSPORT_ID_KEY and INTEGRATION_KEY; development only warns', () => {
  const long = 'k'.repeat(40);
  const all = { TWO_STEP_KEY: long, SSO_KEY: long, PASSPORT_ID_KEY: long, INTEGRATION_KEY: long };
  expect(() => assertSecretKeys({}, true)).toThrow(MissingKeyError);
  expect(() => assertSecretKeys({ TWO_STEP_KEY: long, PASSPORT_ID_KEY: long }, true)).toThrow(/SSO_KEY/);
  expect(() => assertSecretKeys({ TWO_STEP_KEY: 'short', SSO_KEY: long, PASSPORT_ID_KEY: long }, true)).toThrow(
    /TWO_STEP_KEY/,
  );
  expect(() => assertSecretKeys({ TWO_STEP_KEY: long, SSO_KEY: long }, true)).toThrow(/PASSPORT_ID_KEY/);
  expect(() => assertSecretKeys({ TWO_STEP_KEY: long, SSO_KEY: long, PASSPORT_ID_KEY: long }, true)).toThrow(
    /INTEGRATION_KEY/,
  );
  expect(() => assertSecretKeys(all, true)).not.toThrow();
  expect(() => assertSecretKeys({}, false)).not.toThrow();
});
