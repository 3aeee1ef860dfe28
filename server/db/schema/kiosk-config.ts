// Configuration the kiosk runs on (spec 1 §3): compliance forms, attendance modes with their
// reasons, custom fields and announcements. Journeys and flows live in journeys.ts.
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });

export const complianceForms = pgTable(
  'compliance_forms',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    version: integer('version').notNull().default(1),
    questions: jsonb('questions').$type<Array<{ id: string; text: string; desired: 'yes' | 'no' }>>().notNull(),
    agreementText: text('agreement_text'),
    statement: text('statement'),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id] })],
);

export const attendanceModes = pgTable(
  'attendance_modes',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    workingDays: jsonb('working_days').$type<number[]>().notNull(),
    startMinutes: integer('start_minutes').notNull(),
    endMinutes: integer('end_minutes').notNull(),
    lateGraceMinutes: integer('late_grace_minutes').notNull().default(0),
    earlyGraceMinutes: integer('early_grace_minutes').notNull().default(0),
    attendanceCode: text('attendance_code').notNull(),
    /** Reasons: name (unique in the mode, ≤ 20), type, duration, attendance code. */
    reasons: jsonb('reasons')
      .$type<
        Array<{ id: string; name: string; type: 'late_sign_in' | 'early_sign_out'; attendanceCode?: string | null }>
      >()
      .notNull()
      .default([]),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('attendance_modes_entity_name_unique').on(t.entityId, t.name),
  ],
);

export const customFields = pgTable(
  'custom_fields',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    section: text('section').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    printable: boolean('printable').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('custom_fields_entity_name_unique').on(t.entityId, t.name),
  ],
);

export const announcements = pgTable(
  'announcements',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    description: text('description').notNull(),
    url: text('url'),
    urgent: boolean('urgent').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    verbal: boolean('verbal').notNull().default(false),
    targetUserTypes: jsonb('target_user_types').$type<string[]>().notNull().default([]),
    publishAt: bigint('publish_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id] })],
);
