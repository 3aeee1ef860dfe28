// Documents bound to a user's profile (spec 1 §3 document upload fields; spec 2 §7
// POST /user_document, PUT /user_document/{id} with status). Tenant table: primary key
// (entity_id, id); the user foreign key includes entity_id.
import { foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { users } from './people';

export const userDocuments = pgTable(
  'user_documents',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    type: text('type').notNull(),
    // ACTIVE / INACTIVE toggle the document's standing; DELETED hides it (spec 1 §4).
    status: text('status').notNull().default('ACTIVE'),
    notes: text('notes'),
    startDate: text('start_date'),
    expiryDate: text('expiry_date'),
    // Vaccine or test details (vaccine_name, batch_number, pcr_result, …) as the spec's payload.
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      name: 'user_documents_user_fk',
      columns: [t.entityId, t.userId],
      foreignColumns: [users.entityId, users.id],
    }).onDelete('cascade'),
    index('user_documents_user_idx').on(t.entityId, t.userId),
  ],
);
