// Sites and their areas (spec 1 §3 "Site and area").
import {
  boolean,
  doublePrecision,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FireAlarm } from '../../../domain/places';
import { entities } from './entities';

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });

export const sites = pgTable(
  'sites',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    lat: doublePrecision('lat'),
    long: doublePrecision('long'),
    radius: integer('radius'),
    zoom: integer('zoom'),
    locationName: text('location_name'),
    /** IANA time zone: "at midnight" auto sign-out and day boundaries are in this zone. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Removed sites stay for the visits that happened there; devices receive a delete. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id] })],
);

export const areas = pgTable(
  'areas',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    parentAreaId: uuid('parent_area_id'),
    autoSignOutMode: text('auto_sign_out_mode'),
    loginMode: text('login_mode'),
    geofencing: boolean('geofencing').notNull().default(false),
    localSyncIp: text('local_sync_ip'),
    localSyncPort: integer('local_sync_port'),
    /** Spec 1 §3 "Fire alarm" (null: none); needs the local sync IP, port and an IO port. */
    fireAlarm: jsonb('fire_alarm').$type<FireAlarm>(),
    /** Removed areas stay for the visits that happened there; devices receive a delete. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      name: 'areas_site_fk',
      columns: [t.entityId, t.siteId],
      foreignColumns: [sites.entityId, sites.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'areas_parent_fk', columns: [t.entityId, t.parentAreaId], foreignColumns: [t.entityId, t.id] }),
  ],
);
