// A fake Microsoft Graph + Entra token endpoint on a random local port, speaking Graph's JSON
// shapes (value, @odata.nextLink, @odata.deltaLink, @removed), for the client, the sync job
// and the e2e run. Tests steer it: the people it holds, failing the next N requests, expiring
// every token it gave out, refusing the client secret.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGraphUser {
  id: string;
  givenName: string;
  surname: string;
  mail: string | null;
  userPrincipalName?: string;
  mobilePhone?: string | null;
  department?: string | null;
  jobTitle?: string | null;
  employeeId?: string | null;
  accountEnabled?: boolean;
  memberOf?: string[];
}

export interface FakeGraph {
  url: string;
  /** Graph API base, e.g. http://127.0.0.1:1234/v1.0 */
  baseUrl: string;
  /** Token endpoint base (the client appends /{tenant}/oauth2/v2.0/token). */
  authUrl: string;
  /** Where @odata.nextLink/deltaLink point (baseUrl; a test moves it to another host). */
  linkBase: string;
  pageSize: number;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  groups: { id: string; displayName: string }[];
  upsert(...users: FakeGraphUser[]): void;
  remove(...ids: string[]): void;
  /** The next `n` Graph requests (not token requests), after `after` good ones, answer `status`. */
  failNext(n: number, status: number, after?: number): void;
  /** Every token handed out so far answers 401 from now on. */
  expireTokens(): void;
  requests: { path: string; auth: string | null }[];
  /** Write-back PATCH /users/{id} bodies, in order. */
  writeBacks: { id: string; body: unknown }[];
  tokenRequests: number;
  /** Refresh-token grants answered (the consent flow's renewals). */
  refreshGrants: number;
  close(): Promise<void>;
}

export const fakeUser = (i: number, extra: Partial<FakeGraphUser> = {}): FakeGraphUser => ({
  id: `aad-${String(i).padStart(5, '0')}`,
  givenName: `Given${i}`,
  surname: `Family${i}`,
  mail: `person${i}@contoso.test`,
  mobilePhone: null,
  department: i % 2 ? 'Science' : 'Arts',
  jobTitle: 'Teacher',
  accountEnabled: true,
  ...extra,
});

