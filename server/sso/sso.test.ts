// Single sign-on against a real OpenID Connect provider on a local port (oidc-provider): the
// settings keep the secret sealed; code + PKCE logs a company user in with the password login's
// session; state, nonce, issuer and audience are checked; unknown and archived people are refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ssoAttempts, ssoSettings, users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, freshAddress, seededApp, testClock, tokenFor } from '../test/harness';
import { startLocalProvider, TEST_CLIENTS, type LocalProvider } from '../test/oidc-provider';

const PUBLIC = 'http://gatehouse.test';
const CALLBACK = `${PUBLIC}/api/sso/callback`;

eachDatabase((get) => {
  let app: FastifyInstance;
  let idp: LocalProvider;
  let other: LocalProvider;
  let admin: string;
  const db = () => get().database.db;

  const settings = (issuer: string, extra: Record<string, unknown> = {}) => ({
    enabled: true,
    issuer_url: issuer,
    client_id: TEST_CLIENTS[0]!.client_id,
    client_secret: TEST_CLIENTS[0]!.client_secret,
    email_domain: 'acme.test',
    ...extra,
  });
  const save = (body: unknown, token = admin) =>
    app.inject({ method: 'PUT', url: '/api/company/sso', payload: body as object, headers: bearer(token) });
  const start = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/sso/start', payload, remoteAddress: freshAddress() });
  const callback = (url: URL) =>
    app.inject({ method: 'GET', url: `/api/sso/callback${url.search}`, remoteAddress: freshAddress() });
  const redeem = (token: string, lang = 'en') =>
    app.inject({
      method: 'POST',
      url: '/api/login-one-time',
      payload: { token },
      headers: { 'accept-language': lang },
      remoteAddress: freshAddress(),
    });
  /** Start → provider sign-in as `email` → the callback's redirect into the app. */
  async function signInAs(email: string, edit?: (authUrl: URL) => void): Promise<string> {
    const started = await start({ company: 'acme' });
    expect(started.statusCode).toBe(200);
    const authUrl = new URL(started.json().data.url);
    edit?.(authUrl);
    const back = await idp.signIn(authUrl.href, email);
    const done = await callback(back);
    expect(done.statusCode).toBe(303);
    return done.headers.location as string;
  }
  const handoffOf = (location: string) => /\/sso\/acme\/([A-Za-z0-9_-]{43})$/.exec(location)?.[1];

  beforeAll(async () => {
    app = await seededApp(get().database, testClock(), { publicUrl: PUBLIC });
    idp = await startLocalProvider([CALLBACK]);
    other = await startLocalProvider([CALLBACK]);
    admin = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => {
    await app.close();
    await idp.close();
    await other.close();
  });

  it('saves the settings with the secret sealed, never answering it, for company_details only', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/company/sso', headers: bearer(admin) });
    expect(before.json().data).toMatchObject({ enabled: false, has_secret: false, redirect_uri: CALLBACK });
    expect((await save(settings(idp.issuer))).statusCode).toBe(200);
    const shown = await app.inject({ method: 'GET', url: '/api/company/sso', headers: bearer(admin) });
    expect(shown.json().data).toMatchObject({ has_secret: true, redirect_uri: CALLBACK, email_domain: 'acme.test' });
    expect(shown.body).not.toContain(TEST_CLIENTS[0]!.client_secret);
    const [row] = await db().select().from(ssoSettings);
    expect(row!.clientSecretEnc).not.toContain(TEST_CLIENTS[0]!.client_secret);
    const employee = await tokenFor(app, 'employee@acme.test');
    expect((await save(settings(idp.issuer), employee)).statusCode).toBe(403);
    // Saving again without a secret keeps the stored one.
    expect((await save(settings(idp.issuer, { client_secret: '' }))).json().data.has_secret).toBe(true);
  });

  it('logs a company user in through the provider with code + PKCE, once', async () => {
    const started = await start({ email: 'admin@acme.test' });
    const authUrl = new URL(started.json().data.url);
    expect(authUrl.origin).toBe(idp.issuer);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('state')).toBeTruthy();
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    const location = (await callback(await idp.signIn(authUrl.href, 'admin@acme.test'))).headers.location as string;
    const handoff = handoffOf(location);
    expect(handoff).toBeTruthy();
    const session = await redeem(handoff!);
    expect(session.statusCode).toBe(200);
    expect(session.json().data.user.email).toBe('admin@acme.test');
    const me = await app.inject({
      method: 'GET',
      url: '/api/user_details',
      headers: bearer(session.json().data.access_token),
    });
    expect(me.statusCode).toBe(200);
    expect((await redeem(handoff!)).statusCode).toBe(410);
  });

  it('refuses people the company does not have, or has archived, with a message in their language', async () => {
    expect(await signInAs('nobody@acme.test')).toBe(`${PUBLIC}/sso/acme?error=sso_unknown_user`);
    await db().update(users).set({ archived: true }).where(eq(users.email, 'reporter@acme.test'));
    expect(await signInAs('reporter@acme.test')).toBe(`${PUBLIC}/sso/acme?error=sso_unknown_user`);
    expect(await db().select().from(users).where(eq(users.email, 'nobody@acme.test'))).toHaveLength(0);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/sso/start',
      payload: { company: 'no-such-company' },
      headers: { 'accept-language': 'es' },
      remoteAddress: freshAddress(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('sso_not_configured');
    expect(unknown.json().message).not.toMatch(/single sign-on/i);
  });

  it('refuses a changed state, a replayed state and a changed nonce', async () => {
    const started = await start({ company: 'acme' });
    const back = await idp.signIn(started.json().data.url, 'admin@acme.test');
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    expect((await callback(forged)).headers.location).toBe(`${PUBLIC}/sso/-?error=sso_failed`);
    expect(handoffOf((await callback(back)).headers.location as string)).toBeTruthy();
    expect((await callback(back)).headers.location).toBe(`${PUBLIC}/sso/-?error=sso_failed`);

    const again = await start({ company: 'acme' });
    const state = new URL(again.json().data.url).searchParams.get('state')!;
    await db()
      .update(ssoAttempts)
      .set({ nonce: 'another-nonce' })
      .where(and(eq(ssoAttempts.state, state)));
    const answer = await callback(await idp.signIn(again.json().data.url, 'admin@acme.test'));
    expect(answer.headers.location).toBe(`${PUBLIC}/sso/acme?error=sso_failed`);
  });

  it('refuses a code from another issuer or issued to another client', async () => {
    const started = await start({ company: 'acme' });
    const back = await idp.signIn(started.json().data.url, 'admin@acme.test');
    await save(settings(other.issuer));
    expect((await callback(back)).headers.location).toBe(`${PUBLIC}/sso/acme?error=sso_failed`);
    await save(settings(idp.issuer));
    const location = await signInAs('admin@acme.test', (u) =>
      u.searchParams.set('client_id', TEST_CLIENTS[1]!.client_id),
    );
    expect(location).toBe(`${PUBLIC}/sso/acme?error=sso_failed`);
  });
});
