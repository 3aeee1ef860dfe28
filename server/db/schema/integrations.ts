// Directory integrations: the integration (credentials sealed with INTEGRATION_KEY),
// its sync runs (status id, counts, and the page token a resumed run carries on from), its log,
// the link person ↔ directory id, and the duplicate candidates a run found by email.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { IntegrationKind, IntegrationStatus, SyncFrequency } from '../../../domain/integrations';
import { entities } from './entities';
import { users } from './people';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });

export const integrations = pgTable(
  'integrations',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    kind: text('kind').$type<IntegrationKind>().notNull(),
    name: text('name').notNull(),
    status: text('status').$type<IntegrationStatus>().notNull(),
    frequency: text('frequency').$type<SyncFrequency>().notNull(),
    /** Off after deactivate: the schedule skips it, a manual sync still runs. */
    autoSync: boolean('auto_sync').notNull().default(true),
    /** AES-256-GCM sealed JSON of DirectoryCredentials (+ tokens), never sent back. */
    credentials: text('credentials').notNull(),
    tokenObtainedAt: at('token_obtained_at'),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    sites: jsonb('sites').$type<string[]>().notNull(),
    groups: jsonb('groups').$type<string[]>().notNull(),
    fields: jsonb('fields').$type<string[]>().notNull(),
    userTypeId: uuid('user_type_id'),
    /** The directory's change cursor after the last completed sync (Graph deltaLink). */
    deltaCursor: text('delta_cursor'),
    lastSyncAt: at('last_sync_at'),
    nextSyncAt: at('next_sync_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id] }), index('integrations_due_idx').on(t.nextSyncAt)],
);

export const integrationSyncRuns = pgTable(
  'integration_sync_runs',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    statusId: integer('status_id').notNull(),
    /** A full read (first sync, or a directory without a change feed) rather than a delta. */
    full: boolean('full').notNull(),
    /** The page to read next; a run resumed after a crash or Retry starts here. */
    pageToken: text('page_token'),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    archived: integer('archived').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    message: text('message'),
    leaseUntil: bigint('lease_until', { mode: 'number' }),
    startedAt: at('started_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      name: 'integration_sync_runs_integration_fk',
      columns: [t.entityId, t.integrationId],
      foreignColumns: [integrations.entityId, integrations.id],
    }).onDelete('cascade'),
    index('integration_sync_runs_latest_idx').on(t.entityId, t.integrationId, t.startedAt),
  ],
);

export const integrationLogs = pgTable(
  'integration_logs',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    runId: uuid('run_id'),
    level: text('level').$type<'info' | 'warning' | 'error'>().notNull(),
    /** An i18n key under integrations.log, with its parameters. */
    code: text('code').notNull(),
    params: jsonb('params')
      .$type<Record<string, string | number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    at: at('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      name: 'integration_logs_integration_fk',
      columns: [t.entityId, t.integrationId],
      foreignColumns: [integrations.entityId, integrations.id],
    }).onDelete('cascade'),
    index('integration_logs_integration_idx').on(t.entityId, t.integrationId, t.at),
  ],
);

/** Which person a directory id is, per integration; the sync only ever updates through this. */
export const integrationPeople = pgTable(
  'integration_people',
  {
    entityId: entityId(),
    integrationId: uuid('integration_id').notNull(),
    externalId: text('external_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** Set when the directory removed the person and the sync archived them. */
    removedAt: at('removed_at'),
    /** What the directory says the person is (Wonde: 'student' or 'employee'; null when it
     * does not say): Wonde's register takes pupils' marks only, so write-back leaves staff out. */
    directoryType: text('directory_type'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.integrationId, t.externalId] }),
    unique('integration_people_user_unique').on(t.entityId, t.integrationId, t.userId),
    foreignKey({
      name: 'integration_people_integration_fk',
      columns: [t.entityId, t.integrationId],
      foreignColumns: [integrations.entityId, integrations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'integration_people_user_fk',
      columns: [t.entityId, t.userId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
  ],
);

/** A directory person whose email already belongs to someone here: reported, never merged. */
export const integrationDuplicates = pgTable(
  'integration_duplicates',
  {
    entityId: entityId(),
    integrationId: uuid('integration_id').notNull(),
    externalId: text('external_id').notNull(),
    userId: uuid('user_id').notNull(),
    runId: uuid('run_id').notNull(),
    /** `match`: what made it look like someone here — the same email (link only) or the same name. */
    data: jsonb('data')
      .$type<{
        fullName: string;
        email: string;
        phone: string | null;
        match?: 'email' | 'name';
        /** Mapped custom-field values, written when the duplicate is linked or created. */
        custom?: { fieldIds: string[]; entries: { custom_field_id: string; type: string; value: string | number }[] };
      }>()
      .notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.integrationId, t.externalId] }),
    foreignKey({
      name: 'integration_duplicates_integration_fk',
      columns: [t.entityId, t.integrationId],
      foreignColumns: [integrations.entityId, integrations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'integration_duplicates_user_fk',
      columns: [t.entityId, t.userId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
  ],
);
