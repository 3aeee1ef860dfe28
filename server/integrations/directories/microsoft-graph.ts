// Microsoft Entra ID through Microsoft Graph v1.0: an app-only token by the client-credentials
// grant ({authUrl}/{tenantId}/oauth2/v2.0/token), then /users (paged by @odata.nextLink),
// /users/delta (the initial round lists everyone; the last page carries @odata.deltaLink, the
// cursor for the next change read; removed users come as `@removed`) and /groups.
// Page tokens are Graph's own nextLink/deltaLink URLs, so a resumed run asks for the same page.
import { OutboundError, outboundFetch, type OutboundInit } from '../../http/outbound';
import {
  DirectoryError,
  sameOrigin,
  type DirectoryChanges,
  type DirectoryClient,
  type DirectoryClientOptions,
  type DirectoryCredentials,
  type DirectoryGroup,
  type DirectoryPage,
  type DirectoryPerson,
  type WriteBackRecord,
} from './directory-client';

export const GRAPH_BASE_URL = 'https://graph.microsoft.com/v1.0';
export const GRAPH_AUTH_URL = 'https://login.microsoftonline.com';
/** Where write-back keeps a person's latest attendance mark (Exchange custom attribute 15). */
export const GRAPH_WRITE_BACK_ATTRIBUTE = 'extensionAttribute15';
/** Delegated scopes the consent flow asks for; offline_access brings the refresh token. */
export const GRAPH_DELEGATED_SCOPE = 'offline_access User.Read.All GroupMember.Read.All';
/** Graph's largest page for /users. */
const PAGE_SIZE = 999;
const SELECT = [
  'id',
  'givenName',
  'surname',
  'displayName',
  'mail',
  'userPrincipalName',
  'mobilePhone',
  'businessPhones',
  'department',
  'jobTitle',
  'employeeId',
  'officeLocation',
  'accountEnabled',
].join(',');
/** A token is renewed this long before Graph says it expires, so a page never races it. */
const EARLY_MS = 60_000;

