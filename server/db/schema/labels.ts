// The labels a company tags its people with (users.labels names them).
import { pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';

export const labels = pgTable(
  'labels',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id] }), unique('labels_entity_name_unique').on(t.entityId, t.name)],
);
