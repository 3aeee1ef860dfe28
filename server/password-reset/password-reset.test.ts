// Password recovery and first passwords against a real database: the public answer is the same
// for known and unknown emails; a link sets the password once, within the hour, and only the
// newest link works; a weak password writes nothing; setting a password ends the old sessions.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { PASSWORD_LINK_TTL_MS, PASSWORD_MAIL_INTERVAL_MS } from '../../domain/password-reset';
import { entities, mailLog, passwordResets, roles, sites, users, userTypes } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, freshAddress, login, seededApp, testClock, tokenFor, type Clock } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let clock: Clock;
  let acme: string;
  const db = () => get().database.db;

  const forgot = (email: string, lang = 'en') =>
    app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email, lang },
      remoteAddress: freshAddress(),
    });
  const setPassword = (token: string, password: string) =>
    app.inject({
      method: 'POST',
      url: `/api/reset-password/${token}`,
      payload: { password },
      headers: { 'accept-language': 'en' },
      remoteAddress: freshAddress(),
    });
  const mailsTo = (to: string) =>
    db().select().from(mailLog).where(eq(mailLog.to, to)).orderBy(desc(mailLog.createdAt), desc(mailLog.id));
  /** The token in the newest mail to `to`. */
  const latestToken = async (to: string) =>
    /\/reset-password\/([A-Za-z0-9_-]{43})/.exec((await mailsTo(to))[0]!.text)![1]!;
  const hashOf = async (email: string) =>
    (await db().select({ h: users.passwordHash }).from(users).where(eq(users.email, email)))[0]!.h;

  beforeAll(async () => {
    clock = testClock();
    app = await seededApp(get().database, clock, { publicUrl: 'https://gate.example' });
    [{ id: acme }] = (await db().select({ id: entities.id }).from(entities).where(eq(entities.subdomain, 'acme'))) as [
      { id: string },
    ];
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a known and an unknown email identically, and mails only the known one', async () => {
    const known = await forgot('reporter@acme.test');
    const unknown = await forgot('nobody-here@acme.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toMatch(/If this email belongs to an account/);
    expect(await mailsTo('nobody-here@acme.test')).toHaveLength(0);
    const [mail] = await mailsTo('reporter@acme.test');
    expect(mail!.text).toMatch(/^https:\/\/gate\.example\/reset-password\/[A-Za-z0-9_-]{43}$/m);
    // Only the hash is stored.
    const token = await latestToken('reporter@acme.test');
    const stored = await db().select().from(passwordResets).where(eq(passwordResets.entityId, acme));
    expect(stored.some((r) => r.tokenHash.includes(token))).toBe(false);
    // The mail log, open to every role holding `users`, shows the link masked.
    const admin = await tokenFor(app, 'admin@acme.test');
    const log = await app.inject({ url: '/api/mail-log', headers: bearer(admin) });
    expect(log.statusCode).toBe(200);
    expect(log.body).toContain('/reset-password/');
    expect(log.body).not.toContain(token);
  });

  it('refuses a malformed email with its field message', async () => {
    const bad = await forgot('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toEqual(['Invalid email address.']);
  });

  it('sets the password once; the old password and every old session stop working', async () => {
    clock.advance(PASSWORD_MAIL_INTERVAL_MS);
    const email = 'employee@acme.test';
    const session = await tokenFor(app, email);
    expect((await app.inject({ url: '/api/user_details', headers: bearer(session) })).statusCode).not.toBe(401);
    await forgot(email);
    const token = await latestToken(email);
    const shown = await app.inject({ url: `/api/reset-password/${token}`, remoteAddress: freshAddress() });
    expect(shown.json().data).toEqual({ email, purpose: 'reset' });

    const done = await setPassword(token, 'a-new-secret-42');
    expect(done.statusCode, done.body).toBe(200);
    expect((await app.inject({ url: '/api/user_details', headers: bearer(session) })).statusCode).toBe(401);
    expect((await login(app, email)).response.statusCode).toBe(401);
    expect((await login(app, email, 'a-new-secret-42')).response.statusCode).toBe(200);

    const again = await setPassword(token, 'another-secret-43');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This link has already been used.');
    expect((await login(app, email, 'another-secret-43')).response.statusCode).toBe(401);
  });

  it('refuses an expired link with the catalogue message and changes nothing', async () => {
    clock.advance(PASSWORD_MAIL_INTERVAL_MS);
    const email = 'warden@acme.test';
    await forgot(email);
    const token = await latestToken(email);
    const before = await hashOf(email);
    clock.advance(PASSWORD_LINK_TTL_MS);
    const res = await setPassword(token, 'late-secret-44');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This link has expired.');
    expect(await hashOf(email)).toBe(before);
  });

  it('a newer link ends the older one', async () => {
    clock.advance(PASSWORD_MAIL_INTERVAL_MS);
    const email = 'admin@globex.test';
    await forgot(email);
    const older = await latestToken(email);
    // Within the minute, a second request sends nothing new.
    await forgot(email);
    expect(await latestToken(email)).toBe(older);
    clock.advance(PASSWORD_MAIL_INTERVAL_MS);
    await forgot(email);
    const newer = await latestToken(email);
    expect(newer).not.toBe(older);
    expect((await setPassword(older, 'older-secret-45')).statusCode).toBe(409);
    expect((await setPassword(newer, 'newer-secret-46')).statusCode).toBe(200);
    expect((await login(app, email, 'newer-secret-46')).response.statusCode).toBe(200);
  });

  it('refuses a weak password with the field’s message and writes nothing', async () => {
    clock.advance(PASSWORD_MAIL_INTERVAL_MS);
    const email = 'system@acme.test';
    await forgot(email);
    const token = await latestToken(email);
    const before = await hashOf(email);
    const res = await setPassword(token, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toEqual(['The password must have at least 8 characters.']);
    expect(await hashOf(email)).toBe(before);
    // The link still works after the refusal.
    expect((await setPassword(token, 'long-enough-47')).statusCode).toBe(200);
  });

  it('sets a first password for a person who has none', async () => {
    clock.advance(PASSWORD_MAIL_INTERVAL_MS);
    const [person] = await db()
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.entityId, acme), isNull(users.passwordHash), eq(users.archived, false)))
      .limit(1);
    await forgot(person!.email);
    const [mail] = await mailsTo(person!.email);
    expect(mail!.subject).toMatch(/^Set your Gatehouse password/);
    const token = await latestToken(person!.email);
    expect((await setPassword(token, 'first-secret-48')).statusCode).toBe(200);
    expect((await login(app, person!.email, 'first-secret-48')).response.statusCode).toBe(200);
  });

  it('mails a first-password link to a person invited to the dashboard who has no password', async () => {
    clock.advance(PASSWORD_MAIL_INTERVAL_MS);
    const admin = await tokenFor(app, 'admin@acme.test');
    const one = async (table: typeof roles | typeof sites | typeof userTypes) =>
      (await db().select({ id: table.id }).from(table).where(eq(table.entityId, acme)).limit(1))[0]!.id;
    const refs = { role_id: await one(roles), site_id: await one(sites), user_type_id: await one(userTypes) };
    const [person] = await db()
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.entityId, acme), isNull(users.passwordHash), eq(users.archived, false)))
      .limit(1);
    const invite = (userId: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/invite_revoke',
        headers: bearer(admin),
        payload: { status: 'invite', user_id: userId, ...refs },
      });
    expect((await invite(person!.id)).statusCode).toBe(200);
    const [mail] = await mailsTo(person!.email);
    expect(mail!.subject).toMatch(/^Set your Gatehouse password/);
    expect((await setPassword(await latestToken(person!.email), 'invited-secret-49')).statusCode).toBe(200);
    expect((await login(app, person!.email, 'invited-secret-49')).response.statusCode).toBe(200);

    // Someone who already has a password gets no link from an invitation.
    const [withPassword] = await db()
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, 'reporter@acme.test'));
    const before = (await mailsTo(withPassword!.email)).length;
    clock.advance(PASSWORD_MAIL_INTERVAL_MS);
    expect((await invite(withPassword!.id)).statusCode).toBe(200);
    expect(await mailsTo(withPassword!.email)).toHaveLength(before);
  });

  it('answers an unknown or malformed token as a missing page', async () => {
    expect((await setPassword('x'.repeat(43), 'whatever-123')).statusCode).toBe(404);
    expect((await setPassword('short', 'whatever-123')).statusCode).toBe(404);
  });
});
