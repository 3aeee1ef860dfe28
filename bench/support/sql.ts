// Raw SQL for benchmarks: both drivers answer execute() with `{ rows }`.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/database';

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function countOf(db: Db, query: SQL): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

/** A uuid[] parameter as one array literal (drizzle would expand a JS array into a list). */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
