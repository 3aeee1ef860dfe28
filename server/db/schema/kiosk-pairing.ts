// One-time kiosk pairing codes: made on /sites for an area and a
// kiosk name, shown as a QR, scanned once by the device within ten minutes. Only the sha256
// of the code is stored.
import { foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { areas } from './places';

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const kioskPairingCodes = pgTable(
  'kiosk_pairing_codes',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    codeHash: text('code_hash').notNull(),
    areaId: uuid('area_id').notNull(),
    kioskName: text('kiosk_name').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    /** The kiosk the code registered (null while unused). */
    kioskId: uuid('kiosk_id'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('kiosk_pairing_codes_entity_code_unique').on(t.entityId, t.codeHash),
    // The device sends only the code: its hash finds the row, then the row's entity scopes the rest.
    index('kiosk_pairing_codes_code_idx').on(t.codeHash),
    foreignKey({
      name: 'kiosk_pairing_codes_area_fk',
      columns: [t.entityId, t.areaId],
      foreignColumns: [areas.entityId, areas.id],
    }).onDelete('cascade'),
  ],
);
