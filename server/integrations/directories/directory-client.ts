// One small interface over the four directories (Microsoft Graph, Google Admin SDK Directory,
// Paxton Net2 local API, Wonde). The sync job only speaks this; each client maps its API's JSON
// shapes onto it, page by page, so a 5,000-person directory is never held in memory at once.
// Every client takes its base URL from its options, so tests point it at a local fake server.
import { OutboundError, outboundFetch, type OutboundInit } from '../../http/outbound';

export type DirectoryKind = 'googleAD' | 'azureAD' | 'paxton' | 'wonde';

/** A person as a directory describes them, mapped to neutral fields; `fields` keeps the
 *  directory's own attribute names (flattened, e.g. "department", "extension_x") for mapping. */
export interface DirectoryPerson {
  externalId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  /** Ids of the groups (Graph groups, Google org units, Paxton departments, Wonde classes). */
  groupIds: string[];
  /** False when the directory says the account is disabled/left. */
  active: boolean;
  fields: Record<string, string | number | boolean | null>;
}

export interface DirectoryGroup {
  externalId: string;
  name: string;
}

export interface DirectoryPage<T> {
  items: T[];
  /** Opaque token for the next page; null on the last page. */
  next: string | null;
}

/** Changes since a cursor, where the directory offers it (Graph delta, Wonde updated_after). */
export interface DirectoryChanges {
  upserts: DirectoryPerson[];
  removedIds: string[];
  /** Next page of this change set, or null when this was the last page. */
  next: string | null;
  /** Cursor to keep for the next change read; set on the last page only. */
  cursor: string | null;
}

/** What write-back sends to a directory: a person's attendance for a day, with the directory's
 *  own attendance code mapped from the Gatehouse attendance mode or reason. */
export interface WriteBackRecord {
  externalId: string;
  /** YYYY-MM-DD in the site's time zone. */
  date: string;
  /** AM/PM for directories that take sessions (Wonde); null otherwise. */
  session: 'AM' | 'PM' | null;
  code: string;
  comment: string | null;
  signedInAt: string | null;
  signedOutAt: string | null;
}

export interface DirectoryClient {
  readonly kind: DirectoryKind;
  listPeople(pageToken: string | null): Promise<DirectoryPage<DirectoryPerson>>;
  listGroups(pageToken: string | null): Promise<DirectoryPage<DirectoryGroup>>;
  /** Absent where the directory offers no change feed: the job then re-reads every page.
   *  `cursor` null starts a change feed (Graph: the initial delta round returns everyone). */
  changesSince?(cursor: string | null, pageToken: string | null): Promise<DirectoryChanges>;
  /** Absent where the directory takes no write-back. */
  writeBack?(records: WriteBackRecord[]): Promise<void>;
}

/** Why a directory call failed; the sync job maps it to the integration status and log. */
export type DirectoryFailure =
  | 'auth' // 401/403, bad or expired credentials that a refresh could not mend → authentication failed
  | 'unavailable' // 5xx, timeout, connection refused → failed with Retry
  | 'malformed'; // a page the client cannot read (bad JSON, missing ids) → failed, log says which

export class DirectoryError extends Error {
  constructor(
    readonly failure: DirectoryFailure,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'DirectoryError';
  }
}

/** Per-kind credentials, as the spec lists them (spec 1 §3 Integration). OAuth kinds also
 *  carry the tokens their consent flow returned. */
export type DirectoryCredentials =
  | {
      kind: 'googleAD';
      accessToken: string;
      refreshToken: string | null;
      clientId?: string;
      clientSecret?: string;
      /** The Google account that consented (server/integrations/oauth-flow.ts). */
      account?: string;
    }
  | {
      kind: 'azureAD';
      tenantId: string;
      clientId: string;
      clientSecret: string;
      /** Set by the Microsoft consent flow: delegated tokens, refreshed with the refresh-token grant. */
      accessToken?: string;
      refreshToken?: string | null;
      account?: string;
    }
  | { kind: 'paxton'; username: string; password: string; clientId: string; serverUrl: string }
  | { kind: 'wonde'; schoolId: string; token: string };

export interface DirectoryClientOptions {
  /** API base (Graph https://graph.microsoft.com/v1.0, Google https://admin.googleapis.com, …). */
  baseUrl?: string;
  /** Token endpoint base where the kind has one (login.microsoftonline.com, oauth2.googleapis.com). */
  authUrl?: string;
  /** Per request, ms. */
  timeoutMs?: number;
  /** Called when a refresh produced new tokens, so the integration stores them (encrypted). */
  onTokens?: (tokens: { accessToken: string; refreshToken: string | null; obtainedAt: Date }) => Promise<void>;
}

/** One directory request through the outbound guard (server/http/outbound.ts): refused
 *  addresses, timeouts and refused connections are all one 'unavailable' with one message,
 *  and a redirect is answered as it came (never followed with the credentials). */
export async function directoryFetch(url: string, init: OutboundInit, timeoutMs = 30_000): Promise<Response> {
  try {
    return await outboundFetch(url, init, { timeoutMs });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    throw new DirectoryError('unavailable', 'the directory could not be reached');
  }
}

/** A page link a directory sent (Graph's @odata.nextLink / deltaLink) is followed only on the
 *  API's own origin: the token it carries never goes anywhere else. */
export function sameOrigin(link: string, base: string, what: string): string {
  let origin: string | null = null;
  try {
    origin = new URL(link).origin;
  } catch {
    origin = null;
  }
  if (origin !== new URL(base).origin) throw new DirectoryError('malformed', `${what}: page link is elsewhere`);
  return link;
}

/** The body of a 2xx answer as JSON; anything else maps to the failure the sync job shows. */
export async function directoryJson(response: Response, what: string): Promise<unknown> {
  if (response.status === 401 || response.status === 403) {
    throw new DirectoryError('auth', `${what}: ${response.status}`, response.status);
  }
  if (!response.ok) throw new DirectoryError('unavailable', `${what}: ${response.status}`, response.status);
  try {
    return await response.json();
  } catch {
    throw new DirectoryError('malformed', `${what}: the answer is not JSON`, response.status);
  }
}
