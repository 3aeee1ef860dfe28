// A local stand-in for a Paxton Net2 server's REST API: the token endpoint (password and
// refresh-token grants, form-encoded), /api/v1/users paged with page/perPage, /api/v1/departments.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeNet2User {
  id: number;
  firstName: string;
  middleName: string;
  lastName: string;
  activateDate: string;
  expiryDate: string | null;
  telephone: string;
  extension: string;
  pin: string;
  hasImage: boolean;
  department: { id: number; name: string }[];
  customFields: { id: number; value: string }[];
}

export interface PaxtonFakeOptions {
  people?: number;
  username?: string;
  password?: string;
  clientId?: string;
  /** Answer every users page with the whole list, as a Net2 without paging would. */
  ignorePaging?: boolean;
}

const DEPARTMENTS = [
  { id: 1, name: 'Staff' },
  { id: 2, name: 'Contractors' },
  { id: 3, name: 'Cleaners' },
];

export function paxtonFakePerson(i: number): FakeNet2User {
  return {
    id: i + 1,
    firstName: `First${i}`,
    middleName: '',
    lastName: `Last${i}`,
    activateDate: '2024-01-01T00:00:00',
    // Every 25th user's card has expired: Net2 keeps leavers that way.
    expiryDate: i % 25 === 24 ? '2025-01-31T23:59:00' : null,
    telephone: `01223 ${String(400_000 + i)}`,
    extension: String(100 + (i % 900)),
    pin: '',
    hasImage: false,
    department: [DEPARTMENTS[i % 3]!],
    customFields: [{ id: 2, value: `payroll-${i}` }],
  };
}

export async function startPaxtonFake(options: PaxtonFakeOptions = {}) {
  const people = Array.from({ length: options.people ?? 0 }, (_, i) => paxtonFakePerson(i));
  const operator = { username: options.username ?? 'System engineer', password: options.password ?? 'net2-pass' };
  const clientId = options.clientId ?? '00aab996-6439-4f16-89b4-6c0cc851e8f3';
  const validTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  let issued = 0;
  const failures: number[] = [];
  let malformed = 0;
  let hanging = 0;
  const requests: string[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (hanging > 0) return void hanging--;

    if (req.method === 'POST' && url.pathname === '/api/v1/authorization/tokens') {
      let raw = '';
      for await (const chunk of req) raw += String(chunk);
      const form = new URLSearchParams(raw);
      const grant = form.get('grant_type');
      const ok =
        form.get('client_id') === clientId &&
        ((grant === 'password' &&
          form.get('username') === operator.username &&
          form.get('password') === operator.password) ||
          (grant === 'refresh_token' && refreshTokens.has(form.get('refresh_token') ?? '')));
      if (!ok) return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid username or password' });
      const access = `net2-access-${++issued}`;
      const refresh = `net2-refresh-${issued}`;
      validTokens.add(access);
      refreshTokens.add(refresh);
      return send(res, 200, { access_token: access, token_type: 'bearer', expires_in: 1799, refresh_token: refresh });
    }

    const failure = failures.shift();
    if (failure) return send(res, failure, { Message: 'injected failure' });
    if (!validTokens.has(req.headers.authorization?.replace(/^Bearer /i, '') ?? '')) {
      return send(res, 401, { Message: 'Authorization has been denied for this request.' });
    }
    if (malformed > 0) {
      malformed--;
      return res.writeHead(200, { 'content-type': 'application/json' }).end('[{"id": 1, "firstName": ');
    }
    if (url.pathname === '/api/v1/users') {
      if (options.ignorePaging) return send(res, 200, people);
      const perPage = Number(url.searchParams.get('perPage') ?? 100);
      const page = Number(url.searchParams.get('page') ?? 1);
      return send(res, 200, people.slice((page - 1) * perPage, page * perPage));
    }
    if (url.pathname === '/api/v1/departments') return send(res, 200, DEPARTMENTS);
    send(res, 404, { Message: 'No HTTP resource was found that matches the request URI.' });
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    operator,
    people,
    requests,
    /** Net2 takes no write-back; kept so every fake has the same shape. */
    writeBacks: [] as unknown[],
    failNext(status: number, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    malformNext(count = 1) {
      malformed += count;
    },
    hangNext(count = 1) {
      hanging += count;
    },
    /** Access tokens stop working; refresh tokens still buy new ones. */
    expireTokens() {
      validTokens.clear();
    },
    /** The operator's password changes on the Net2 server and every token is revoked. */
    changePassword(password: string) {
      operator.password = password;
      validTokens.clear();
      refreshTokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PaxtonFake = Awaited<ReturnType<typeof startPaxtonFake>>;
