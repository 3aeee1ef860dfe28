// Paxton Net2 through its local REST API (the Net2 server's own web API): an operator's
// username/password and the integration's client id buy a bearer token at
// /api/v1/authorization/tokens; users come page by page, departments are the groups.
// Net2 takes no attendance, so there is no write-back; it has no change feed either.
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

const PAGE_SIZE = 500;

const idValue = v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.minLength(1))]);
/** Net2 answers PascalCase on some versions and camelCase on others: read either. */
const department = v.pipe(
  v.object({
    id: v.optional(idValue),
    Id: v.optional(idValue),
    name: v.nullish(v.string()),
    Name: v.nullish(v.string()),
  }),
  v.transform((d) => ({ id: d.id ?? d.Id, name: d.name ?? d.Name ?? '' })),
  v.check((d) => d.id !== undefined),
);
const net2User = v.object({
  id: idValue,
  firstName: v.nullish(v.string()),
  middleName: v.nullish(v.string()),
  lastName: v.nullish(v.string()),
  expiryDate: v.nullish(v.string()),
  activateDate: v.nullish(v.string()),
  telephone: v.nullish(v.string()),
  extension: v.nullish(v.string()),
  department: v.nullish(v.union([department, v.array(department)])),
  customFields: v.nullish(v.array(v.object({ id: idValue, value: v.nullish(v.string()) }))),
});
const tokenAnswer = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  refresh_token: v.nullish(v.string()),
});

/** Page position; `first` is the first id of the page just read, so a server that ignores the
 *  page parameter (and answers page 1 again) ends the read instead of looping. */
interface Position {
  page: number;
  first: string | null;
}

function readPosition(token: string): Position {
  try {
    return JSON.parse(token) as Position;
  } catch {
    throw new DirectoryError('malformed', 'Net2: unreadable page token');
  }
}

export function paxtonClient(
  credentials: Extract<DirectoryCredentials, { kind: 'paxton' }>,
  options: DirectoryClientOptions,
  now: () => Date = () => new Date(),
): DirectoryClient {
  const base = (options.baseUrl ?? credentials.serverUrl).replace(/\/$/, '');
  let accessToken: string | null = null;
  let refreshToken: string | null = null;

  async function token(grant: Record<string, string>): Promise<boolean> {
    const response = await directoryFetch(
      `${base}/api/v1/authorization/tokens`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ ...grant, client_id: credentials.clientId }),
      },
      options.timeoutMs,
    );
    if (response.status === 400 || response.status === 401 || response.status === 403) return false;
    const parsed = v.safeParse(tokenAnswer, await directoryJson(response, 'Net2 token'));
    if (!parsed.success) throw new DirectoryError('malformed', 'Net2 token: no access_token');
    accessToken = parsed.output.access_token;
    refreshToken = parsed.output.refresh_token ?? null;
    return true;
  }

  /** A refresh token first (cheaper, no password on the wire), then the operator's password. */
  async function authorise(): Promise<void> {
    if (refreshToken && (await token({ grant_type: 'refresh_token', refresh_token: refreshToken }))) return;
    const { username, password } = credentials;
    const ok = await token({ grant_type: 'password', username, password, scope: 'offline_access' });
    if (!ok) throw new DirectoryError('auth', 'Net2 refused the operator name, password or client id', 401);
  }

  async function get(path: string, what: string): Promise<unknown> {
    if (!accessToken) await authorise();
    const send = () =>
      directoryFetch(
        `${base}${path}`,
        { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
        options.timeoutMs,
      );
    let response = await send();
    if (response.status === 401) {
      await authorise();
      response = await send();
    }
    return directoryJson(response, what);
  }

  function toPerson(raw: unknown, index: number): DirectoryPerson {
    const parsed = v.safeParse(net2User, raw);
    if (!parsed.success) throw new DirectoryError('malformed', `Net2 users: row ${index + 1} has no id`);
    const u = parsed.output;
    const departments = u.department == null ? [] : Array.isArray(u.department) ? u.department : [u.department];
    const expiry = u.expiryDate ? new Date(u.expiryDate) : null;
    const fields: DirectoryPerson['fields'] = {
      middleName: u.middleName ?? null,
      telephone: u.telephone ?? null,
      extension: u.extension ?? null,
      department: departments[0]?.name ?? null,
      activateDate: u.activateDate ?? null,
      expiryDate: u.expiryDate ?? null,
    };
    for (const f of u.customFields ?? []) fields[`customField${f.id}`] = f.value ?? null;
    return {
      externalId: String(u.id),
      firstName: u.firstName ?? '',
      lastName: u.lastName ?? '',
      email: null,
      phone: u.telephone || null,
      groupIds: departments.map((d) => String(d.id)),
      // Net2 keeps leavers as users whose expiry date has passed.
      active: !(expiry && !Number.isNaN(expiry.getTime()) && expiry < now()),
      fields,
    };
  }

  return {
    kind: 'paxton',
    async listPeople(pageToken): Promise<DirectoryPage<DirectoryPerson>> {
      const at = pageToken ? readPosition(pageToken) : { page: 1, first: null };
      const raw = await get(`/api/v1/users?page=${at.page}&perPage=${PAGE_SIZE}`, 'Net2 users');
      if (!Array.isArray(raw)) throw new DirectoryError('malformed', 'Net2 users: the answer is not a list');
      const items = raw.map(toPerson);
      const first = items[0]?.externalId ?? null;
      // A server that ignores `page` answers the same page again: that read is over.
      if (at.first !== null && first === at.first) return { items: [], next: null };
      // The last page is short; a page longer than asked is the whole list, unpaged.
      const more = items.length === PAGE_SIZE;
      return { items, next: more ? JSON.stringify({ page: at.page + 1, first }) : null };
    },
    async listGroups(): Promise<DirectoryPage<DirectoryGroup>> {
      const raw = await get('/api/v1/departments', 'Net2 departments');
      if (!Array.isArray(raw)) throw new DirectoryError('malformed', 'Net2 departments: the answer is not a list');
      const items = raw.map((row, i) => {
        const d = v.safeParse(department, row);
        if (!d.success) throw new DirectoryError('malformed', `Net2 departments: row ${i + 1} has no id`);
        return { externalId: String(d.output.id), name: d.output.name };
      });
      return { items, next: null };
    },
  };
}
