// The identity of this database's change feed: one random id, made on first
// start and replaced by every `npm run restore`. Pull cursors carry it, so a device that pulled
// from a database since restored (whose sequence numbers are reused) is told to start over.
// Not a tenant table: one row for the whole database.
import { smallint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const feedEpoch = pgTable('feed_epoch', {
  id: smallint('id').primaryKey().default(1),
  epoch: text('epoch').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
