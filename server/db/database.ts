// Opens the database: embedded PGlite (a folder, or memory for tests) by default, PostgreSQL
// when a URL is given. Both speak the same SQL and run the same drizzle-kit migrations.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';
import { DurableNodeFS, durableStartParams } from './durable-nodefs';
import { syncTree, type SyncObserver } from './durable-tree';
import { pgliteTimingOn, timePglite } from './pglite-timing';
import { dbTimeouts } from './timeouts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of Db, and either: what a statement that may run inside one takes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
export type DbKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  kind: DbKind;
  /** Set for PostgreSQL only; the socket.io adapter listens through it. */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  /** Tag of the latest applied migration, e.g. "0000_init"; null before migrate(). */
  migrationTag(): Promise<string | null>;
  close(): Promise<void>;
  /** PGlite only: the cluster as a tarball (what `loadDataDir` takes back). */
  dumpDataDir?: () => Promise<Blob>;
}

/** Tag of the newest migration this build carries (what a ready instance must have applied). */
export const latestMigrationTag = (): string | null => journal().entries.at(-1)?.tag ?? null;

/** Advisory lock key for migrations (any constant shared by every instance). */
const MIGRATION_LOCK = 7_340_021;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

interface Journal {
  entries: Array<{ idx: number; tag: string }>;
}
const journal = (): Journal => JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as Journal;

export interface DatabaseOptions {
  dataDir?: string;
  databaseUrl?: string;
  /** PGlite on a folder flushes each commit to disk (default); `false` only for the benchmark
   * that measures what durability costs. */
  durable?: boolean;
  /** An in-memory PGlite starts from this dump (`dumpDataDir`) instead of an empty cluster:
   * tests load one already migrated instead of migrating each database again. */
  loadDataDir?: Blob;
  /** Told of each file flushed when a new cluster is made durable (server/db/durable-tree.ts). */
  onFirstStartSync?: SyncObserver;
}

/**
 * A connection the server drops (restart, failover, an administrator, a dropped test database)
 * emits 'error'; without a listener that event crashes the process. The pool listens while a
 * connection is idle and replaces it on the next query; a connection in use (a transaction
 * between statements) has only its own listener: its statements fail and it is discarded.
 */
function survivesLostConnections(pool: pg.Pool): void {
  pool.on('connect', (client) =>
    client.on('error', (error) => console.warn(`gatehouse db: connection lost (${error.message})`)),
  );
  // The client's own listener above has said it; the pool's is required all the same.
  pool.on('error', () => undefined);
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const t = dbTimeouts();
    // Every connection bounds its statements, lock waits and idle transactions.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      statement_timeout: t.statementMs,
      lock_timeout: t.lockMs,
      idle_in_transaction_session_timeout: t.idleInTransactionMs,
      connectionTimeoutMillis: t.connectMs,
    });
    survivesLostConnections(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // pg_trgm (trusted since PostgreSQL 13) backs the users search index; drizzle-kit does not emit extensions.
    // Instances starting together take turns: a session-level advisory lock held on one
    // connection while the migrations run on the others.
    const migrate = async () => {
      // Connections of their own without the timeouts: a migration may rightly take long, and so
      // may the wait while another instance migrates.
      const own = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
      survivesLostConnections(own);
      const lock = await own.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await own.query('create extension if not exists pg_trgm');
        await migratePg(drizzlePg(own), { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        lock.release();
        await own.end();
      }
    };
    return handle(db, 'postgres', migrate, () => pool.end(), pool);
  }
  // PGlite is a single connection that queues statements itself; drizzle transactions hold it.
  const durable = options.dataDir !== undefined && options.durable !== false;
  const fresh = durable && !existsSync(join(options.dataDir!, 'PG_VERSION'));
  const client = durable
    ? new PGlite({
        fs: new DurableNodeFS(options.dataDir!),
        startParams: durableStartParams(),
        extensions: { pg_trgm },
      })
    : new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  // The very first start on a folder: the new cluster reaches the disk before anything answers.
  if (durable && fresh) {
    await client.waitReady;
    syncTree(options.dataDir!, options.onFirstStartSync);
  }
  if (pgliteTimingOn()) timePglite(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const migrate = async () => {
    await client.exec('create extension if not exists pg_trgm');
    await migratePglite(drizzlePglite(client), { migrationsFolder });
  };
  return { ...handle(db, 'pglite', migrate, () => client.close()), dumpDataDir: () => client.dumpDataDir('none') };
}

function handle(
  db: Db,
  kind: DbKind,
  runMigrations: () => Promise<void>,
  close: () => Promise<void>,
  pool?: pg.Pool,
): DatabaseHandle {
  return {
    db,
    kind,
    pool,
    close,
    migrate: runMigrations,
    async migrationTag() {
      try {
        // Both drivers return `{ rows }` from execute(); the shared PgDatabase type cannot say so.
        const result = (await db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: Array<{ n: number }> };
        const applied = Number(result.rows[0]?.n ?? 0);
        return applied > 0 ? (journal().entries[applied - 1]?.tag ?? null) : null;
      } catch {
        return null;
      }
    },
  };
}
