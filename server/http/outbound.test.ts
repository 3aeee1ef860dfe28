// The outbound guard: with it on, no spelling of loopback, link-local,
// private or unspecified reaches a socket unless OUTBOUND_ALLOW lists it; redirects are never
// followed; a closed port, a refused address and a timeout are one and the same error.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { OutboundError, outboundFetch } from './outbound';

let server: Server;
let port: number;
let hits = 0;
const silent: Server = createServer(() => {
  // Accepts and never answers: a timeout.
});
let silentPort: number;

async function listen(s: Server): Promise<number> {
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
  return (s.address() as AddressInfo).port;
}
/** The error a request ends with (its message is all a caller may pass on). */
async function failure(url: string, timeoutMs = 2_000): Promise<OutboundError> {
  const error = await outboundFetch(url, {}, { timeoutMs }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if (req.url === '/redirect') {
      res.writeHead(307, { location: `http://127.0.0.1:${port}/landed` }).end();
      return;
    }
    if (req.url === '/landed') {
      res.writeHead(500).end('followed');
      return;
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ body })));
  });
  port = await listen(server);
  silentPort = await listen(silent);
});
afterEach(() => {
  delete process.env.OUTBOUND_GUARD;
  delete process.env.OUTBOUND_ALLOW;
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((done) => silent.close(done));
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

it('reaches a local server outside production with the guard off, with the body sent', async () => {
  const res = await outboundFetch(`http://127.0.0.1:${port}/echo`, {
    method: 'POST',
    body: new URLSearchParams({ a: '1' }),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ body: 'a=1' });
});

it('refuses every spelling of loopback, private, link-local and unspecified with the guard on', async () => {
  process.env.OUTBOUND_GUARD = 'on';
  const before = hits;
  const spellings = [
    `localhost:${port}`,
    `127.0.0.1:${port}`,
    `127.1:${port}`,
    `2130706433:${port}`,
    `0x7f000001:${port}`,
    `0177.0.0.1:${port}`,
    `0.0.0.0:${port}`,
    `0:${port}`,
    `[::1]:${port}`,
    `[::ffff:127.0.0.1]:${port}`,
    `[::]:${port}`,
    '169.254.169.254',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '[fd00::1]',
    '[fe80::1]',
  ];
  const messages = new Set<string>();
  for (const host of spellings) messages.add((await failure(`http://${host}/echo`)).message);
  expect(hits).toBe(before);
  expect([...messages]).toEqual(['the outbound request failed']);
});

it('lets an operator allow a host or a CIDR by OUTBOUND_ALLOW', async () => {
  process.env.OUTBOUND_GUARD = 'on';
  process.env.OUTBOUND_ALLOW = 'localhost';
  expect((await outboundFetch(`http://localhost:${port}/echo`)).status).toBe(200);
  await failure(`http://127.0.0.1:${port}/echo`);
  process.env.OUTBOUND_ALLOW = 'net2.example, 127.0.0.0/8';
  expect((await outboundFetch(`http://127.0.0.1:${port}/echo`)).status).toBe(200);
  expect((await outboundFetch(`http://[::ffff:127.0.0.1]:${port}/echo`)).status).toBe(200);
});

it('never follows a redirect', async () => {
  const res = await outboundFetch(`http://127.0.0.1:${port}/redirect`, { method: 'POST', body: 'secret' });
  expect(res.status).toBe(307);
  expect(await res.text()).toBe('');
});

it('answers a closed port, a refused address and a timeout with one error', async () => {
  const closed = createServer();
  const closedPort = await listen(closed);
  await new Promise((done) => closed.close(done));
  const refused = await failure(`http://127.0.0.1:${closedPort}/`);
  const timedOut = await failure(`http://127.0.0.1:${silentPort}/`, 200);
  process.env.OUTBOUND_GUARD = 'on';
  const blocked = await failure(`http://127.0.0.1:${port}/`);
  expect(new Set([refused.message, timedOut.message, blocked.message]).size).toBe(1);
  expect(timedOut.reason).toBe('timeout');
});
