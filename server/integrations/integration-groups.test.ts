// The settings picker's groups: GET /api/integrations/:id/groups reads every page of
// the directory's own groups with the integration's stored credentials, against the fake
// Microsoft Graph and the fake Wonde; another company's id is 404, a caller without the
// `integration` permission 403, and credentials the directory refuses a 422, never a 500.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startFakeGraph, type FakeGraph } from '../../tests/fake-directories/microsoft-graph';
import { startWondeFake, type WondeFake } from '../../tests/fake-directories/wonde';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { createIntegration, entraCredentials, integrationForm } from '../test/integration-fixture';

eachDatabase((get) => {
  let app: FastifyInstance;
  let graph: FakeGraph;
  let wonde: WondeFake;
  let admin: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const create = async (credentials: object) =>
    (await createIntegration(app, admin, integrationForm('Directory', credentials))).id;
  const entra = (clientSecret?: string) => create(entraCredentials(graph, clientSecret));

  beforeAll(async () => {
    graph = await startFakeGraph({ pageSize: 2 });
    wonde = await startWondeFake({ students: 2, employees: 1 });
    process.env.GRAPH_BASE_URL = graph.baseUrl;
    process.env.GRAPH_AUTH_URL = graph.authUrl;
    process.env.WONDE_BASE_URL = wonde.url;
    app = await seededApp(get().database, testClock());
    admin = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => {
    await app?.close();
    await graph?.close();
    await wonde?.close();
    delete process.env.GRAPH_BASE_URL;
    delete process.env.GRAPH_AUTH_URL;
    delete process.env.WONDE_BASE_URL;
  });

  it('lists every page of the Microsoft Entra groups with their names, sorted by name', async () => {
    graph.groups.push(
      { id: 'grp-science', displayName: 'Science' },
      { id: 'grp-admin', displayName: 'Administration' },
      { id: 'grp-visitors', displayName: 'Visitor hosts' },
    );
    const id = await entra();
    const res = await call('GET', `/api/integrations/${id}/groups`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { id: 'grp-admin', name: 'Administration' },
      { id: 'grp-science', name: 'Science' },
      { id: 'grp-staff', name: 'Staff' },
      { id: 'grp-visitors', name: 'Visitor hosts' },
    ]);
    // Four groups at two a page: both pages were read.
    expect(graph.requests.filter((r) => r.path.startsWith('/v1.0/groups')).length).toBe(2);
  });

  it('lists a Wonde school’s classes', async () => {
    const id = await create({ kind: 'wonde', schoolId: wonde.schoolId, token: 'wonde-token' });
    const res = await call('GET', `/api/integrations/${id}/groups`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { id: 'C100', name: '7A Maths' },
      { id: 'C200', name: '8B English' },
      { id: 'C300', name: 'Staff Room' },
    ]);
  });

  it('answers 404 to another company and 403 to a caller without the integration permission', async () => {
    const id = await entra();
    const globex = await tokenFor(app, 'admin@globex.test');
    expect((await call('GET', `/api/integrations/${id}/groups`, undefined, globex)).statusCode).toBe(404);
    const reporter = await tokenFor(app, 'reporter@acme.test');
    expect((await call('GET', `/api/integrations/${id}/groups`, undefined, reporter)).statusCode).toBe(403);
    expect((await call('GET', '/api/integrations/not-an-id/groups')).statusCode).toBe(404);
  });

  it('says the credentials were refused, and that a directory that is down could not be reached', async () => {
    const refused = await call('GET', `/api/integrations/${await entra('wrong-secret')}/groups`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'integration_auth_failed' });
    expect(refused.json().message).toContain('refused');

    const id = await entra();
    graph.failNext(3, 503);
    const down = await call('GET', `/api/integrations/${id}/groups`);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'directory_unavailable' });
  });
});
