// Two-step authentication against a real database: enrolment with a code from the QR
// secret and ten recovery codes (stored hashed, the secret encrypted), the login's code step with
// replay refused, the lock after wrong codes, otp_roles enforcement with otp_error, and the live
// events reaching the company's room only.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { io as connect, type Socket } from 'socket.io-client';
import { OTP_MAX_FAILURES, OTP_FAILURE_WINDOW_MS, TOTP_PERIOD_S } from '../../domain/two-step';
import type { ClientToServerEvents, RoleEvent, ServerToClientEvents, TwoStepEvent } from '../../sync/events';
import { roles, twoStepSecrets, users } from '../db/schema/index';
import { attachRealtime } from '../realtime';
import { eachDatabase } from '../test/databases';
import { bearer, entityFacts, login, seededApp, testClock, tokenFor, type Clock } from '../test/harness';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const STEP_MS = TOTP_PERIOD_S * 1000;
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: TOTP_PERIOD_S }).generate({ timestamp: at });

eachDatabase((get) => {
  let app: FastifyInstance;
  let clock: Clock;
  let url: string;
  let acmeId: string;
  const sockets: Client[] = [];
  const db = () => get().database.db;
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, token: string, payload?: object) =>
    app.inject({ method, url: path, headers: bearer(token), ...(payload ? { payload } : {}) });
  const userRow = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!;
  async function joined(token: string): Promise<Client> {
    const socket: Client = connect(url, { transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await socket.timeout(5000).emitWithAck('join', { token });
    return socket;
  }
  /** Enrols `email` fully; answers the secret, the recovery codes and the confirming token. */
  async function enrol(email: string) {
    const token = await tokenFor(app, email);
    const started = (await call('POST', '/api/two-step/start', token)).json().data;
    const confirmed = await call('POST', '/api/two-step/confirm', token, { code: codeAt(started.secret, clock.now()) });
    expect(confirmed.statusCode).toBe(200);
    return { secret: started.secret as string, codes: confirmed.json().data.recovery_codes as string[], token };
  }

  beforeAll(async () => {
    clock = testClock();
    app = await seededApp(get().database, clock);
    await attachRealtime(app, { auth: app.services.auth, hub: app.realtimeHub, pool: get().database.pool });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    acmeId = (await entityFacts(get().database, 'acme')).entity.id;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app.close();
  });

  it('enrols with a code from the QR secret: ten recovery codes once, secret encrypted, other sessions ended', async () => {
    const other = await tokenFor(app, 'reporter@acme.test');
    const token = await tokenFor(app, 'reporter@acme.test');
    expect((await call('GET', '/api/two-step', token)).json().data).toMatchObject({ enabled: false, required: false });
    const started = (await call('POST', '/api/two-step/start', token)).json().data;
    expect(started.otpauth_url).toMatch(/^otpauth:\/\/totp\/Gatehouse:reporter%40acme\.test\?/);
    const wrong = await call('POST', '/api/two-step/confirm', token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code[0]).toMatch(/not valid/);

    const ok = await call('POST', '/api/two-step/confirm', token, { code: codeAt(started.secret, clock.now()) });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const me = await userRow('reporter@acme.test');
    expect(me.isOtpEnabled).toBe(true);
    const [row] = await db()
      .select()
      .from(twoStepSecrets)
      .where(and(eq(twoStepSecrets.entityId, acmeId), eq(twoStepSecrets.userId, me.id)));
    expect(row!.secretEnc).not.toContain(started.secret);
    expect(row!.recoveryHashes).toHaveLength(10);
    expect(JSON.stringify(row!.recoveryHashes)).not.toContain(codes[0]!.replace('-', ''));
    // The confirming session goes on; the other one ended. Codes are never shown again.
    expect((await call('GET', '/api/two-step', token)).json().data).toMatchObject({ enabled: true, recovery_left: 10 });
    expect((await call('GET', '/api/two-step', other)).statusCode).toBe(401);
    expect((await call('POST', '/api/two-step/start', token)).statusCode).toBe(409);
  });

  it('asks for the code at login, accepts it once per step, and a recovery code once', async () => {
    const { secret, codes } = await enrol('warden@acme.test');
    clock.advance(STEP_MS);
    const asked = await login(app, 'warden@acme.test');
    expect(asked.response.statusCode).toBe(401);
    expect(asked.body.code).toBe('otp_required');
    expect((await login(app, 'warden@acme.test', 'wrong-password')).body.code).toBe('invalid_credentials');

    const code = codeAt(secret, clock.now());
    const first = await login(app, 'warden@acme.test', undefined, { code });
    expect(first.response.statusCode).toBe(200);
    expect(first.body.data.user.is_otp_enabled).toBe(true);
    const replay = await login(app, 'warden@acme.test', undefined, { code });
    expect(replay.response.statusCode).toBe(401);
    expect(replay.body.code).toBe('otp_invalid');

    clock.advance(STEP_MS);
    expect(
      (await login(app, 'warden@acme.test', undefined, { code: codeAt(secret, clock.now()) })).response.statusCode,
    ).toBe(200);
    expect((await login(app, 'warden@acme.test', undefined, { code: codes[0] })).response.statusCode).toBe(200);
    expect((await login(app, 'warden@acme.test', undefined, { code: codes[0] })).body.code).toBe('otp_invalid');
  });

  it('locks the code step after too many wrong codes, the right code included, until the window passes', async () => {
    const { secret } = await enrol('system@acme.test');
    for (let i = 0; i < OTP_MAX_FAILURES; i++) {
      clock.advance(STEP_MS);
      expect((await login(app, 'system@acme.test', undefined, { code: '123456' })).body.code).toBe('otp_invalid');
    }
    clock.advance(STEP_MS);
    const locked = await login(app, 'system@acme.test', undefined, { code: codeAt(secret, clock.now()) });
    expect(locked.response.statusCode).toBe(429);
    expect(locked.body.code).toBe('otp_locked');
    clock.advance(OTP_FAILURE_WINDOW_MS);
    const after = await login(app, 'system@acme.test', undefined, { code: codeAt(secret, clock.now()) });
    expect(after.response.statusCode).toBe(200);
  });

  it('enforces otp_roles with otp_error (enrolment open), and tells only this company', async () => {
    const admin = await tokenFor(app, 'admin@acme.test');
    const employee = await tokenFor(app, 'employee@acme.test');
    const employeeRow = await userRow('employee@acme.test');
    const mine = await joined(employee);
    const other = await joined(await tokenFor(app, 'admin@globex.test'));
    const leaked: string[] = [];
    other.onAny((event: string) => leaked.push(event));

    const company = (await call('GET', `/api/entity/${acmeId}`, admin)).json().data;
    const policy = new Promise<TwoStepEvent>((resolve) => mine.once('updateEntityTwoStepAuth', resolve));
    const saved = await call('PUT', `/api/entity/${acmeId}`, admin, {
      name: company.name,
      subdomain: company.subdomain,
      two_step: true,
      otp_roles: [employeeRow.roleId],
      version: company.version,
    });
    expect(saved.statusCode).toBe(200);
    expect(await policy).toMatchObject({ entity_id: acmeId, isOtpEnabled: true, otp_roles: [employeeRow.roleId] });

    const refused = await call('GET', '/api/user_details', employee);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'otp_error', otp_error: true });
    expect((await call('GET', '/api/user_details', admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/two-step', employee)).json().data).toMatchObject({ must_enrol: true });

    // Heard by the company's room (the employee's own earlier session is ended by the enrolment).
    const watcher = await joined(admin);
    const own = new Promise<TwoStepEvent>((resolve) => watcher.once('updateUserTwoStepAuth', resolve));
    const { token, secret } = await enrol('employee@acme.test');
    expect(await own).toMatchObject({ entity_user_id: employeeRow.id, isOtpEnabled: true });
    expect((await call('GET', '/api/user_details', token)).statusCode).toBe(200);
    // Required by the role: it cannot be switched off.
    clock.advance(STEP_MS);
    const off = await call('POST', '/api/two-step/disable', token, { code: codeAt(secret, clock.now()) });
    expect(off.json().code).toBe('otp_required_by_role');

    // A role change is heard as pongUpdateUserRole.
    const [reportingRole] = await db()
      .select()
      .from(roles)
      .where(and(eq(roles.entityId, acmeId), eq(roles.name, 'employee with reporting')));
    const roleEvent = new Promise<RoleEvent>((resolve) => watcher.once('pongUpdateUserRole', resolve));
    const moved = await call('POST', `/api/users/update/${employeeRow.id}`, admin, {
      full_name: employeeRow.fullName,
      email: employeeRow.email,
      phone: employeeRow.phone ?? '5550100',
      user_type_id: employeeRow.userTypeId,
      role_id: reportingRole!.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(await roleEvent).toMatchObject({
      entity_user_id: employeeRow.id,
      oldRole: { name: 'employee' },
      newRole: { name: 'employee with reporting' },
    });
    expect(leaked.filter((e) => e !== 'poke')).toEqual([]);
  });
});
