// Stored credentials only go where they went before: a new Net2 server address
// needs the password typed again, for a test, a save and the sync after it; a 307 is never
// followed with the password; Graph's and Wonde's page links are followed on their own host
// only. A "catcher" server stands in for the attacker's host and records what reaches it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startPaxtonFake, type PaxtonFake } from '../../tests/fake-directories/paxton';
import { fakeUser, startFakeGraph, type FakeGraph } from '../../tests/fake-directories/microsoft-graph';
import { startWondeFake, type WondeFake } from '../../tests/fake-directories/wonde';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { createIntegration, integrationForm, runSync } from '../test/integration-fixture';
import { microsoftGraphClient } from './directories/microsoft-graph';
import { wondeClient } from './directories/wonde';
import { DirectoryError } from './directories/directory-client';

const PASSWORD = 'net2-pass';

eachDatabase((get) => {
  let app: FastifyInstance;
  let paxton: PaxtonFake;
  let graph: FakeGraph;
  let wonde: WondeFake;
  let admin: string;
  let catcher: Server;
  let redirector: Server;
  let catcherUrl = '';
  let redirectorUrl = '';
  /** Everything that reached the attacker's host: method, path, headers and body. */
  const caught: string[] = [];

  const listen = async (s: Server) => {
    await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  };
  const net2 = (serverUrl: string, password = PASSWORD) => ({
    kind: 'paxton',
    username: 'System engineer',
    password,
    clientId: '00aab996-6439-4f16-89b4-6c0cc851e8f3',
    serverUrl,
  });
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    app.inject({ method, url, headers: bearer(admin), payload });
  const leaked = () => caught.some((c) => c.includes(PASSWORD));

  beforeAll(async () => {
    paxton = await startPaxtonFake({ people: 3 });
    graph = await startFakeGraph({ pageSize: 2 });
    graph.upsert(fakeUser(1), fakeUser(2), fakeUser(3));
    wonde = await startWondeFake({ students: 2, employees: 1 });
    catcher = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        caught.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)} ${body}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"x","value":[]}');
      });
    });
    catcherUrl = await listen(catcher);
    // Sends every request on to the catcher, body and all, if the client follows it.
    redirector = createServer((req, res) => res.writeHead(307, { location: `${catcherUrl}${req.url}` }).end());
    redirectorUrl = await listen(redirector);
    app = await seededApp(get().database, testClock());
    admin = await tokenFor(app, 'admin@acme.test');
  });
  beforeEach(() => {
    caught.length = 0;
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([paxton?.close(), graph?.close(), wonde?.close()]);
    for (const s of [catcher, redirector]) {
      s?.closeAllConnections();
      await new Promise((done) => s?.close(done));
    }
  });

  it('asks for the password again before testing a new Net2 server address', async () => {
    const { id } = await createIntegration(app, admin, integrationForm('Net2', net2(paxton.url)));
    const moved = await call('POST', `/api/integrations/${id}/test-connection`, {
      credentials: net2(catcherUrl, ''),
    });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().code).toBe('integration_credentials_reentry');
    expect(moved.json().errors['credentials.password']).toHaveLength(1);
    expect(caught).toEqual([]);
    // Typed again, the test goes where the person said (with what they typed).
    const typed = await call('POST', `/api/integrations/${id}/test-connection`, {
      credentials: net2(catcherUrl, 'typed-now'),
    });
    expect(typed.statusCode).not.toBe(500);
    expect(leaked()).toBe(false);
    // The same server with a trailing slash is not a move: the stored password still works.
    const same = await call('POST', `/api/integrations/${id}/test-connection`, {
      credentials: net2(`${paxton.url}/`, ''),
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('refuses to save a new server address without the password, so a sync cannot send it there', async () => {
    const { id } = await createIntegration(app, admin, integrationForm('Net2 moved', net2(paxton.url)));
    const put = await call('PUT', `/api/integrations/${id}`, integrationForm('Net2 moved', net2(catcherUrl, '')));
    expect(put.statusCode, put.body).toBe(422);
    expect(put.json().code).toBe('integration_credentials_reentry');
    const before = paxton.requests.length;
    await runSync(app, admin, id);
    // The sync still reads the Net2 server it was saved with.
    expect(paxton.requests.length).toBeGreaterThan(before);
    expect(caught).toEqual([]);
    const shown = await app.inject({ url: `/api/integrations/${id}`, headers: bearer(admin) });
    expect(shown.json().data.credentials.serverUrl).toBe(paxton.url);
  });

  it('never follows a redirect with the password', async () => {
    const res = await call('POST', '/api/integrations/test-connection', { credentials: net2(redirectorUrl) });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().code).toBe('directory_unavailable');
    expect(caught).toEqual([]);
  });

  it("follows Graph's and Wonde's page links only on their own host", async () => {
    graph.linkBase = `${catcherUrl}/v1.0`;
    const client = microsoftGraphClient(
      { kind: 'azureAD', tenantId: graph.tenantId, clientId: graph.clientId, clientSecret: graph.clientSecret },
      { baseUrl: graph.baseUrl, authUrl: graph.authUrl },
    );
    await expect(client.listPeople(null)).rejects.toBeInstanceOf(DirectoryError);
    await expect(client.listPeople(`${catcherUrl}/v1.0/users?$skiptoken=2`)).rejects.toBeInstanceOf(DirectoryError);
    await expect(client.changesSince!(`${catcherUrl}/v1.0/users/delta?$deltatoken=1`, null)).rejects.toBeInstanceOf(
      DirectoryError,
    );
    graph.linkBase = graph.baseUrl;
    expect((await client.listPeople(null)).next).toContain(graph.baseUrl);

    const school = wondeClient(
      { kind: 'wonde', schoolId: wonde.schoolId, token: 'wonde-token' },
      { baseUrl: wonde.url },
    );
    const elsewhere = Buffer.from(JSON.stringify({ stream: 'students', url: `${catcherUrl}/v1.0/schools/x` })).toString(
      'base64url',
    );
    await expect(school.listPeople(elsewhere)).rejects.toBeInstanceOf(DirectoryError);
    expect(caught).toEqual([]);
  });
});
