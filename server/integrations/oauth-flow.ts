// OAuth 2.0 authorization-code consent for the two directories that have one (Google Workspace
// and Microsoft Entra ID), and the refresh-token grant the sync job uses when the stored token
// is missing or 24 h old (spec 1 §4 "Integration token"). Google uses Gatehouse's own app
// (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET); Microsoft uses the integration's own app
// registration (tenant id, client id, client secret). Endpoints are configurable so tests
// point them at tests/fake-directories: GOOGLE_ACCOUNTS_URL (authorize), GOOGLE_AUTH_URL
// (token), GRAPH_AUTH_URL (both, under /{tenant}/oauth2/v2.0/).
import * as v from 'valibot';
import {
  DirectoryError,
  directoryFetch,
  directoryJson,
  type DirectoryCredentials,
} from './directories/directory-client';
import { GRAPH_AUTH_URL, GRAPH_DELEGATED_SCOPE } from './directories/microsoft-graph';

export type OAuthKind = 'googleAD' | 'azureAD';
type OAuthCredentials = Extract<DirectoryCredentials, { kind: OAuthKind }>;

const GOOGLE_SCOPE = [
  'openid',
  'email',
  'https://www.googleapis.com/auth/admin.directory.user.readonly',
  'https://www.googleapis.com/auth/admin.directory.orgunit.readonly',
].join(' ');
/** The stored token is renewed before a sync when it is this old (spec 1 §4). */
export const TOKEN_MAX_AGE_MS = 24 * 60 * 60_000;

const tokenAnswer = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  refresh_token: v.nullish(v.string()),
  id_token: v.nullish(v.string()),
});
export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  /** From the OpenID id_token, read straight from the token endpoint over TLS. */
  account: string;
}

const env = () => process.env;
const googleApp = () => ({ id: env().GOOGLE_CLIENT_ID ?? '', secret: env().GOOGLE_CLIENT_SECRET ?? '' });
const trim = (url: string) => url.replace(/\/$/, '');
const graphAuth = (tenantId: string) =>
  `${trim(env().GRAPH_AUTH_URL || GRAPH_AUTH_URL)}/${encodeURIComponent(tenantId)}/oauth2/v2.0`;

/** Whether consent can start: Google needs Gatehouse's app; Microsoft the integration's own. */
export function consentReady(c: DirectoryCredentials): boolean {
  if (c.kind === 'googleAD') return Boolean(googleApp().id && googleApp().secret);
  return c.kind === 'azureAD' && Boolean(c.tenantId && c.clientId && c.clientSecret);
}

/** Where the admin's browser goes to consent. */
export function authorizeUrl(c: OAuthCredentials, redirectUri: string, state: string): string {
  if (c.kind === 'googleAD') {
    const q = new URLSearchParams({
      client_id: googleApp().id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: GOOGLE_SCOPE,
      // offline + consent: Google sends a refresh token on every consent, not only the first.
      access_type: 'offline',
      prompt: 'consent',
      state,
    });
    return `${trim(env().GOOGLE_ACCOUNTS_URL || 'https://accounts.google.com')}/o/oauth2/v2/auth?${q}`;
  }
  const q = new URLSearchParams({
    client_id: c.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'query',
    scope: `openid email ${GRAPH_DELEGATED_SCOPE}`,
    state,
  });
  return `${graphAuth(c.tenantId)}/authorize?${q}`;
}

function accountOf(idToken: string | null | undefined): string {
  const payload = idToken?.split('.')[1];
  if (!payload) return '';
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const value = claims.email ?? claims.preferred_username ?? claims.upn;
    return typeof value === 'string' ? value.slice(0, 200) : '';
  } catch {
    return '';
  }
}

async function tokenCall(c: OAuthCredentials, grant: Record<string, string>, what: string): Promise<OAuthTokens> {
  const app = c.kind === 'googleAD' ? googleApp() : { id: c.clientId, secret: c.clientSecret };
  const url =
    c.kind === 'googleAD'
      ? `${trim(env().GOOGLE_AUTH_URL || 'https://oauth2.googleapis.com')}/token`
      : `${graphAuth(c.tenantId)}/token`;
  const body = new URLSearchParams({ client_id: app.id, client_secret: app.secret, ...grant });
  if (c.kind === 'azureAD') body.set('scope', GRAPH_DELEGATED_SCOPE);
  const response = await directoryFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  // invalid_grant (a used code, a revoked refresh token) answers 400: consent must be given again.
  if (response.status === 400) throw new DirectoryError('auth', `${what} refused: 400`, 400);
  const parsed = v.safeParse(tokenAnswer, await directoryJson(response, what));
  if (!parsed.success) throw new DirectoryError('malformed', `${what}: no access_token`);
  return {
    accessToken: parsed.output.access_token,
    refreshToken: parsed.output.refresh_token ?? null,
    account: accountOf(parsed.output.id_token),
  };
}

/** Redeems the code the provider sent back to the callback. */
export function exchangeCode(c: OAuthCredentials, code: string, redirectUri: string): Promise<OAuthTokens> {
  return tokenCall(c, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, 'token exchange');
}

/** The stored token is renewed when its time is missing or 24 h old; null when not needed or
 *  not possible (app-only Microsoft integrations fetch their own token on every run). */
export async function refreshIfStale(
  c: DirectoryCredentials,
  obtainedAt: Date | null,
  now: number,
): Promise<DirectoryCredentials | null> {
  if ((c.kind !== 'googleAD' && c.kind !== 'azureAD') || !c.refreshToken) return null;
  if (obtainedAt && now - obtainedAt.getTime() < TOKEN_MAX_AGE_MS) return null;
  const t = await tokenCall(c, { grant_type: 'refresh_token', refresh_token: c.refreshToken }, 'token refresh');
  // Google keeps its refresh token unless it rotates it; Microsoft sends a new one each time.
  return { ...c, accessToken: t.accessToken, refreshToken: t.refreshToken ?? c.refreshToken };
}
