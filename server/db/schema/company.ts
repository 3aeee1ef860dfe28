// Company logos: the checked bytes, served publicly by id (top bar, kiosks, badges
// show them without a session); entities.logo holds the URL of the current one.
import { customType, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const companyLogos = pgTable(
  'company_logos',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    mime: text('mime').$type<'image/png' | 'image/jpeg' | 'image/svg+xml'>().notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id] })],
);
