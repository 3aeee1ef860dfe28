// Fresh planner statistics while an import grows the company's people. PGlite is one
// long-lived session without autovacuum: the foreign-key checks of user_cards,
// person_external_ids and user_photos against users keep the plan made when users held a handful
// of rows (a scan of the whole table) and each batch grew slower than the last — 10,000 rows
// spent most of their time there. An ANALYZE of those tables each time the job's written rows
// grow fourfold (250, 1,000, 4,000, …) invalidates those plans, as autovacuum does on
// PostgreSQL, where it is harmless. Only the small tables the checks read: the import's own rows
// and the change feed are large (jsonb) and their queries do not depend on it.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

export function importAnalyzer(db: Db) {
  let written = 0;
  let total = 0;
  return async (rows: number) => {
    written += rows;
    if (written < Math.max(250, 3 * total)) return;
    total += written;
    written = 0;
    // After the batch commits, never inside it; a failure only leaves the old statistics.
    await db
      .execute(sql`analyze users, user_cards, person_external_ids`)
      .catch((error: unknown) => console.warn('gatehouse import: analyze failed', error));
  };
}
