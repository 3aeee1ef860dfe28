// The shared part of the fake providers: a local HTTP server that records each request, checks
// it with the provider's own rules, and can be told to fail the next calls (5xx, a hang the
// client must time out on, or 429 with Retry-After).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** timeout: no answer and nothing done; accept-then-hang: the provider does the work (the
 * message goes) but its answer never comes, as when a provider is slow under load. */
export type Failure = (
  { kind: '5xx' } | { kind: 'timeout' } | { kind: 'accept-then-hang' } | { kind: '429'; retryAfterSeconds: number }
) & { /** Only a request to this path fails (any, without it). */ path?: string };

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: Recorded, res: ServerResponse) => void;

export async function startFake(handle: Handler) {
  const requests: Recorded[] = [];
  const failures: Failure[] = [];
  const hung: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const at = failures.findIndex((f) => !f.path || f.path === recorded.path);
      const failure = at < 0 ? undefined : failures.splice(at, 1)[0];
      if (failure?.kind === 'timeout') return void hung.push(res);
      if (failure?.kind === 'accept-then-hang') {
        hung.push(res);
        const swallowed = { writeHead: () => swallowed, end: () => swallowed };
        return void handle(recorded, swallowed as unknown as ServerResponse);
      }
      if (failure?.kind === '5xx') return void res.writeHead(503).end('service unavailable');
      if (failure?.kind === '429')
        return void res
          .writeHead(429, { 'retry-after': String(failure.retryAfterSeconds), 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: false, error: 'ratelimited' }));
      handle(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    fail(...next: Failure[]) {
      failures.push(...next);
    },
    async close() {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
