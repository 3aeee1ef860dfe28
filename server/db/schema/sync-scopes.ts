// Sync scope changes: the scopes pull cursors name, by fingerprint, so a later pull
// can send a device the difference between the scope its rows were chosen under and its scope
// now; and the company's history-window setting (days of history an admin's device holds).
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DeviceScope } from '../../../domain/sync-scope-change';
import { entities } from './entities';

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });

/** Content-addressed: the same scope has one row, written the first time a cursor names it. */
export const syncScopes = pgTable(
  'sync_scopes',
  {
    entityId: entityId(),
    fingerprint: text('fingerprint').notNull(),
    scope: jsonb('scope').$type<DeviceScope>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.fingerprint] })],
);

/** No row: the default window (domain/sync-scope.ts HISTORY_WINDOW_DAYS). */
export const syncScopeSettings = pgTable('sync_scope_settings', {
  entityId: uuid('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  historyDays: integer('history_days').notNull(),
});
