// User types, journeys and journey flows (spec 1 §3).
import {
  check,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { RegistrationMethod } from '../../../domain/journey';
import type { LocalizedText } from '../../../domain/localized-text';
import { entities } from './entities';

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });

export const userTypes = pgTable(
  'user_types',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    registrationMethod: text('registration_method').$type<RegistrationMethod>().notNull(),
    gracePeriodMinutes: integer('grace_period_minutes').notNull().default(30),
    profilePhoto: text('profile_photo'),
    parentId: uuid('parent_id'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('user_types_entity_name_unique').on(t.entityId, t.name),
    foreignKey({ name: 'user_types_parent_fk', columns: [t.entityId, t.parentId], foreignColumns: [t.entityId, t.id] }),
    // GRACE_PERIOD_MIN_MINUTES (spec 1 §9), enforced by the database too.
    check('user_types_grace_min', sql`${t.gracePeriodMinutes} >= 30`),
  ],
);

export const journeys = pgTable(
  'journeys',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    /** The name in the company's default language (unique among live journeys). */
    name: text('name').notNull(),
    /** The name in every language an admin wrote (null: only `name`). */
    names: jsonb('names').$type<LocalizedText>(),
    description: text('description'),
    logo: text('logo'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Bumped on every edit; devices keep the version a journey started with. */
    version: integer('version').notNull().default(1),
    /** Deleted journeys stay for the visits that ran them; devices receive a delete. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    uniqueIndex('journeys_entity_name_live_unique')
      .on(t.entityId, t.name)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const journeyFlows = pgTable(
  'journey_flows',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    journeyId: uuid('journey_id').notNull(),
    name: text('name').notNull(),
    names: jsonb('names').$type<LocalizedText>(),
    description: text('description'),
    userTypeId: uuid('user_type_id'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    uniqueIndex('journey_flows_name_live_unique')
      .on(t.entityId, t.journeyId, t.name)
      .where(sql`${t.deletedAt} is null`),
    foreignKey({
      name: 'journey_flows_journey_fk',
      columns: [t.entityId, t.journeyId],
      foreignColumns: [journeys.entityId, journeys.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'journey_flows_user_type_fk',
      columns: [t.entityId, t.userTypeId],
      foreignColumns: [userTypes.entityId, userTypes.id],
    }),
  ],
);
