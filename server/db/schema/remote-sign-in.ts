// Positions a phone reported when its owner signed in or out remotely. Not synced:
// they stay on the server, and the auto sign-out job deletes them once they are older than the
// company's scans retention (privacy_settings.scans_retention_days, default 90 days).
import { bigint, doublePrecision, foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { users } from './people';
import { areas } from './places';

export const remotePositions = pgTable(
  'remote_positions',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    areaId: uuid('area_id').notNull(),
    /** The visit event it let through (null: refused, outside the geofence). */
    eventId: uuid('event_id'),
    kind: text('kind').$type<'in' | 'out'>().notNull(),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    accuracy: doublePrecision('accuracy'),
    distance: doublePrecision('distance'),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('remote_positions_at_idx').on(t.entityId, t.at),
    // A person's positions go with them when they are erased.
    foreignKey({
      name: 'remote_positions_person_fk',
      columns: [t.entityId, t.personId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'remote_positions_area_fk',
      columns: [t.entityId, t.areaId],
      foreignColumns: [areas.entityId, areas.id],
    }).onDelete('cascade'),
  ],
);
