// One-time RFID enrolment links (/rfid/{code}): an admin starts an enrolment for a person and
// whoever holds the link (the person on their phone, or someone at a desk reader) enrols the
// card once, before the link expires. Only the sha256 of the code is stored.
import { foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { users } from './people';

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const rfidEnrolmentLinks = pgTable(
  'rfid_enrolment_links',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    createdBy: uuid('created_by'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Set once: by the enrolment itself, or when a newer link for the same person replaces it. */
    usedAt: at('used_at'),
    /** The card enrolled through this link (null while unused or when replaced). */
    rfid: text('rfid'),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    unique('rfid_enrolment_links_entity_code_unique').on(t.entityId, t.codeHash),
    // Public links carry no entity: the code's hash finds the row, then its entity scopes the rest.
    index('rfid_enrolment_links_code_idx').on(t.codeHash),
    index('rfid_enrolment_links_user_idx').on(t.entityId, t.userId),
    foreignKey({
      name: 'rfid_enrolment_links_user_fk',
      columns: [t.entityId, t.userId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
  ],
);
