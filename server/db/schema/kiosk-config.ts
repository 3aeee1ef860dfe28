// Configuration the kiosk runs on (spec 1 §3): compliance forms, attendance modes with their
// reasons, custom fields and announcements. Journeys and flows live in journeys.ts.
import {
  bigint,
  boolean,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../../domain/localized-text';
import type { Reason } from '../../../domain/reasons';
import { sections } from './custom-fields';
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
    name: jsonb('name').$type<LocalizedText>().notNull(),
    version: integer('version').notNull().default(1),
    // Content a visitor reads: a plain string or one text per language (domain/localized-text.ts).
    questions: jsonb('questions').$type<Array<{ id: string; text: LocalizedText; desired: 'yes' | 'no' }>>().notNull(),
    agreementText: jsonb('agreement_text').$type<LocalizedText>(),
    statement: jsonb('statement').$type<LocalizedText>(),
    documentRequired: boolean('document_required').notNull().default(false),
    protocols: jsonb('protocols').$type<string[]>().notNull().default([]),
    acceptNegativePcr: boolean('accept_negative_pcr').notNull().default(false),
    pcrValidDays: integer('pcr_valid_days'),
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
    /** Reasons (domain/reasons.ts Reason): kept inside the mode so a device holds a mode whole;
     * each has a UUIDv7 id for PUT /api/reason/{id} (server/attendance). */
    reasons: jsonb('reasons').$type<Reason[]>().notNull().default([]),
    integration: text('integration'),
    /** Bumped by every save of the mode or one of its reasons: a stale editor gets version_conflict. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('attendance_modes_entity_name_unique').on(t.entityId, t.name),
  ],
);

/** A field of a section (server/db/schema/custom-fields.ts). Labels and options are LocalizedText;
 * an option's recorded value is its default-language text. Names are unique per company (service). */
export const customFields = pgTable(
  'custom_fields',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    sectionId: uuid('section_id').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    type: text('type').notNull(),
    options: jsonb('options').$type<LocalizedText[]>().notNull().default([]),
    /** A rating scale's look: stars or smileys. */
    display: text('display').notNull().default('stars'),
    /** "Binding" in the spec. */
    required: boolean('required').notNull().default(false),
    fillable: boolean('fillable').notNull().default(true),
    printable: boolean('printable').notNull().default(false),
    icon: text('icon'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.sectionId], foreignColumns: [sections.entityId, sections.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const announcements = pgTable(
  'announcements',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    /** LocalizedText: the text per content language (a plain string is the default one's). */
    description: jsonb('description').$type<LocalizedText>().notNull(),
    url: text('url'),
    urgent: boolean('urgent').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    verbal: boolean('verbal').notNull().default(false),
    targetUserTypes: jsonb('target_user_types').$type<string[]>().notNull().default([]),
    publishAt: bigint('publish_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }),
    /** Raised by every edit; an edit based on an older version is refused (version_conflict). */
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id] })],
);
