// `npm run backup -- <file>` / `npm run restore -- <file> [<folder>]` (README "Backup and restore").
// With DATABASE_URL: pg_dump / pg_restore of that database. Without: the PGlite folder DATA_DIR
// (default ./data); stop the server first, since one folder has one process.
import { resolve } from 'node:path';
import { backupFolder, backupPostgres, restoreFolder, restorePostgres } from '../server/db/backup';

const [command, file, target] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
const dataDir = resolve(target ?? process.env.DATA_DIR ?? './data');

async function main(): Promise<void> {
  if (!file || (command !== 'backup' && command !== 'restore'))
    throw new Error('usage: backup <file> | restore <file> [<empty folder>]');
  if (command === 'backup') await (url ? backupPostgres(url, file) : backupFolder(dataDir, file));
  else await (url ? restorePostgres(file, url) : restoreFolder(file, dataDir));
  console.log(`${command}: done (${url ? 'PostgreSQL' : dataDir} ${command === 'backup' ? '→' : '←'} ${file})`);
}

main().catch((error: unknown) => {
  console.error(`gatehouse ${command ?? ''}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
