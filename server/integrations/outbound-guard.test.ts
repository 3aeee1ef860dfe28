// "Test connection" through the outbound guard, with the guard turned on as
// production has it: no spelling of loopback reaches the fake Net2 listening there, and a
// closed port, a refused address and a directory that never answers all get the same answer,
// so the route cannot be used to map which internal ports are open. OUTBOUND_ALLOW lets an
// operator reach a Net2 server on their own network.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startPaxtonFake, type PaxtonFake } from '../../tests/fake-directories/paxton';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let paxton: PaxtonFake;
  let admin: string;
  let port: number;
  const silent: Server = createServer(() => {
    // Accepts the connection and never answers.
  });
  let silentPort: number;

  const test = (serverUrl: string) =>
    app.inject({
      method: 'POST',
      url: '/api/integrations/test-connection',
      headers: bearer(admin),
      payload: {
        credentials: {
          kind: 'paxton',
          username: 'System engineer',
          password: 'net2-pass',
          clientId: '00aab996-6439-4f16-89b4-6c0cc851e8f3',
          serverUrl,
        },
      },
    });
  const answer = async (serverUrl: string) => {
    const res = await test(serverUrl);
    // Everything but the request's own id, which differs by design.
    const { request_id: _id, ...body } = res.json() as Record<string, unknown>;
    return `${res.statusCode} ${JSON.stringify(body)}`;
  };

  beforeAll(async () => {
    paxton = await startPaxtonFake({ people: 2 });
    port = Number(new URL(paxton.url).port);
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    silentPort = (silent.address() as AddressInfo).port;
    app = await seededApp(get().database, testClock());
    admin = await tokenFor(app, 'admin@acme.test');
  });
  afterEach(() => {
    delete process.env.OUTBOUND_GUARD;
    delete process.env.OUTBOUND_ALLOW;
    delete process.env.OUTBOUND_TIMEOUT_MS;
  });
  afterAll(async () => {
    await app?.close();
    await paxton?.close();
    silent.closeAllConnections();
    await new Promise((done) => silent.close(done));
  });

  it('reaches no spelling of loopback with the guard on', async () => {
    expect((await test(paxton.url)).statusCode).toBe(200);
    process.env.OUTBOUND_GUARD = 'on';
    const before = paxton.requests.length;
    const hosts = ['localhost', '127.0.0.1', '127.1', '2130706433', '0x7f000001', '0.0.0.0', '[::1]'];
    const answers = new Set<string>();
    for (const host of [...hosts, '[::ffff:127.0.0.1]']) answers.add(await answer(`http://${host}:${port}`));
    expect(paxton.requests.length).toBe(before);
    expect(answers.size).toBe(1);
    const [only] = [...answers];
    expect(only).toMatch(/^502 /);
    expect(only).toContain('directory_unavailable');
  });

  it('answers a closed port, a refused address and a timeout alike', async () => {
    process.env.OUTBOUND_GUARD = 'on';
    process.env.OUTBOUND_ALLOW = '127.0.0.1';
    process.env.OUTBOUND_TIMEOUT_MS = '300';
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const answers = [
      await answer(`http://127.0.0.1:${closedPort}`),
      await answer(`http://169.254.169.254:${port}`),
      await answer(`http://10.0.0.1:${port}`),
      await answer(`http://127.0.0.1:${silentPort}`),
    ];
    expect(new Set(answers).size, answers.join('\n')).toBe(1);
    // The operator's allowed address still works.
    expect((await test(paxton.url)).statusCode).toBe(200);
  });
});
