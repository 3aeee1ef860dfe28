// Statements every request runs, planned once. PGlite plans each statement anew, in
// WebAssembly on the server's own thread: the session lookup (a four-table join) spent 1.2 of
// its 1.4 ms planning, and every authenticated request runs it. On PGlite — one session for the
// life of the process — such a statement is PREPAREd once and then EXECUTEd; PostgreSQL (its
// own process, a pool of sessions) runs it as before. EXECUTE takes no bind parameters, so the
// values go as quoted literals, each coerced to the type PREPARE inferred for its parameter,
// exactly as a bind parameter sent as text would be.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './database';

interface Dialect {
  sqlToQuery(statement: SQL): { sql: string; params: unknown[] };
}
interface Session {
  /** Statement text → its prepared name ('' for a text PREPARE refused). */
  names: Map<string, string>;
  conforming: Promise<boolean> | null;
}

/** More distinct texts than this are not prepared (a caller whose text varies would grow the list). */
const MAX_PREPARED = 64;
const sessions = new WeakMap<object, Session>();
let counter = 0;

const clientOf = (db: Executor): object | null => {
  const client = (db as unknown as { $client?: { dumpDataDir?: unknown } }).$client;
  return client && typeof client.dumpDataDir === 'function' ? client : null;
};

/** A value as an SQL string literal, or undefined when it cannot be one exactly. */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    text = value.toISOString();
  } else return undefined; // arrays and objects: their text form depends on the parameter's type
  // NUL cannot travel in a statement's text; an unpaired surrogate would not round-trip.
  if (text.includes('\u0000') || !(text as string & { isWellFormed(): boolean }).isWellFormed()) return undefined;
  return `'${text.replaceAll("'", "''")}'`;
}

/** Runs `statement` (a root-handle statement whose text is the same on every call) planned once on
 * PGlite; answers what `db.execute` answers. */
export async function executePrepared<R>(db: Executor, statement: SQL): Promise<R[]> {
  const client = clientOf(db);
  const plain = async () => ((await db.execute(statement)) as unknown as { rows: R[] }).rows;
  if (!client) return plain();
  let session = sessions.get(client);
  if (!session) sessions.set(client, (session = { names: new Map(), conforming: null }));
  // Quoting by doubling quotes is exact only with standard strings (backslashes taken literally).
  session.conforming ??= (
    db.execute(sql`select current_setting('standard_conforming_strings') as v`) as unknown as Promise<{
      rows: Array<{ v: string }>;
    }>
  ).then((r) => r.rows[0]?.v === 'on');
  if (!(await session.conforming)) return plain();
  const query = (db as unknown as { dialect: Dialect }).dialect.sqlToQuery(statement);
  const values = query.params.map(literal);
  if (values.some((v) => v === undefined)) return plain();
  let name = session.names.get(query.sql);
  if (name === '') return plain();
  if (!name) {
    if (session.names.size >= MAX_PREPARED) return plain();
    const fresh = `gh_prepared_${++counter}`;
    try {
      await db.execute(sql.raw(`prepare ${fresh} as ${query.sql}`));
    } catch (error) {
      // E.g. a parameter whose type only a bind could settle: this text is run as it is from now on.
      console.warn('gatehouse db: statement not prepared', error instanceof Error ? error.message : error);
      session.names.set(query.sql, '');
      return plain();
    }
    session.names.set(query.sql, (name = fresh));
  }
  const args = values.length ? `(${values.join(', ')})` : '';
  return ((await db.execute(sql.raw(`execute ${name}${args}`))) as unknown as { rows: R[] }).rows;
}
