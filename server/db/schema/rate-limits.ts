// Request counts per rate-limited key (route + client address), shared by every instance on one
// database so that a limit holds however the load balancer spreads requests. Not a
// tenant table: a key names an address before anyone is signed in. Expired rows are swept.
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: bigint('reset_at', { mode: 'number' }).notNull(),
});
