// Merged people: which removed person now lives on as which kept person, so that a
// mutation recorded offline against the removed id (replayed after the merge) lands on the kept one.
import { bigint, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';

export const mergedPeople = pgTable(
  'merged_people',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    /** The removed person's id (the users row is gone; no foreign key). */
    oldId: uuid('old_id').notNull(),
    /** The kept person's id; a later merge of the kept person re-points it again. */
    newId: uuid('new_id').notNull(),
    mergedBy: uuid('merged_by').notNull(),
    mergedAt: bigint('merged_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.oldId] }), index('merged_people_new_idx').on(t.entityId, t.newId)],
);
