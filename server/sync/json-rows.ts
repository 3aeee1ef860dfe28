// Multi-row inserts that send their rows as ONE jsonb parameter. Drizzle's insert
// builder, for a push batch of 250 rows of 12 columns, builds and types 3,000 parameters that
// the driver then serialises one by one: on PGlite that cost more than the insert itself. Here
// the rows travel as one JSON document that the database unpacks with jsonb_to_recordset, on
// PGlite and PostgreSQL alike; the rows stored are the same as drizzle's insert would store.
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';

interface Shape {
  /** property name → column name and SQL type */
  columns: Array<{ key: string; name: string; type: string }>;
  table: string;
}
const shapes = new WeakMap<PgTable, Shape>();

function shapeOf(table: PgTable): Shape {
  let shape = shapes.get(table);
  if (!shape) {
    const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>).map(([key, c]) => ({
      key,
      name: c.name,
      type: c.getSQLType(),
    }));
    shape = { columns, table: getTableName(table) };
    shapes.set(table, shape);
  }
  return shape;
}

/** What the driver would send for a top-level value: a Date as ISO text, and text well formed
 * (a lone surrogate becomes U+FFFD, as the UTF-8 encoding of a parameter makes it). */
function wire(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return (value as string & { toWellFormed(): string }).toWellFormed();
  return value;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A value that can go as one typed parameter: a scalar (SQL NULL for any type). JSON and arrays
 * stay in the document, where jsonb_to_recordset reads them as before. */
const scalar = (type: string, value: unknown) =>
  value === null ||
  (!type.startsWith('json') &&
    !type.endsWith(']') &&
    (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'));

/** `insert into <table> (<columns>) select … from jsonb_to_recordset($1)` for `rows`, followed by
 * `tail` (on conflict …, returning …). Only the columns some row sets are written (the others get
 * their defaults), as drizzle does. A JSON null is stored as SQL NULL, as drizzle stores null.
 * The document is kept small (PGlite measures every parameter's UTF-8 length in
 * JavaScript, then PostgreSQL parses it): a column with the same scalar in every row (a push's
 * company, device, user, time) goes once, as a parameter cast to its type, and the rows' keys are
 * short ("0", "1", …) instead of column names. What is stored is the same. */
export function insertJsonRows<T extends PgTable>(table: T, rows: ReadonlyArray<T['$inferInsert']>, tail?: SQL): SQL {
  const shape = shapeOf(table);
  const used = shape.columns.filter((c) => rows.some((r) => (r as Record<string, unknown>)[c.key] !== undefined));
  const values = used.map((c) => rows.map((r) => wire((r as Record<string, unknown>)[c.key])));
  const single = used.map(
    (c, i) => rows.length > 1 && scalar(c.type, values[i]![0]) && values[i]!.every((v) => v === values[i]![0]),
  );
  // jsonb_to_recordset needs one column at least.
  if (single.length && single.every(Boolean)) single[0] = false;
  const keyed = used.flatMap((_, i) => (single[i] ? [] : [i]));
  const keyOf = new Map(keyed.map((i, k) => [i, k.toString(36)]));
  const doc = rows.map((_, n) => {
    const o: Record<string, unknown> = {};
    for (const i of keyed) o[keyOf.get(i)!] = values[i]![n];
    return o;
  });
  const names = used.map((c) => quoted(c.name)).join(', ');
  const picked = sql.join(
    used.map((c, i) => (single[i] ? sql`${values[i]![0]}::${sql.raw(c.type)}` : sql.raw(quoted(keyOf.get(i)!)))),
    sql`, `,
  );
  const typed = keyed.map((i) => `${quoted(keyOf.get(i)!)} ${used[i]!.type}`).join(', ');
  return sql`insert into ${sql.raw(quoted(shape.table))} (${sql.raw(names)}) select ${picked} from jsonb_to_recordset(${JSON.stringify(doc)}::jsonb) as x(${sql.raw(typed)}) ${tail ?? sql``}`;
}

/** Runs insertJsonRows and returns the rows its `returning` clause gave (both drivers answer `{ rows }`). */
export async function executeJsonInsert<R>(db: Executor, statement: SQL): Promise<R[]> {
  const result = (await db.execute(statement)) as unknown as { rows: R[] };
  return result.rows;
}
