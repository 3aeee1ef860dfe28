// Backup and restore of the database (issue 21). PGlite: its own dump of the data folder (a
// gzipped tar), taken while the server is stopped, since one folder has one process; restored
// into an empty folder that a server then starts on. PostgreSQL: pg_dump's custom format and
// pg_restore, the tools of the PostgreSQL install (online; no need to stop the servers).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DurableNodeFS, durableStartParams } from './durable-nodefs';

const run = promisify(execFile);

const openFolder = (dataDir: string, loadDataDir?: Blob) =>
  new PGlite({
    fs: new DurableNodeFS(dataDir),
    startParams: durableStartParams(),
    extensions: { pg_trgm },
    // PGlite reads the key's presence, not its value: only pass it for a restore.
    ...(loadDataDir ? { loadDataDir } : {}),
  });

/** Writes the PGlite folder `dataDir` to `file` (gzipped tar). The server must be stopped. */
export async function backupFolder(dataDir: string, file: string): Promise<void> {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) throw new Error(`no database in ${dataDir}`);
  const pg = openFolder(dataDir);
  try {
    await pg.waitReady; // a dump asked before the database is up never answers
    const dump = await pg.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pg.close();
  }
}

/** Restores `file` into `dataDir`, which must be empty or absent. */
export async function restoreFolder(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty`);
  const pg = openFolder(dataDir, new Blob([readFileSync(file)]));
  await pg.waitReady;
  await pg.close();
}

/** pg_dump of `databaseUrl` to `file` (custom format). */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, databaseUrl]);
}

/** pg_restore of `file` into the (empty, existing) database at `databaseUrl`. */
export async function restorePostgres(file: string, databaseUrl: string): Promise<void> {
  await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl}`, file]);
}
