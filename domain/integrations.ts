// Directory integrations (spec 1 §3 Integration, §4 statuses and sync status ids,
// §5 validation): the shapes on the wire, the valibot schemas both ends check, and the rules
// for what a sync status id means and when a frequency is due.
import * as v from 'valibot';

export const INTEGRATION_KINDS = ['azureAD', 'googleAD', 'paxton', 'wonde'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

export const INTEGRATION_STATUSES = [
  'draft',
  'active',
  'active with errors',
  'authentication failed',
  'inactive',
  'invalid',
] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

export const SYNC_FREQUENCIES = ['daily', 'weekly', 'monthly', 'immediately'] as const;
export type SyncFrequency = (typeof SYNC_FREQUENCIES)[number];

/** Directory sync status ids (spec 1 §4; DESIGN ruling 7 for 7). What each id means here:
 *  0 queued, 1 reading the directory, 11 reading groups, 2 writing people, 6 archiving people
 *  the directory removed; 3 done, 15 done with duplicates or rows to check; 4 directory
 *  unavailable, 5 a page could not be read, 8 stopped unexpectedly; 7 migration failed;
 *  9 the directory refused the credentials, 10 a fresh token was refused mid-sync. */
export const SYNC_STATUS = {
  queued: 0,
  reading: 1,
  groups: 11,
  writing: 2,
  archiving: 6,
  done: 3,
  doneWithDuplicates: 15,
  unavailable: 4,
  malformed: 5,
  migrationFailed: 7,
  stopped: 8,
  credentialsRefused: 9,
  tokenRefused: 10,
} as const;

export type SyncPhase = 'processing' | 'done' | 'failed' | 'retry-migration' | 'auth-failed';

/** What the status page does with an id (spec 1 §4): keep polling, done, Retry, re-authenticate. */
export function syncPhase(id: number): SyncPhase {
  if ([0, 1, 11, 2, 6].includes(id)) return 'processing';
  if (id === 3 || id === 15) return 'done';
  if (id === 7) return 'retry-migration';
  if (id === 9 || id === 10) return 'auth-failed';
  return 'failed';
}

/** Poll interval in ms: 5 s for the first sync, 1 s while people are written (user migration). */
export function pollInterval(id: number, firstSync: boolean): number {
  if (id === SYNC_STATUS.writing || id === SYNC_STATUS.archiving) return 1000;
  return firstSync ? 5000 : 3000;
}

const DAY = 86_400_000;
/** When an automatic sync is next due after one that started at `last` ('immediately' is a
 *  delta every 5 minutes). */
export function nextSyncAt(frequency: SyncFrequency, last: number): number {
  if (frequency === 'immediately') return last + 5 * 60_000;
  if (frequency === 'daily') return last + DAY;
  if (frequency === 'weekly') return last + 7 * DAY;
  const d = new Date(last);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes());
}

/** Gatehouse fields a directory field may fill; custom fields are `custom:<id>`. */
export const MAPPABLE_FIELDS = ['fullName', 'email', 'phone'] as const;

const text = (max: number) =>
  v.pipe(v.string('validation.required'), v.trim(), v.maxLength(max, 'validation.too_long'));
const uuid = v.pipe(v.string('validation.uuid'), v.uuid('validation.uuid'));

export const azureCredentials = v.object({
  kind: v.literal('azureAD'),
  tenantId: v.pipe(text(100), v.nonEmpty('validation.required')),
  clientId: v.pipe(text(100), v.nonEmpty('validation.required')),
  /** Empty on update keeps the stored secret (the API never sends it back). */
  clientSecret: text(500),
});

