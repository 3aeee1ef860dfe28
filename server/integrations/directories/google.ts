// Google Workspace through the Admin SDK Directory API: users.list pages (`pageToken` /
// `nextPageToken`) and org units as groups (a user carries exactly one `orgUnitPath`, so people
// map onto org units, not onto Google Groups whose members the user resource does not list).
// An expired access token is refreshed once with the OAuth refresh-token grant.
import * as v from 'valibot';
import {
  DirectoryError,
  directoryFetch,
  directoryJson,
  type DirectoryClient,
  type DirectoryClientOptions,
  type DirectoryCredentials,
  type DirectoryGroup,
  type DirectoryPage,
  type DirectoryPerson,
} from './directory-client';

const GOOGLE_API = 'https://admin.googleapis.com';
const GOOGLE_AUTH = 'https://oauth2.googleapis.com';
/** users.list accepts at most 500 per page. */
const PAGE_SIZE = 500;

const googleUser = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  primaryEmail: v.nullish(v.string()),
  name: v.nullish(v.object({ givenName: v.nullish(v.string()), familyName: v.nullish(v.string()) })),
  phones: v.nullish(
    v.array(v.object({ value: v.nullish(v.string()), type: v.nullish(v.string()), primary: v.nullish(v.boolean()) })),
  ),
  orgUnitPath: v.nullish(v.string()),
  suspended: v.nullish(v.boolean()),
  archived: v.nullish(v.boolean()),
  organizations: v.nullish(
    v.array(
      v.object({
        department: v.nullish(v.string()),
        title: v.nullish(v.string()),
        costCenter: v.nullish(v.string()),
        primary: v.nullish(v.boolean()),
      }),
    ),
  ),
  externalIds: v.nullish(v.array(v.object({ value: v.nullish(v.string()), type: v.nullish(v.string()) }))),
});
const usersPage = v.object({ users: v.optional(v.array(v.unknown()), []), nextPageToken: v.nullish(v.string()) });
const orgUnitsPage = v.object({
  organizationUnits: v.optional(
    v.array(v.object({ orgUnitPath: v.pipe(v.string(), v.minLength(1)), name: v.nullish(v.string()) })),
    [],
  ),
});
const tokenAnswer = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  refresh_token: v.nullish(v.string()),
});

type GoogleUser = v.InferOutput<typeof googleUser>;

function toPerson(user: GoogleUser): DirectoryPerson {
  const phones = user.phones ?? [];
  const phone = (phones.find((p) => p.primary) ?? phones[0])?.value ?? null;
  const org = (user.organizations ?? []).find((o) => o.primary) ?? user.organizations?.[0];
  return {
    externalId: user.id,
    firstName: user.name?.givenName ?? '',
    lastName: user.name?.familyName ?? '',
    email: user.primaryEmail ?? null,
    phone,
    groupIds: user.orgUnitPath ? [user.orgUnitPath] : [],
    active: !user.suspended && !user.archived,
    fields: {
      primaryEmail: user.primaryEmail ?? null,
      orgUnitPath: user.orgUnitPath ?? null,
      department: org?.department ?? null,
      title: org?.title ?? null,
      costCenter: org?.costCenter ?? null,
      employeeId: user.externalIds?.find((e) => e.type === 'organization')?.value ?? null,
      suspended: user.suspended ?? false,
    },
  };
}

export function googleDirectoryClient(
  credentials: Extract<DirectoryCredentials, { kind: 'googleAD' }>,
  options: DirectoryClientOptions,
): DirectoryClient {
  const base = (options.baseUrl ?? GOOGLE_API).replace(/\/$/, '');
  const authBase = (options.authUrl ?? GOOGLE_AUTH).replace(/\/$/, '');
  let accessToken = credentials.accessToken;
  let refreshToken = credentials.refreshToken;

  async function refresh(): Promise<void> {
    if (!refreshToken) throw new DirectoryError('auth', 'Google rejected the token and there is no refresh token', 401);
    const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken });
    if (credentials.clientId) body.set('client_id', credentials.clientId);
    if (credentials.clientSecret) body.set('client_secret', credentials.clientSecret);
    const response = await directoryFetch(
      `${authBase}/token`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body },
      options.timeoutMs,
    );
    // invalid_grant (revoked or expired refresh token) answers 400: the admin must consent again.
    if (response.status === 400 || response.status === 401) {
      throw new DirectoryError('auth', `Google token refresh refused: ${response.status}`, response.status);
    }
    const parsed = v.safeParse(tokenAnswer, await directoryJson(response, 'Google token refresh'));
    if (!parsed.success) throw new DirectoryError('malformed', 'Google token refresh: no access_token');
    accessToken = parsed.output.access_token;
    // Google usually keeps the refresh token; it sends a new one only when it rotates it.
    refreshToken = parsed.output.refresh_token ?? refreshToken;
    await options.onTokens?.({ accessToken, refreshToken, obtainedAt: new Date() });
  }

  async function get(path: string, params: Record<string, string>, what: string): Promise<unknown> {
    const url = `${base}${path}?${new URLSearchParams(params)}`;
    const send = () =>
      directoryFetch(
        url,
        { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
        options.timeoutMs,
      );
    let response = await send();
    if (response.status === 401) {
      await refresh();
      response = await send();
    }
    // Google answers 403 for spent quotas too: those pass, so they are a retry, not bad credentials.
    if (response.status === 403 && /rateLimitExceeded|quotaExceeded/i.test(await response.clone().text())) {
      throw new DirectoryError('unavailable', `${what}: Google rate limit`, 403);
    }
    return directoryJson(response, what);
  }

  return {
    kind: 'googleAD',
    async listPeople(pageToken): Promise<DirectoryPage<DirectoryPerson>> {
      const params: Record<string, string> = {
        customer: 'my_customer',
        maxResults: String(PAGE_SIZE),
        projection: 'full',
        orderBy: 'email',
      };
      if (pageToken) params.pageToken = pageToken;
      const page = v.safeParse(usersPage, await get('/admin/directory/v1/users', params, 'Google users'));
      if (!page.success) throw new DirectoryError('malformed', 'Google users: the page has no users list');
      const items = page.output.users.map((raw, index) => {
        const user = v.safeParse(googleUser, raw);
        if (!user.success) throw new DirectoryError('malformed', `Google users: row ${index + 1} has no id`);
        return toPerson(user.output);
      });
      return { items, next: page.output.nextPageToken || null };
    },
    async listGroups(): Promise<DirectoryPage<DirectoryGroup>> {
      // orgunits.list is not paged: one answer holds the whole tree.
      const raw = await get('/admin/directory/v1/customer/my_customer/orgunits', { type: 'all' }, 'Google org units');
      const page = v.safeParse(orgUnitsPage, raw);
      if (!page.success) throw new DirectoryError('malformed', 'Google org units: unreadable page');
      const units = [{ externalId: '/', name: '/' }].concat(
        page.output.organizationUnits.map((u) => ({ externalId: u.orgUnitPath, name: u.name ?? u.orgUnitPath })),
      );
      return { items: units, next: null };
    },
  };
}
