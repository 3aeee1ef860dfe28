// Sites and their areas (spec 1 §3 "Site and area").
import { doublePrecision, foreignKey, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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
