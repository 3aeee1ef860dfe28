// Roles, users and their session tables. Tenant tables: primary key (entity_id, id), every
// unique constraint and foreign key includes entity_id, so a row can never point across tenants.
import {
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
import { sql } from 'drizzle-orm';
import type { PermissionMap } from '../../../domain/permissions';
import { entities } from './entities';
import { userTypes } from './journeys';

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const roles = pgTable(
  'roles',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    permissions: jsonb('permissions').$type<PermissionMap>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id] }), unique('roles_entity_name_unique').on(t.entityId, t.name)],
);

export const users = pgTable(
  'users',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    // Stored lower-cased so the unique constraint is case-insensitive.
    email: text('email').notNull(),
    phone: text('phone'),
    countryCode: text('country_code'),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash'),
    roleId: uuid('role_id').notNull(),
    userTypeId: uuid('user_type_id'),
    lang: text('lang').notNull().default('en'),
    image: text('image'),
    archived: boolean('archived').notNull().default(false),
    isOtpEnabled: boolean('is_otp_enabled').notNull().default(false),
    passportId: text('passport_id'),
    dashboardAccess: boolean('dashboard_access').notNull().default(false),
    /** Platform staff (the Gatehouse tech team): set only by the platform's seed
     * or an operator, never by a company route and never derived from the e-mail. */
    platformStaff: boolean('platform_staff').notNull().default(false),
    /** When dashboard access was last revoked: while set, no login, link or token
     * of this person opens a session. An invitation clears it. */
    dashboardRevokedAt: at('dashboard_revoked_at'),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    /** The person's custom-field values (spec 1 §3 value payload: custom_field_id, type, value),
     * filled by a directory integration's mapping; synced on the `people` row. */
    customFields: jsonb('custom_fields')
      .$type<Array<{ custom_field_id: string; type: string; value: string | number }>>()
      .notNull()
      .default([]),
    version: integer('version').notNull().default(1),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('users_entity_email_unique').on(t.entityId, t.email),
    unique('users_entity_phone_unique').on(t.entityId, t.phone),
    unique('users_entity_passport_unique').on(t.entityId, t.passportId),
    foreignKey({ name: 'users_role_fk', columns: [t.entityId, t.roleId], foreignColumns: [roles.entityId, roles.id] }),
    foreignKey({
      name: 'users_user_type_fk',
      columns: [t.entityId, t.userTypeId],
      foreignColumns: [userTypes.entityId, userTypes.id],
    }),
    index('users_email_idx').on(t.email),
    // The users grid pages by name within a company (50,000 users).
    index('users_entity_name_idx').on(t.entityId, t.fullName, t.id),
    // Substring search of name, email and phone (pg_trgm; the expression matches people.repo's search).
    index('users_search_trgm_idx').using(
      'gin',
      sql`(full_name || ' ' || email || ' ' || coalesce(phone, '')) gin_trgm_ops`,
    ),
    // Likely duplicates by name (pg_trgm similarity; server/duplicates/duplicates.repo.ts).
    index('users_name_trgm_idx').using('gin', sql`lower(full_name) gin_trgm_ops`),
    // The history report sorted by name walks people in this order.
    index('users_entity_lower_name_idx').on(t.entityId, sql`lower(${t.fullName})`),
    // Counts of a filtered users page as an index-only scan.
    index('users_entity_archived_type_idx').on(t.entityId, t.archived, t.userTypeId),
  ],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    // sha256 (hex) of the random token; the token itself is never stored.
    tokenHash: text('token_hash').primaryKey(),
    entityId: entityId(),
    userId: uuid('user_id').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'auth_tokens_user_fk',
      columns: [t.entityId, t.userId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
    index('auth_tokens_user_idx').on(t.entityId, t.userId),
  ],
);

// Failed logins per account key (the lower-cased email), shared by every server instance.
// Not tenant-scoped: an unknown email has no entity, and it must be limited all the same.
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey(),
    accountKey: text('account_key').notNull(),
    ip: text('ip'),
    attemptedAt: at('attempted_at').notNull(),
  },
  (t) => [index('login_attempts_key_time_idx').on(t.accountKey, t.attemptedAt)],
);
