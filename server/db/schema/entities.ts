// The company (tenant) table. Not tenant-scoped itself: its id is the entity_id of every other table.
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PackageType } from '../../../domain/constants';

export const entities = pgTable('entities', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  subdomain: text('subdomain').notNull().unique('entities_subdomain_unique'),
  logo: text('logo'),
  package: text('package').$type<PackageType>(),
  plan: integer('plan').notNull().default(1),
  subscription: text('subscription').$type<'cloud' | 'standalone'>().notNull().default('cloud'),
  // No FK to users: the owner row is created after the entity (and both are tenant-scoped).
  ownerId: uuid('owner_id'),
  apiTokenHash: text('api_token_hash'),
  twoStep: boolean('two_step').notNull().default(false),
  otpRoles: jsonb('otp_roles').$type<string[]>().notNull().default([]),
  copyright: text('copyright').notNull().default(''),
  // Company details: when the integration token was generated (it is shown only then),
  // and the version a second admin's save must match (a stale save is a conflict, never an overwrite).
  apiTokenAt: timestamp('api_token_at', { withTimezone: true, mode: 'date' }),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});
