// Migrated, empty databases made once and copied by every test database: migrating from scratch
// costs seconds per suite, a copy a fraction of that. PGlite: a dump (and a folder) in the temp
// folder; PostgreSQL: a template database. Each is named after the migrations and the PGlite
// version, so a changed migration makes a new one; writers race safely (aside, then rename).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, migrationsFolder, type DatabaseHandle } from '../db/database';
import { seedDemo } from '../seed/demo';

/** What a seeded template is made from besides the migrations: a changed seed makes a new one. */
const SEED_SOURCES = ['server/seed/demo.ts', 'server/seed/demo-data.ts', 'server/kiosk/kiosk-seed.ts'];

export function templateKey(sources: string[] = []): string {
  const hash = createHash('sha256');
  const version = (
    JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as {
      version: string;
    }
  ).version;
  hash.update(version);
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, name.name);
      if (name.isDirectory()) walk(path);
      else hash.update(name.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  for (const path of sources) hash.update(path).update(readFileSync(path));
  return hash.digest('hex').slice(0, 16);
}

let cached: Promise<Blob> | null = null;

/** The dump of a freshly migrated PGlite (made on first use, then read from the temp folder). */
export function pgliteTemplate(): Promise<Blob> {
  cached ??= (async () => {
    const file = join(tmpdir(), `gatehouse-pglite-${templateKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await openDatabase({});
    try {
      await database.migrate();
      const dump = await database.dumpDataDir!();
      const aside = `${file}.${process.pid}.${Date.now()}`;
      writeFileSync(aside, Buffer.from(await dump.arrayBuffer()));
      renameSync(aside, file);
      return dump;
    } finally {
      await database.close();
    }
  })();
  return cached;
}

/** A folder made once per migration set by `make` (migrated, and whatever `make` adds), copied
 * into `dataDir`. */
async function copyTemplateDir(
  dataDir: string,
  kind: string,
  make: (database: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const template = join(tmpdir(), `gatehouse-pglite-${kind}-${templateKey(kind === 'seeded' ? SEED_SOURCES : [])}`);
  if (!existsSync(template)) {
    const aside = `${template}.${process.pid}.${Date.now()}`;
    const database = await openDatabase({ dataDir: aside });
    await database.migrate();
    await make(database);
    await database.close();
    try {
      renameSync(aside, template);
    } catch {
      rmSync(aside, { recursive: true, force: true }); // another process got there first
    }
  }
  cpSync(template, dataDir, { recursive: true });
}

/** A freshly migrated, empty cluster in `dataDir` (spawned servers of the server tests). */
export const copyMigratedDataDir = (dataDir: string): Promise<void> =>
  copyTemplateDir(dataDir, 'dir', async () => undefined);

/** A migrated cluster with the demo companies in `dataDir` (end-to-end servers: the seed only
 * stamps creation times, so a copy made earlier in the run serves as well as a fresh seed). */
export const copySeededDataDir = (dataDir: string): Promise<void> =>
  copyTemplateDir(dataDir, 'seeded', async (database) => {
    await seedDemo(database.db, { now: Date.now, production: false });
  });

const TEMPLATE_LOCK = 7_340_022;

/** The name of a migrated template database on DATABASE_URL's server (made on first use). */
export async function postgresTemplate(baseUrl: string): Promise<string> {
  const name = `gh_tpl_${templateKey()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_b${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(baseUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      await database.migrate();
      await database.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
  return name;
}

/** CREATE DATABASE from the template; a copy in progress elsewhere briefly holds it (55006). */
export async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}