/** Google Workspace: the token comes from the consent flow (/googleAD/auth/…), never typed. */
export const googleCredentials = v.object({ kind: v.literal('googleAD') });
export const paxtonCredentials = v.object({
  kind: v.literal('paxton'),
  username: v.pipe(text(100), v.nonEmpty('validation.required')),
  /** Empty on update keeps the stored password. */
  password: text(200),
  clientId: v.pipe(text(100), v.nonEmpty('validation.required')),
  serverUrl: v.pipe(text(300), v.nonEmpty('validation.required'), v.url('integrationSettings.validation.url')),
});
export const wondeCredentials = v.object({
  kind: v.literal('wonde'),
  schoolId: v.pipe(text(50), v.nonEmpty('validation.required')),
  /** Empty on update keeps the stored token. */
  token: text(500),
});
export const credentialsInput = v.variant('kind', [
  azureCredentials,
  googleCredentials,
  paxtonCredentials,
  wondeCredentials,
]);
/** The secret each kind takes on create and keeps when left empty on update. */
export const SECRET_FIELD = { azureAD: 'clientSecret', paxton: 'password', wonde: 'token', googleAD: null } as const;

/** What the API sends back: the kind's plain fields, secrets empty, and whether a consent
 *  flow (Google, Microsoft) has stored tokens, with the account that consented. */
export type CredentialsWire =
  | { kind: 'azureAD'; tenantId: string; clientId: string; clientSecret: '' }
  | { kind: 'googleAD' }
  | { kind: 'paxton'; username: string; password: ''; clientId: string; serverUrl: string }
  | { kind: 'wonde'; schoolId: string; token: '' };

export const integrationInput = v.pipe(
  v.object({
    name: v.pipe(text(50), v.nonEmpty('integrations.validation.name_required')),
    credentials: credentialsInput,
    frequency: v.picklist(SYNC_FREQUENCIES, 'validation.required'),
    mapping: v.record(
      v.pipe(v.string(), v.regex(/^(fullName|email|phone|custom:[0-9a-f-]{36})$/, 'integrations.validation.mapping')),
      v.pipe(v.string(), v.maxLength(100, 'validation.too_long')),
    ),
    sites: v.array(uuid),
    groups: v.array(v.pipe(v.string(), v.maxLength(200, 'validation.too_long'))),
    fields: v.array(v.pipe(v.string(), v.maxLength(100, 'validation.too_long'))),
    user_type_id: v.nullable(uuid),
  }),
  v.forward(
    v.check((i) => i.sites.length + i.groups.length + i.fields.length > 0, 'integrations.validation.selectAtLeastOne'),
    ['sites'],
  ),
);
export type IntegrationInput = v.InferOutput<typeof integrationInput>;

/** "Test connection": the credentials as typed (a saved integration may send none: the stored ones). */
export const connectionTestInput = v.object({ credentials: v.optional(credentialsInput) });
export const newConnectionTestInput = v.object({ credentials: credentialsInput });

export const duplicateResolution = v.object({
  external_id: v.pipe(
    v.string('validation.required'),
    v.minLength(1, 'validation.required'),
    v.maxLength(200, 'validation.too_long'),
  ),
  action: v.picklist(['link', 'create'], 'validation.required'),
});

export interface IntegrationWire {
  id: string;
  kind: IntegrationKind;
  name: string;
  status: IntegrationStatus;
  frequency: SyncFrequency;
  auto_sync: boolean;
  credentials: CredentialsWire;
  /** A consent flow stored tokens (Google, Microsoft), and for which account. */
  connected: boolean;
  connected_account: string | null;
  mapping: Record<string, string>;
  sites: string[];
  groups: string[];
  fields: string[];
  user_type_id: string | null;
  last_sync_at: string | null;
  next_sync_at: string | null;
}

export interface SyncRunWire {
  id: string;
  status_id: number;
  full: boolean;
  created: number;
  updated: number;
  archived: number;
  duplicates: number;
  errors: number;
  message: string | null;
  started_at: string;
  finished_at: string | null;
}

/** The three sealed segments of /googleAD/auth/… (and /azureAD/auth/…) the dashboard posts back
 *  so the consent's tokens are stored under the signed-in admin (server/integrations/oauth-consent.ts). */
export const oauthCompletion = v.object({
  access_token: v.pipe(v.string('validation.required'), v.minLength(1, 'validation.required'), v.maxLength(12_000)),
  refresh_token: v.pipe(v.string('validation.required'), v.minLength(1, 'validation.required'), v.maxLength(12_000)),
  encrypted_email: v.pipe(v.string('validation.required'), v.minLength(1, 'validation.required'), v.maxLength(2000)),
});
