// A local stand-in for Google's Admin SDK Directory API and OAuth token endpoint, speaking the
// same JSON: users.list with pageToken/nextPageToken, orgunits.list, and the refresh-token grant.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGoogleUser {
  id: string;
  primaryEmail: string;
  name: { givenName: string; familyName: string; fullName: string };
  phones?: { value: string; type: string; primary?: boolean }[];
  orgUnitPath: string;
  suspended: boolean;
  organizations?: { department?: string; title?: string; primary?: boolean }[];
}

export interface GoogleFakeOptions {
  /** How many generated people, or the people themselves. */
  people?: number | FakeGoogleUser[];
  accessToken?: string;
  refreshToken?: string;
}

export function googleFakePerson(i: number): FakeGoogleUser {
  return {
    id: `1${String(i).padStart(20, '0')}`,
    primaryEmail: `person${i}@school.example`,
    name: { givenName: `Given${i}`, familyName: `Family${i}`, fullName: `Given${i} Family${i}` },
    phones: [{ value: `+44 20 7946 ${String(i % 10_000).padStart(4, '0')}`, type: 'work', primary: true }],
    orgUnitPath: i % 2 ? '/Staff' : '/Students',
    suspended: i % 50 === 49,
    organizations: [{ department: i % 2 ? 'Science' : 'Year 7', title: i % 2 ? 'Teacher' : 'Pupil', primary: true }],
  };
}

export async function startGoogleFake(options: GoogleFakeOptions = {}) {
  const people =
    typeof options.people === 'number'
      ? Array.from({ length: options.people }, (_, i) => googleFakePerson(i))
      : (options.people ?? []);
  const refreshToken = options.refreshToken ?? 'google-refresh';
  const validTokens = new Set([options.accessToken ?? 'google-access-0']);
  let issued = 0;
  const failures: number[] = [];
  let malformed = 0;
  let hanging = 0;
  const requests: string[] = [];
  const codes = new Set<string>();
  const tokenForms: Record<string, string>[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (hanging > 0) return void hanging--; // never answers: the client's timeout must fire

    // Consent (accounts.google.com/o/oauth2/v2/auth): the admin agrees at once; back with a code.
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const code = `google-code-${codes.size + 1}`;
      codes.add(code);
      const back = new URL(url.searchParams.get('redirect_uri') ?? 'http://invalid/');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return void res.writeHead(302, { location: back.toString() }).end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      let raw = '';
      for await (const chunk of req) raw += String(chunk);
      const form = new URLSearchParams(raw);
      tokenForms.push(Object.fromEntries(form));
      if (form.get('grant_type') === 'authorization_code') {
        if (!codes.delete(form.get('code') ?? '')) return send(res, 400, { error: 'invalid_grant' });
        const token = `google-access-${++issued}`;
        validTokens.add(token);
        const claims = Buffer.from(JSON.stringify({ email: 'it-admin@school.example' })).toString('base64url');
        return send(res, 200, {
          access_token: token,
          refresh_token: refreshToken,
          id_token: `eyJhbGciOiJub25lIn0.${claims}.`,
          expires_in: 3599,
          token_type: 'Bearer',
        });
      }
      if (form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== refreshToken) {
        return send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      }
      const token = `google-access-${++issued}`;
      validTokens.add(token);
      return send(res, 200, { access_token: token, expires_in: 3599, scope: 'admin.directory', token_type: 'Bearer' });
    }

    // Injected failures hit the directory API, not the token endpoint.
    const failure = failures.shift();
    if (failure) {
      const reason = failure === 403 ? 'userRateLimitExceeded' : 'backendError';
      return send(res, failure, { error: { code: failure, message: 'injected failure', errors: [{ reason }] } });
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!validTokens.has(bearer)) {
      return send(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
    }
    if (malformed > 0) {
      malformed--;
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"users": [{"primaryEmail": ');
    }

    if (url.pathname === '/admin/directory/v1/users') {
      if (url.searchParams.get('customer') !== 'my_customer') return send(res, 400, { error: { code: 400 } });
      const size = Math.min(Number(url.searchParams.get('maxResults') ?? 100), 500);
      const start = Number(Buffer.from(url.searchParams.get('pageToken') ?? 'MA', 'base64url').toString() || 0);
      const users = people.slice(start, start + size);
      const next = start + size < people.length ? Buffer.from(String(start + size)).toString('base64url') : undefined;
      return send(res, 200, { kind: 'admin#directory#users', etag: '"fake"', users, nextPageToken: next });
    }
    if (url.pathname === '/admin/directory/v1/customer/my_customer/orgunits') {
      const paths = [...new Set(people.map((p) => p.orgUnitPath))].filter((p) => p !== '/');
      const organizationUnits = paths.map((orgUnitPath, i) => ({
        kind: 'admin#directory#orgUnit',
        orgUnitId: `id:0${i}`,
        orgUnitPath,
        name: orgUnitPath.split('/').pop(),
        parentOrgUnitPath: '/',
      }));
      return send(res, 200, { kind: 'admin#directory#orgUnits', organizationUnits });
    }
    send(res, 404, { error: { code: 404, message: 'Not Found' } });
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    people,
    requests,
    /** Every form posted to /token (code exchanges and refreshes), oldest first. */
    tokenForms,
    /** Google takes no write-back; kept so every fake has the same shape. */
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
    /** Every access token issued so far stops working; the refresh token still works. */
    expireTokens() {
      validTokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type GoogleFake = Awaited<ReturnType<typeof startGoogleFake>>;
