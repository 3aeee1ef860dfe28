// Backup and restore of the database. PGlite: its own dump of the data folder (a
// gzipped tar), taken while the server is stopped, since one folder has one process; restored
// into an empty folder that a server then starts on. PostgreSQL: pg_dump's custom format and
// pg_restore, the tools of the PostgreSQL install (online; no need to stop the servers).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DurableNodeFS, durableStartParams } from './durable-nodefs';
import { LOCK_FILE, lockFolder } from './folder-lock';
import { syncTree } from './durable-tree';
import { renewEpochSql } from '../sync/feed-epoch';

const run = promisify(execFile);

/** A restored database is another timeline of the feed than the one devices pulled from after
 * the backup: a new epoch makes each of them start over (server/sync/feed-epoch.ts). An archive
 * from before epochs has no table yet; the server makes one at its first start. */
async function renewEpoch(exec: (text: string) => Promise<unknown>): Promise<void> {
  await exec(renewEpochSql()).catch((error: unknown) => {
    if ((error as { code?: string }).code !== '42P01') throw error;
  });
}

const openFolder = (dataDir: string, loadDataDir?: Blob) =>
  new PGlite({
    fs: new DurableNodeFS(dataDir),
    startParams: durableStartParams(),
    extensions: { pg_trgm },
    // PGlite reads the key's presence, not its value: only pass it for a restore.
    ...(loadDataDir ? { loadDataDir } : {}),
  });

/** Writes the PGlite folder `dataDir` to `file` (gzipped tar). The server must be stopped: while
 * one holds the folder this throws FolderInUseError (its archive would hold a moment mid-push). */
export async function backupFolder(dataDir: string, file: string): Promise<void> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`no database in ${dataDir}`);
  const release = lockFolder(dataDir, 'backup');
  const pg = openFolder(dataDir);
  try {
    await pg.waitReady; // a dump asked before the database is up never answers
    const dump = await pg.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pg.close();
    release();
  }
}

/** Restores `file` into `dataDir`, which must be empty or absent. */
export async function restoreFolder(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty`);
  lockFolder(dataDir, 'restore');
  try {
    const pg = openFolder(dataDir, new Blob([readFileSync(file)]));
    await pg.waitReady;
    await renewEpoch((text) => pg.exec(text));
    await pg.close();
    // The unpacked files were written without fsync, as a new cluster's are.
    syncTree(dataDir);
  } finally {
    // Ours, or the backup's own that the archive carried over it: the restored folder is free.
    rmSync(join(dataDir, LOCK_FILE), { force: true });
  }
}

/** pg_dump of `databaseUrl` to `file` (custom format). */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, databaseUrl]);
}

/** pg_restore of `file` into the (empty, existing) database at `databaseUrl`. */
export async function restorePostgres(file: string, databaseUrl: string): Promise<void> {
  await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl}`, file]);
  const client = new postgres.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await renewEpoch((text) => client.query(text));
  } finally {
    await client.end();
  }
}
