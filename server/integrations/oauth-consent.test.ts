// Google and Microsoft consent against the fake directories: the admin starts a connect, the
// provider comes back to the public callback, the dashboard path carries only sealed segments,
// the admin's completion stores the tokens sealed, and the integration then syncs. Another
// company cannot complete it; a forged state lands on the settings page.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { integrations } from '../db/schema/index';
import { startGoogleFake, type GoogleFake } from '../../tests/fake-directories/google';
import { fakeUser, startFakeGraph, type FakeGraph } from '../../tests/fake-directories/microsoft-graph';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { createIntegration, integrationForm, runSync } from '../test/integration-fixture';

const ENV = ['GOOGLE_ACCOUNTS_URL', 'GOOGLE_AUTH_URL', 'GOOGLE_BASE_URL', 'GRAPH_AUTH_URL', 'GRAPH_BASE_URL'];

eachDatabase((get) => {
  let app: FastifyInstance;
  let google: GoogleFake;
  let graph: FakeGraph;
  let admin: string;

  const call = (method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const create = (credentials: object) => createIntegration(app, admin, integrationForm('Consent', credentials));
  /** Start → provider consent → our callback; the dashboard path it sends the browser to. */
  const consent = async (id: string) => {
    const started = await call('POST', `/api/integrations/${id}/connect`);
    expect(started.statusCode, started.body).toBe(200);
    const url = (started.json() as { data: { url: string } }).data.url;
    const provider = await fetch(url, { redirect: 'manual' });
    expect(provider.status).toBe(302);
    const back = new URL(provider.headers.get('location')!);
    const callback = await app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(callback.statusCode).toBe(303);
    return { url, location: callback.headers.location as string };
  };
  const complete = (location: string, token = admin) => {
    const [accessToken, refreshToken, email] = location.split('/').slice(3).map(decodeURIComponent);
    return call(
      'POST',
      '/api/integrations/oauth/complete',
      { access_token: accessToken, refresh_token: refreshToken, encrypted_email: email },
      token,
    );
  };
  const syncNow = (id: string) => runSync(app, admin, id);
  const storedCredentials = async (id: string) =>
    (
      await get()
        .database.db.select({ c: integrations.credentials })
        .from(integrations)
        .where(and(eq(integrations.id, id)))
    )[0]!.c;

  beforeAll(async () => {
    google = await startGoogleFake({ people: 3 });
    graph = await startFakeGraph();
    graph.upsert(fakeUser(501), fakeUser(502));
    Object.assign(process.env, {
      GOOGLE_ACCOUNTS_URL: google.url,
      GOOGLE_AUTH_URL: google.url,
      GOOGLE_BASE_URL: google.url,
      GOOGLE_CLIENT_ID: 'gatehouse-google-app',
      GOOGLE_CLIENT_SECRET: 'gatehouse-google-secret',
      GRAPH_AUTH_URL: graph.authUrl,
      GRAPH_BASE_URL: graph.baseUrl,
    });
    app = await seededApp(get().database, testClock());
    admin = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => {
    await app?.close();
    await google?.close();
    await graph?.close();
    for (const k of [...ENV, 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']) delete process.env[k];
  });

  it('connects Google Workspace: tokens arrive sealed, are stored sealed, and the directory syncs', async () => {
    const integ = await create({ kind: 'googleAD' });
    expect(integ.connected).toBe(false);
    const { url, location } = await consent(integ.id);
    const asked = new URL(url).searchParams;
    expect(asked.get('client_id')).toBe('gatehouse-google-app');
    expect(asked.get('access_type')).toBe('offline');
    expect(asked.get('scope')).toContain('admin.directory.user.readonly');
    expect(location).toMatch(/^\/googleAD\/auth\/[^/]+\/[^/]+\/[^/]+$/);
    // No token or e-mail is readable in the address the browser is sent to.
    expect(location).not.toMatch(/google-access|google-refresh|school\.example/);
    expect(google.tokenForms.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'gatehouse-google-app',
    });

    const globex = await tokenFor(app, 'admin@globex.test');
    expect((await complete(location, globex)).statusCode).toBe(404);
    const done = await complete(location);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ id: integ.id, account: 'it-admin@school.example' });

    const shown = (await call('GET', `/api/integrations/${integ.id}`)).json().data;
    expect(shown).toMatchObject({ connected: true, connected_account: 'it-admin@school.example' });
    expect(JSON.stringify(shown)).not.toMatch(/google-access|google-refresh/);
    expect(await storedCredentials(integ.id)).not.toMatch(/google-access|google-refresh/);
    expect(await syncNow(integ.id)).toMatchObject({ status_id: 3, run: { created: 3 } });
  });

  it('connects Microsoft Entra ID with the integration’s own app and syncs with the delegated token', async () => {
    const integ = await create({
      kind: 'azureAD',
      tenantId: graph.tenantId,
      clientId: graph.clientId,
      clientSecret: graph.clientSecret,
    });
    const { url, location } = await consent(integ.id);
    expect(url.startsWith(`${graph.authUrl}/${graph.tenantId}/oauth2/v2.0/authorize?`)).toBe(true);
    expect(new URL(url).searchParams.get('scope')).toContain('offline_access');
    expect(location).toMatch(/^\/azureAD\/auth\//);
    expect((await complete(location)).json().data).toMatchObject({ account: 'it-admin@contoso.test' });
    expect((await call('GET', `/api/integrations/${integ.id}`)).json().data).toMatchObject({
      connected: true,
      credentials: { kind: 'azureAD', tenantId: graph.tenantId, clientSecret: '' },
    });
    const before = graph.refreshGrants;
    expect(await syncNow(integ.id)).toMatchObject({ status_id: 3, run: { created: 2 } });
    // The run renewed its access token with the stored (sealed) refresh token, not app-only.
    expect(graph.refreshGrants).toBeGreaterThan(before);
    // A forged or expired state never reaches a token endpoint: back to the settings page.
    const replay = await call('GET', '/api/integrations/oauth/microsoft/callback?code=x&state=forged');
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe('/integration-settings?consent=expired');
  });

  it('refuses to start consent for a directory without one, and reports a refused consent', async () => {
    const wonde = await create({ kind: 'wonde', schoolId: 'A1930499544', token: 'wonde-token' });
    const res = await call('POST', `/api/integrations/${wonde.id}/connect`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(['credentials.kind']);
    const integ = await create({ kind: 'googleAD' });
    const { url } = (await call('POST', `/api/integrations/${integ.id}/connect`)).json().data as { url: string };
    const state = new URL(url).searchParams.get('state')!;
    const denied = await app.inject({
      method: 'GET',
      url: `/api/integrations/oauth/google/callback?error=access_denied&state=${encodeURIComponent(state)}`,
    });
    expect(denied.headers.location).toBe(`/integration-settings?id=${integ.id}&consent=refused`);
  });
});
