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
}

export const TEST_CLIENTS = [
  { client_id: 'gatehouse', client_secret: 'gatehouse-test-secret-0123456789abcdef' },
  { client_id: 'other-app', client_secret: 'other-app-secret-0123456789abcdef' },
];

export async function startLocalProvider(redirectUris: string[], host = '127.0.0.1'): Promise<LocalProvider> {
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(0, host, done));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: TEST_CLIENTS.map((c) => ({
      ...c,
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, email: id, email_verified: true }) }),
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

  return {
    issuer,
    signIn,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
