// A cheap fingerprint of the whole database, to prove a rejected request wrote nothing: the row
// count of every table plus the change feed's last seq, in one query. Tables are read from the
// catalogue, so a table added later is counted without editing this file.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/database';
import { rowsOf } from './routes';

export type Fingerprint = Record<string, number>;

/** Tables a background job writes on its own time, after the request that queued it has been
 * answered (an export's file, server/reports/export-run.ts): a later request did not write them. */
const BACKGROUND_TABLES = ['report_export_files'];
/** Request counters: a refused request is still counted against its address's limit. */
const COUNTER_TABLES = ['rate_limit_hits'];

export async function fingerprinter(database: DatabaseHandle): Promise<() => Promise<Fingerprint>> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  )
    .map((t) => t.name)
    .filter((t) => !BACKGROUND_TABLES.includes(t) && !COUNTER_TABLES.includes(t));
  const counts = sql.join(
    tables.map((t) => sql`(select count(*) from ${sql.identifier(t)})::text as ${sql.identifier(t)}`),
    sql`, `,
  );
  const query = sql`select ${counts}, (select coalesce(max(seq), 0) from sync_changes)::text as "sync_changes.max_seq"`;
  return async () => {
    const [row] = rowsOf<Record<string, string>>(await database.db.execute(query));
    return Object.fromEntries(Object.entries(row!).map(([k, n]) => [k, Number(n)]));
  };
}

/** What changed between two fingerprints, as "table +n" (empty when nothing did). */
export function changes(before: Fingerprint, after: Fingerprint): Record<string, number> {
  return Object.fromEntries(
    Object.keys(after)
      .filter((k) => after[k] !== before[k])
      .map((k) => [k, after[k]! - (before[k] ?? 0)]),
  );
}