export async function startFakeGraph(
  options: { pageSize?: number; tenantId?: string; clientId?: string; clientSecret?: string } = {},
): Promise<FakeGraph> {
  const people = new Map<string, { user: FakeGraphUser; seq: number }>();
  const removed = new Map<string, number>();
  const valid = new Set<string>();
  const grants = new Set<string>();
  let seq = 0;
  let tokens = 0;
  let failing = { n: 0, status: 500, after: 0 };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const wire = (u: FakeGraphUser) => {
    const { memberOf, ...rest } = u;
    return {
      ...rest,
      displayName: `${u.givenName} ${u.surname}`,
      userPrincipalName: u.userPrincipalName ?? u.mail ?? `${u.id}@contoso.test`,
      businessPhones: [],
      memberOf: (memberOf ?? []).map((id) => ({ '@odata.type': '#microsoft.graph.group', id })),
    };
  };
  const list = () => [...people.values()].sort((a, b) => a.user.id.localeCompare(b.user.id));

  async function body(req: IncomingMessage): Promise<string> {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return text;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', fake.url);
      if (url.pathname.endsWith('/oauth2/v2.0/authorize') && req.method === 'GET') {
        // The admin consents at once; back to the redirect URI with a one-time code.
        const code = `code-${grants.size + 1}-${Date.now()}`;
        grants.add(code);
        const back = new URL(url.searchParams.get('redirect_uri') ?? 'http://invalid/');
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        return void res.writeHead(302, { location: back.toString() }).end();
      }
      if (url.pathname.endsWith('/oauth2/v2.0/token') && req.method === 'POST') {
        fake.tokenRequests++;
        const form = new URLSearchParams(await body(req));
        const tenant = url.pathname.split('/')[1];
        if (tenant !== fake.tenantId || form.get('client_id') !== fake.clientId)
          return send(res, 400, { error: 'invalid_request', error_description: 'AADSTS90002: Tenant not found.' });
        if (form.get('client_secret') !== fake.clientSecret)
          return send(res, 401, {
            error: 'invalid_client',
            error_description: 'AADSTS7000215: Invalid client secret.',
          });
        const token = `tok-${++tokens}`;
        // Delegated grants (the consent flow): a code once, then rotating refresh tokens.
        const grant = form.get('grant_type');
        if (grant === 'authorization_code' || grant === 'refresh_token') {
          const used = grant === 'authorization_code' ? form.get('code') : form.get('refresh_token');
          if (!used || !grants.delete(used)) return send(res, 400, { error: 'invalid_grant' });
          fake.refreshGrants += grant === 'refresh_token' ? 1 : 0;
          const refresh = `refresh-${tokens}`;
          grants.add(refresh);
          valid.add(token);
          const claims = Buffer.from(JSON.stringify({ preferred_username: 'it-admin@contoso.test' })).toString(
            'base64url',
          );
          return send(res, 200, {
            token_type: 'Bearer',
            expires_in: 3599,
            access_token: token,
            refresh_token: refresh,
            id_token: `eyJhbGciOiJub25lIn0.${claims}.`,
          });
        }
        valid.add(token);
        return send(res, 200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: token });
      }
      const auth = req.headers.authorization ?? null;
      fake.requests.push({ path: url.pathname + url.search, auth });
      if (failing.n > 0 && failing.after > 0) failing.after--;
      else if (failing.n > 0) {
        failing.n--;
        return send(res, failing.status, { error: { code: 'generalException', message: 'fake failure' } });
      }
      if (!auth || !valid.has(auth.replace(/^Bearer /, '')))
        return send(res, 401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token has expired.' } });
      const skip = Number(url.searchParams.get('$skiptoken') ?? 0);
      const top = Math.min(Number(url.searchParams.get('$top') ?? fake.pageSize), fake.pageSize);
      const page = <T>(rows: T[], link: (next: number) => string) => ({
        value: rows.slice(skip, skip + top),
        ...(skip + top < rows.length ? { '@odata.nextLink': link(skip + top) } : {}),
      });
      // Write-back: PATCH /users/{id} answers 204 like Graph; the body is kept for the tests.
      const patched = /^\/v1\.0\/users\/([^/]+)$/.exec(url.pathname);
      if (patched && req.method === 'PATCH') {
        const id = decodeURIComponent(patched[1]!);
        if (!people.has(id)) return send(res, 404, { error: { code: 'Request_ResourceNotFound', message: id } });
        fake.writeBacks.push({ id, body: JSON.parse(await body(req)) as unknown });
        res.writeHead(204).end();
        return;
      }
      if (url.pathname === '/v1.0/users') {
        const rows = list().map((p) => wire(p.user));
        return send(
          res,
          200,
          page(rows, (n) => `${fake.linkBase}/users?$top=${top}&$skiptoken=${n}`),
        );
      }
      if (url.pathname === '/v1.0/groups')
        return send(
          res,
          200,
          page(fake.groups, (n) => `${fake.linkBase}/groups?$top=${top}&$skiptoken=${n}`),
        );
      if (url.pathname === '/v1.0/users/delta') {
        // The delta token is the change sequence the caller has seen; a round is pinned to it.
        const since = Number(url.searchParams.get('$deltatoken') ?? 0);
        const until = Number(url.searchParams.get('$until') ?? seq);
        const changed = list()
          .filter((p) => p.seq > since && p.seq <= until)
          .map((p) => {
            const { memberOf: _m, ...rest } = wire(p.user);
            return rest;
          });
        const gone = since
          ? [...removed]
              .filter(([, s]) => s > since && s <= until)
              .map(([id]) => ({ id, '@removed': { reason: 'deleted' } }))
          : [];
        const rows = [...changed, ...gone];
        const body = page(
          rows,
          (n) => `${fake.linkBase}/users/delta?$deltatoken=${since}&$until=${until}&$skiptoken=${n}`,
        );
        return send(
          res,
          200,
          body['@odata.nextLink']
            ? body
            : { ...body, '@odata.deltaLink': `${fake.linkBase}/users/delta?$deltatoken=${until}` },
        );
      }
      return send(res, 404, { error: { code: 'Request_ResourceNotFound', message: url.pathname } });
    })().catch((error: unknown) => send(res, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const fake: FakeGraph = {
    url,
    baseUrl: `${url}/v1.0`,
    authUrl: url,
    linkBase: `${url}/v1.0`,
    pageSize: options.pageSize ?? 999,
    tenantId: options.tenantId ?? 'contoso-tenant',
    clientId: options.clientId ?? 'gatehouse-app',
    clientSecret: options.clientSecret ?? 'right-secret',
    groups: [{ id: 'grp-staff', displayName: 'Staff' }],
    upsert(...users) {
      for (const user of users) {
        people.set(user.id, { user, seq: ++seq });
        removed.delete(user.id);
      }
    },
    remove(...ids) {
      for (const id of ids) if (people.delete(id)) removed.set(id, ++seq);
    },
    failNext(n, status, after = 0) {
      failing = { n, status, after };
    },
    expireTokens() {
      valid.clear();
    },
    requests: [],
    writeBacks: [],
    tokenRequests: 0,
    refreshGrants: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
