// Dashboard and people tables: per-admin grid preferences (spec 1 §3 "Grid preference"), RFID
// cards, user photos and each admin's scope for mass actions. Labels and visits have files of
// their own (./labels.ts, ./visits.ts).
import {
  customType,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
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
