// Commands an admin sends to kiosks (spec 2 §7 "Kiosks": restart, pull database, open door,
// logging). Kept until the kiosk has them: sent at once to a connected kiosk, on connect otherwise.
import { foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { kiosks } from './kiosk';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const kioskCommands = pgTable(
  'kiosk_commands',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    kioskId: uuid('kiosk_id').notNull(),
    /** restart_app | pull_database | open_door | logging */
    command: text('command').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** Spec 1 §4 "Kiosk requests": pending until the kiosk has it, then delivered, succeeded or failed. */
    status: text('status').notNull().default('pending'),
    requestedBy: uuid('requested_by').notNull(),
    createdAt: at('created_at').notNull(),
    deliveredAt: at('delivered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      name: 'kiosk_commands_kiosk_fk',
      columns: [t.entityId, t.kioskId],
      foreignColumns: [kiosks.entityId, kiosks.id],
    }).onDelete('cascade'),
    index('kiosk_commands_kiosk_status_idx').on(t.entityId, t.kioskId, t.status),
  ],
);
