// Sections of custom fields (spec 1 §3 "Custom field", spec 2 §7 section calls). A section's name
// is unique within its company in every language it is written in (checked by the service under
// the feed's lock); the fields themselves live in kiosk-config.ts `custom_fields`.
import { integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../../domain/localized-text';
import { entities } from './entities';

export const sections = pgTable(
  'sections',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    icon: text('icon'),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.id] })],
);
