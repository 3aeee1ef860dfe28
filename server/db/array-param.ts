// A list as ONE query parameter: node-postgres and PGlite both send a JS array as a
// PostgreSQL array and quote each element themselves (text with quotes, commas or braces, NULL).
// The caller casts it — `${arrayParam(ids)}::uuid[]` — so a batch's lookup is one short statement
// whatever its size, and no code builds an array literal by hand. Row sets of many columns go as
// one jsonb document instead (server/sync/json-rows.ts).
import { sql, type SQL } from 'drizzle-orm';

export const arrayParam = (values: ReadonlyArray<string | number | null>): SQL => sql`${sql.param(values)}`;