type GraphUser = Record<string, unknown> & { id?: unknown; '@removed'?: unknown };
interface GraphPage {
  value?: unknown;
  '@odata.nextLink'?: unknown;
  '@odata.deltaLink'?: unknown;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** One Graph user onto the neutral shape; null when the row has no id (a malformed page). */
export function graphPerson(u: GraphUser): DirectoryPerson | null {
  const id = str(u.id);
  if (!id) return null;
  const display = str(u.displayName) ?? '';
  const [first = '', ...rest] = display.split(/\s+/);
  const phones = Array.isArray(u.businessPhones) ? u.businessPhones : [];
  const fields: DirectoryPerson['fields'] = {};
  for (const [k, v] of Object.entries(u))
    if (!k.startsWith('@') && (v === null || ['string', 'number', 'boolean'].includes(typeof v)))
      fields[k] = v as string | number | boolean | null;
  const groups = Array.isArray(u.memberOf) ? (u.memberOf as { id?: unknown }[]) : [];
  return {
    externalId: id,
    firstName: str(u.givenName) ?? first,
    lastName: str(u.surname) ?? rest.join(' '),
    email: (str(u.mail) ?? str(u.userPrincipalName))?.toLowerCase() ?? null,
    phone: str(u.mobilePhone) ?? str(phones[0]),
    groupIds: groups.map((g) => str(g.id)).filter((g): g is string => g !== null),
    active: u.accountEnabled !== false,
    fields,
  };
}

export function microsoftGraphClient(
  credentials: Extract<DirectoryCredentials, { kind: 'azureAD' }>,
  options: DirectoryClientOptions,
): DirectoryClient {
  const base = (options.baseUrl ?? GRAPH_BASE_URL).replace(/\/$/, '');
  const authBase = (options.authUrl ?? GRAPH_AUTH_URL).replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  let token: { value: string; expiresAt: number } | null = null;

  async function send(url: string, init: OutboundInit = {}): Promise<Response> {
    // One more try when a kept-alive connection was closed under us (the server's idle timeout
    // can pass while a long page is written); a second failure, a timeout or a refused address
    // is the directory's, with one message whatever it was.
    for (let attempt = 0; ; attempt++) {
      try {
        return await outboundFetch(url, init, { timeoutMs });
      } catch (error) {
        if (!(error instanceof OutboundError)) throw error;
        if (attempt === 0 && error.reason === 'unreachable') continue;
        throw new DirectoryError('unavailable', 'Microsoft Graph could not be reached');
      }
    }
  }
  /** Graph's own links (nextLink, deltaLink, a stored cursor) carry the token: Graph's host only. */
  const onGraph = (link: string) => sameOrigin(link, base, 'Microsoft Graph');

  async function fetchToken(): Promise<string> {
    const url = `${authBase}/${encodeURIComponent(credentials.tenantId)}/oauth2/v2.0/token`;
    const res = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      // After the consent flow (oauth-flow.ts) the delegated refresh token is used, else app-only.
      body: new URLSearchParams({
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        ...(credentials.refreshToken
          ? { grant_type: 'refresh_token', refresh_token: credentials.refreshToken, scope: GRAPH_DELEGATED_SCOPE }
          : { grant_type: 'client_credentials', scope: 'https://graph.microsoft.com/.default' }),
      }),
    });
    if (res.status === 400 || res.status === 401 || res.status === 403)
      throw new DirectoryError('auth', 'Microsoft Entra ID refused the tenant id, client id or secret', res.status);
    if (!res.ok) throw new DirectoryError('unavailable', `token endpoint answered ${res.status}`, res.status);
    const body = (await res.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
      refresh_token?: unknown;
    } | null;
    const value = str(body?.access_token);
    if (!value) throw new DirectoryError('malformed', 'token endpoint sent no access_token');
    const obtainedAt = new Date();
    token = { value, expiresAt: obtainedAt.getTime() + Number(body?.expires_in ?? 3600) * 1000 - EARLY_MS };
    // Microsoft rotates refresh tokens: the new one replaces the stored one.
    if (credentials.refreshToken)
      credentials = { ...credentials, refreshToken: str(body?.refresh_token) ?? credentials.refreshToken };
    await options.onTokens?.({ accessToken: value, refreshToken: credentials.refreshToken ?? null, obtainedAt });
    return value;
  }

  async function get(url: string): Promise<GraphPage> {
    const current = token && token.expiresAt > Date.now() ? token.value : await fetchToken();
    let res = await send(url, { headers: { authorization: `Bearer ${current}`, accept: 'application/json' } });
    if (res.status === 401) {
      // Revoked or expired early: one new token, then the directory's answer stands.
      res = await send(url, { headers: { authorization: `Bearer ${await fetchToken()}`, accept: 'application/json' } });
      if (res.status === 401) throw new DirectoryError('auth', 'Microsoft Graph refused a fresh token', 401);
    }
    if (res.status === 403) throw new DirectoryError('auth', 'the app lacks the User.Read.All permission', 403);
    if (!res.ok) throw new DirectoryError('unavailable', `Microsoft Graph answered ${res.status}`, res.status);
    const body = (await res.json().catch(() => null)) as GraphPage | null;
    if (!body || !Array.isArray(body.value)) throw new DirectoryError('malformed', `no value array at ${url}`);
    return body;
  }

  const next = (p: GraphPage) => {
    const link = str(p['@odata.nextLink']);
    return link && onGraph(link);
  };
  const people = (p: GraphPage, from: string): DirectoryPerson[] =>
    (p.value as GraphUser[]).map((u, i) => {
      const person = graphPerson(u);
      if (!person) throw new DirectoryError('malformed', `row ${i + 1} has no id (${from})`);
      return person;
    });

  return {
    kind: 'azureAD',
    async listPeople(pageToken): Promise<DirectoryPage<DirectoryPerson>> {
      const url = pageToken
        ? onGraph(pageToken)
        : `${base}/users?$select=${SELECT}&$top=${PAGE_SIZE}&$expand=memberOf($select=id)`;
      const page = await get(url);
      return { items: people(page, url), next: next(page) };
    },
    async listGroups(pageToken): Promise<DirectoryPage<DirectoryGroup>> {
      const url = pageToken ? onGraph(pageToken) : `${base}/groups?$select=id,displayName&$top=${PAGE_SIZE}`;
      const page = await get(url);
      const items = (page.value as Record<string, unknown>[]).map((g) => ({
        externalId: str(g.id) ?? '',
        name: str(g.displayName) ?? '',
      }));
      if (items.some((g) => !g.externalId)) throw new DirectoryError('malformed', `a group has no id (${url})`);
      return { items, next: next(page) };
    },
    async changesSince(cursor, pageToken): Promise<DirectoryChanges> {
      const link = pageToken ?? cursor;
      const url = link ? onGraph(link) : `${base}/users/delta?$select=${SELECT}`;
      const page = await get(url);
      const rows = page.value as GraphUser[];
      const removedIds = rows.filter((u) => u['@removed'] !== undefined).map((u) => str(u.id) ?? '');
      if (removedIds.some((id) => !id)) throw new DirectoryError('malformed', `a removed row has no id (${url})`);
      const upserts = people({ value: rows.filter((u) => u['@removed'] === undefined) }, url);
      const more = next(page);
      const deltaLink = str(page['@odata.deltaLink']);
      const delta = deltaLink && onGraph(deltaLink);
      if (!more && !delta) throw new DirectoryError('malformed', `delta page without nextLink or deltaLink (${url})`);
      return { upserts, removedIds, next: more, cursor: more ? null : delta };
    },
    /** Write-back: the person's latest register mark, `<code> <date> <session>`, into
     *  an Exchange custom attribute with PATCH /users/{id} (Graph answers 204); marks come oldest
     *  first, so the last one stays. Needs User.ReadWrite.All and a cloud-only user. */
    async writeBack(records: WriteBackRecord[]): Promise<void> {
      for (const r of records) {
        const url = `${base}/users/${encodeURIComponent(r.externalId)}`;
        const mark = [r.code, r.date, r.session].filter(Boolean).join(' ');
        const body = JSON.stringify({ onPremisesExtensionAttributes: { [GRAPH_WRITE_BACK_ATTRIBUTE]: mark } });
        const patch = (t: string) =>
          send(url, {
            method: 'PATCH',
            headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
            body,
          });
        let res = await patch(token && token.expiresAt > Date.now() ? token.value : await fetchToken());
        if (res.status === 401) res = await patch(await fetchToken());
        if (res.status === 401 || res.status === 403)
          throw new DirectoryError('auth', 'Microsoft Graph refused the write (User.ReadWrite.All)', res.status);
        if (res.status === 400 || res.status === 404)
          throw new DirectoryError('malformed', `Microsoft Graph refused the mark of ${r.externalId}`, res.status);
        if (!res.ok) throw new DirectoryError('unavailable', `Microsoft Graph answered ${res.status}`, res.status);
      }
    },
  };
}
