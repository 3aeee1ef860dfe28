// A real OpenID Connect provider (oidc-provider, devDependency) on a random local port, for the
// SSO tests: any login name is accepted as the account, whose email is that name; consent is
// granted without asking. `signIn` drives its login form the way a browser would (cookies).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface LocalProvider {
  issuer: string;
  close(): Promise<void>;
  /** Follows the authorization address through the provider's login form; answers the redirect back. */
  signIn(authorizationUrl: string, email: string): Promise<URL>;
  /** Accounts whose email the provider says is not verified (email_verified: false). */
  unverified: Set<string>;
  /** Rewrites the id_token's claims on the way out of the token endpoint, keeping the original
   *  signature: a forged token, as a man in the middle or a lying proxy would send it. */
  forgeIdToken: ((claims: Record<string, unknown>) => Record<string, unknown>) | null;
  /** Requests the provider has answered (discovery, token, JWKS …). */
  requests: number;
}

export const TEST_CLIENTS = [
  { client_id: 'gatehouse', client_secret: 'gatehouse-test-secret-0123456789abcdef' },
  { client_id: 'other-app', client_secret: 'other-app-secret-0123456789abcdef' },
];

export async function startLocalProvider(redirectUris: string[], host = '127.0.0.1'): Promise<LocalProvider> {
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(0, host, done));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const unverified = new Set<string>();
  const provider = new Provider(issuer, {
    clients: TEST_CLIENTS.map((c) => ({
      ...c,
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: !unverified.has(id) }),
    }),
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  // Quiet: a refused token request is what some tests expect.
  provider.on('server_error', () => {});
  provider.use(async (ctx, next) => {
    local.requests++;
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && local.forgeIdToken && typeof body?.id_token === 'string') {
      const [header, payload, signature] = body.id_token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify(local.forgeIdToken(claims))).toString('base64url');
      ctx.body = { ...body, id_token: `${header}.${forged}.${signature}` };
    }
  });
  server.on('request', provider.callback());

  async function signIn(authorizationUrl: string, email: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [k, ...v] = pair!.split('=');
        jar.set(k!.trim(), v.join('='));
      }
    };
    let url = new URL(authorizationUrl);
    let body: URLSearchParams | undefined;
    for (let hop = 0; hop < 10; hop++) {
      const res = await fetch(url, {
        method: body ? 'POST' : 'GET',
        body,
        headers: { cookie: cookie(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        redirect: 'manual',
      });
      keep(res);
      body = undefined;
      const location = res.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (!next.href.startsWith(issuer)) return next;
        url = next;
        continue;
      }
      // The provider's login form: submit the email as the login name.
      if (url.pathname.startsWith('/interaction/')) {
        body = new URLSearchParams({ prompt: 'login', login: email, password: 'x' });
        continue;
      }
      throw new Error(`provider answered ${res.status} at ${url.href}: ${await res.text()}`);
    }
    throw new Error('too many redirects at the provider');
  }

  const local: LocalProvider = {
    issuer,
    signIn,
    unverified,
    forgeIdToken: null,
    requests: 0,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  return local;
}
