// Single sign-on (and the outbound guard on its requests) against a real
// OpenID Connect provider on a local port: an unverified email signs nobody in; an id_token
// whose claims were changed after signing is refused over plain http too (checked with the
// provider's JWKS); a company cannot claim another's email domain, and an old double claim
// leaves the first company's sign-in by work email working; with the outbound guard on, a
// provider on a loopback address is refused unless the operator allows it.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ssoSettings } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, entityFacts, freshAddress, seededApp, testClock, tokenFor } from '../test/harness';
import { startLocalProvider, TEST_CLIENTS, type LocalProvider } from '../test/oidc-provider';

const PUBLIC = 'http://gatehouse.test';
const CALLBACK = `${PUBLIC}/api/sso/callback`;

eachDatabase((get) => {
  let app: FastifyInstance;
  let idp: LocalProvider;
  let admin: string;
  let globexAdmin: string;

  const settings = (issuer: string, domain = 'acme.test') => ({
    enabled: true,
    issuer_url: issuer,
    client_id: TEST_CLIENTS[0]!.client_id,
    client_secret: TEST_CLIENTS[0]!.client_secret,
    email_domain: domain,
  });
  const save = (body: object, token = admin) =>
    app.inject({ method: 'PUT', url: '/api/company/sso', payload: body, headers: bearer(token) });
  const start = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/sso/start', payload, remoteAddress: freshAddress() });
  async function signInAs(email: string): Promise<string> {
    const started = await start({ company: 'acme' });
    expect(started.statusCode, started.body).toBe(200);
    const back = await idp.signIn(started.json().data.url, email);
    const done = await app.inject({
      method: 'GET',
      url: `/api/sso/callback${back.search}`,
      remoteAddress: freshAddress(),
    });
    expect(done.statusCode).toBe(303);
    return done.headers.location as string;
  }
  const signedIn = (location: string) => /\/sso\/acme\/[A-Za-z0-9_-]{43}$/.test(location);

  beforeAll(async () => {
    app = await seededApp(get().database, testClock(), { publicUrl: PUBLIC });
    idp = await startLocalProvider([CALLBACK]);
    admin = await tokenFor(app, 'admin@acme.test');
    globexAdmin = await tokenFor(app, 'admin@globex.test');
    expect((await save(settings(idp.issuer))).statusCode).toBe(200);
  });
  afterEach(() => {
    idp.unverified.clear();
    idp.forgeIdToken = null;
    delete process.env.OUTBOUND_GUARD;
    delete process.env.OUTBOUND_ALLOW;
  });
  afterAll(async () => {
    await app?.close();
    await idp?.close();
  });

  it('does not sign a person in when the provider says their email is not verified', async () => {
    idp.unverified.add('admin@acme.test');
    expect(await signInAs('admin@acme.test')).toBe(`${PUBLIC}/sso/acme?error=sso_email_unverified`);
    idp.unverified.clear();
    expect(signedIn(await signInAs('admin@acme.test'))).toBe(true);
  });

  it('refuses an id_token whose claims were changed after the provider signed it, over plain http', async () => {
    // Signs in as nobody@ at the provider; the token says admin@, with nobody's signature.
    idp.forgeIdToken = (claims) => ({ ...claims, email: 'admin@acme.test', sub: 'admin@acme.test' });
    expect(await signInAs('nobody@acme.test')).toBe(`${PUBLIC}/sso/acme?error=sso_failed`);
  });

  it("refuses a claim on another company's email domain and keeps the first claim working", async () => {
    const taken = await save(settings(idp.issuer, 'acme.test'), globexAdmin);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().code).toBe('sso_domain_taken');
    expect((await save(settings(idp.issuer, 'globex.test'), globexAdmin)).statusCode).toBe(200);

    // A double claim saved before claims were refused: the first company keeps its sign-in.
    const globex = await entityFacts(get().database, 'globex');
    const db = get().database.db;
    await db.update(ssoSettings).set({ emailDomain: 'acme.test' }).where(eq(ssoSettings.entityId, globex.entity.id));
    const byEmail = await start({ email: 'admin@acme.test' });
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(new URL(byEmail.json().data.url).origin).toBe(idp.issuer);
    await db.delete(ssoSettings).where(eq(ssoSettings.entityId, globex.entity.id));
  });

  it('asks for the client secret again before sending it to a new issuer', async () => {
    const other = await startLocalProvider([CALLBACK]);
    try {
      const moved = await save({ ...settings(other.issuer), client_secret: '' });
      expect(moved.statusCode, moved.body).toBe(422);
      expect(moved.json().code).toBe('sso_secret_reentry');
      const shown = await app.inject({ method: 'GET', url: '/api/company/sso', headers: bearer(admin) });
      expect(shown.json().data.issuer_url).toBe(idp.issuer);
      // The same issuer keeps its stored secret.
      expect((await save({ ...settings(`${idp.issuer}/`), client_secret: '' })).statusCode).toBe(200);
      expect((await save(settings(idp.issuer))).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('reaches a provider on a loopback address only when the operator allows it, with the guard on', async () => {
    process.env.OUTBOUND_GUARD = 'on';
    const before = idp.requests;
    const refused = await start({ company: 'acme' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('sso_failed');
    expect(idp.requests).toBe(before);
    process.env.OUTBOUND_ALLOW = '127.0.0.1';
    expect(signedIn(await signInAs('admin@acme.test'))).toBe(true);
  });
});
