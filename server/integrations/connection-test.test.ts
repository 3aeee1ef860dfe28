// "Test connection" against the fake Paxton Net2, Wonde and Microsoft Graph: one page
// of people with the saved credentials, or with credentials typed over them (never stored), or
// for an integration not saved yet; refused credentials answer 422 integration_auth_failed, a
// directory down 502 directory_unavailable; another company's id 404.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startPaxtonFake, type PaxtonFake } from '../../tests/fake-directories/paxton';
import { startWondeFake, type WondeFake } from '../../tests/fake-directories/wonde';
import { fakeUser, startFakeGraph, type FakeGraph } from '../../tests/fake-directories/microsoft-graph';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { createIntegration, integrationForm } from '../test/integration-fixture';

eachDatabase((get) => {
  let app: FastifyInstance;
  let paxton: PaxtonFake;
  let wonde: WondeFake;
  let graph: FakeGraph;
  let admin: string;
  let globex: string;

  const call = (method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const net2 = (password = 'net2-pass') => ({
    kind: 'paxton',
    username: 'System engineer',
    password,
    clientId: '00aab996-6439-4f16-89b4-6c0cc851e8f3',
    serverUrl: paxton.url,
  });
  const create = async (credentials: object) =>
    (await createIntegration(app, admin, integrationForm('Directory', credentials))).id;

  beforeAll(async () => {
    paxton = await startPaxtonFake({ people: 3 });
    wonde = await startWondeFake({ students: 2, employees: 1 });
    graph = await startFakeGraph({ pageSize: 2 });
    graph.upsert(fakeUser(1), fakeUser(2), fakeUser(3));
    process.env.WONDE_BASE_URL = wonde.url;
    process.env.GRAPH_BASE_URL = graph.baseUrl;
    process.env.GRAPH_AUTH_URL = graph.authUrl;
    app = await seededApp(get().database, testClock());
    admin = await tokenFor(app, 'admin@acme.test');
    globex = await tokenFor(app, 'admin@globex.test');
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([paxton?.close(), wonde?.close(), graph?.close()]);
    delete process.env.WONDE_BASE_URL;
    delete process.env.GRAPH_BASE_URL;
    delete process.env.GRAPH_AUTH_URL;
  });

  it('tests Paxton Net2 with saved, typed and new credentials', async () => {
    const id = await create(net2());
    const saved = await call('POST', `/api/integrations/${id}/test-connection`, {});
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ ok: true, people: 3 });

    // A wrong password typed over the saved one is refused, and not stored: the saved one still works.
    const typed = await call('POST', `/api/integrations/${id}/test-connection`, { credentials: net2('wrong') });
    expect(typed.statusCode, typed.body).toBe(422);
    expect(typed.json().code).toBe('integration_auth_failed');
    expect((await call('POST', `/api/integrations/${id}/test-connection`, {})).statusCode).toBe(200);
    // An empty password keeps the stored one.
    expect((await call('POST', `/api/integrations/${id}/test-connection`, { credentials: net2('') })).statusCode).toBe(
      200,
    );

    // Not saved yet: only what was typed.
    const fresh = await call('POST', '/api/integrations/test-connection', { credentials: net2() });
    expect(fresh.json().data).toEqual({ ok: true, people: 3 });
    expect((await call('POST', '/api/integrations/test-connection', { credentials: net2('nope') })).statusCode).toBe(
      422,
    );

    // The Net2 server down answers 502, never a 500.
    paxton.failNext(503, 1);
    const down = await call('POST', `/api/integrations/${id}/test-connection`, {});
    expect(down.statusCode, down.body).toBe(502);
    expect(down.json().code).toBe('directory_unavailable');
  });

  it('tests Wonde and Microsoft Entra, and hides another company’s integration', async () => {
    const school = await create({ kind: 'wonde', schoolId: wonde.schoolId, token: 'wonde-token' });
    const ok = await call('POST', `/api/integrations/${school}/test-connection`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.ok).toBe(true);
    wonde.failNext(500, 1);
    expect((await call('POST', `/api/integrations/${school}/test-connection`, {})).statusCode).toBe(502);
    const badToken = await call('POST', '/api/integrations/test-connection', {
      credentials: { kind: 'wonde', schoolId: wonde.schoolId, token: 'stolen' },
    });
    expect(badToken.statusCode).toBe(422);

    const entra = await create({
      kind: 'azureAD',
      tenantId: graph.tenantId,
      clientId: graph.clientId,
      clientSecret: graph.clientSecret,
    });
    const page = await call('POST', `/api/integrations/${entra}/test-connection`, {});
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toEqual({ ok: true, people: 2 });
    const refused = await call('POST', `/api/integrations/${entra}/test-connection`, {
      credentials: { kind: 'azureAD', tenantId: graph.tenantId, clientId: graph.clientId, clientSecret: 'wrong' },
    });
    expect(refused.statusCode, refused.body).toBe(422);

    // Google without its consent token has nothing to test.
    const google = await call('POST', '/api/integrations/test-connection', { credentials: { kind: 'googleAD' } });
    expect(google.statusCode).toBe(422);

    expect((await call('POST', `/api/integrations/${entra}/test-connection`, {}, globex)).statusCode).toBe(404);
    const reporter = await tokenFor(app, 'reporter@acme.test');
    expect((await call('POST', `/api/integrations/${entra}/test-connection`, {}, reporter)).statusCode).toBe(403);
  });
});
