// Dashboard and people tables (issue 7): per-admin grid preferences (spec 1 §3 "Grid
// preference"), labels, RFID cards, user photos and each admin's scope for mass actions.
import {
  bigint,
  customType,
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
import { entities } from './entities';
import { users } from './people';

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** One row per admin and page: the column set (table_head) and the saved filters (url). */
export const gridPreferences = pgTable(
  'grid_preferences',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    employeeId: uuid('employee_id').notNull(),
    pageUrl: text('page_url').notNull(),
    tableHead: jsonb('table_head').$type<string[]>().notNull().default([]),
    url: text('url').notNull().default(''),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('grid_preferences_employee_page_unique').on(t.entityId, t.employeeId, t.pageUrl),
    foreignKey({
      name: 'grid_preferences_employee_fk',
      columns: [t.entityId, t.employeeId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
  ],
);

export const labels = pgTable(
  'labels',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id] }), unique('labels_entity_name_unique').on(t.entityId, t.name)],
);

/** RFID card per user, unique within the company ("ID already exists…"). */
export const userCards = pgTable(
  'user_cards',
  {
    entityId: entityId(),
    userId: uuid('user_id').notNull(),
    rfid: text('rfid').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.userId] }),
    unique('user_cards_entity_rfid_unique').on(t.entityId, t.rfid),
    foreignKey({
      name: 'user_cards_user_fk',
      columns: [t.entityId, t.userId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
  ],
);

/** Profile photos, checked by content before they are stored; users.image points here. */
export const userPhotos = pgTable(
  'user_photos',
  {
    entityId: entityId(),
    userId: uuid('user_id').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.userId] }),
    foreignKey({
      name: 'user_photos_user_fk',
      columns: [t.entityId, t.userId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
  ],
);

/** Which user types and areas an admin may act on (spec 1 §6); null means all of them. */
export const adminScopes = pgTable(
  'admin_scopes',
  {
    entityId: entityId(),
    userId: uuid('user_id').notNull(),
    userTypeIds: jsonb('user_type_ids').$type<string[] | null>(),
    areaIds: jsonb('area_ids').$type<string[] | null>(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.userId] }),
    foreignKey({
      name: 'admin_scopes_user_fk',
      columns: [t.entityId, t.userId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
  ],
);

/** One row per sign-in with its pairing, kept by the sync handlers at write time
 * (server/dashboard/visit-pairing.ts): a visit is a sign-in plus the person's next event when
 * that is a sign-out. The logbook reads a day from here instead of pairing a million events. */
export const visits = pgTable(
  'visits',
  {
    entityId: entityId(),
    /** The sign-in event's id. */
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    timeIn: bigint('time_in', { mode: 'number' }).notNull(),
    areaId: uuid('area_id'),
    /** The user type recorded on the sign-in (null: the person's current type). */
    userTypeId: uuid('user_type_id'),
    outEventId: uuid('out_event_id'),
    timeOut: bigint('time_out', { mode: 'number' }),
    status: text('status').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    // No foreign key to visit_events: visits is a projection the push keeps in step with the
    // append-only events (never deleted), and checking the key against a fast-growing table on
    // every pairing made PGlite's cached check plans scan the whole history.
    // A range of (entity_id, time_in) as before; the columns after them make the visit summary
    // of a year an index-only scan (issue 16: 500,000 visits counted without reading the table).
    index('visits_entity_time_in_idx').on(t.entityId, t.timeIn, t.userTypeId, t.areaId, t.personId),
    // One person's visits in a range (history sorted by name, track & trace, timesheets).
    index('visits_entity_person_time_in_idx').on(t.entityId, t.personId, t.timeIn),
    // The few sign-ins that recorded no user type (the summary joins these to their person).
    index('visits_untyped_idx')
      .on(t.entityId, t.timeIn, t.personId, t.areaId)
      .where(sql`${t.userTypeId} is null`),
  ],
);
