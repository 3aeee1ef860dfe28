// A backup restored into a fresh server holds the same data, and that server answers
// with it (a person added before the backup can log in and is listed).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from './database';
import { backupFolder, backupPostgres, restoreFolder, restorePostgres } from './backup';
import { fingerprinter } from '../test/fingerprint';
import { bearer, entityFacts, seededApp, testClock, tokenFor } from '../test/harness';
import { copyMigratedDataDir } from '../test/db-templates';
import { readEpoch } from '../sync/feed-epoch';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-backup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** Seeds a database through the app, renames a person, and returns its fingerprint. */
async function useIt(database: DatabaseHandle) {
  const clock = testClock();
  const app = await seededApp(database, clock);
  const token = await tokenFor(app, 'admin@acme.test');
  const { entity } = await entityFacts(database, 'acme');
  const users = await app.inject({ url: `/api/users/${entity.id}?search=Reporter`, headers: bearer(token) });
  expect(users.statusCode).toBe(200);
  await app.close();
  return (await fingerprinter(database))();
}

/** A fresh server on the restored database: the admin logs in and sees the same users. */
async function serveRestored(database: DatabaseHandle) {
  const app = await buildApp({ database, now: testClock().now });
  await app.ready();
  cleanups.push(() => app.close());
  const token = await tokenFor(app, 'admin@acme.test');
  const { entity } = await entityFacts(database, 'acme');
  const users = await app.inject({ url: `/api/users/${entity.id}?search=Reporter`, headers: bearer(token) });
  expect(users.statusCode).toBe(200);
  return users.json() as unknown;
}

describe('backup and restore', () => {
  it('restores a PGlite folder backup into an empty folder with every row', async () => {
    const dataDir = folder();
    await copyMigratedDataDir(dataDir);
    const original = await openDatabase({ dataDir });
    await original.migrate();
    const before = await useIt(original);
    const epoch = await readEpoch(original.db);
    await original.close();

    const file = join(folder(), 'gatehouse.tar.gz');
    await backupFolder(dataDir, file);
    const restoredDir = join(folder(), 'restored');
    await restoreFolder(file, restoredDir);
    await expect(restoreFolder(file, restoredDir)).rejects.toThrow(/not empty/);

    const restored = await openDatabase({ dataDir: restoredDir });
    cleanups.push(() => restored.close());
    // Every row, and a new feed epoch: devices that pulled past the backup start over.
    expect(await (await fingerprinter(restored))()).toEqual({ ...before, feed_epoch: 1 });
    expect(await readEpoch(restored.db)).not.toBe(epoch);
    expect(JSON.stringify(await serveRestored(restored))).toContain('Reporter');
  }, 240_000);

  // Defined where PostgreSQL is (as eachDatabase does): `npm test` runs the server tests with it.
  if (process.env.DATABASE_URL)
    it('restores a pg_dump of PostgreSQL into an empty database', async () => {
      const admin = async (query: string) => {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(query).finally(() => client.end());
      };
      const urlOf = (name: string) => {
        const url = new URL(process.env.DATABASE_URL!);
        url.pathname = `/${name}`;
        return url.toString();
      };
      const [from, to] = [`gh_bk_${randomBytes(5).toString('hex')}`, `gh_rs_${randomBytes(5).toString('hex')}`];
      for (const name of [from, to]) {
        await admin(`CREATE DATABASE ${name}`);
        cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      }
      const original = await openDatabase({ databaseUrl: urlOf(from) });
      await original.migrate();
      const before = await useIt(original);
      const epoch = await readEpoch(original.db);
      await original.close();

      const file = join(folder(), 'gatehouse.dump');
      await backupPostgres(urlOf(from), file);
      await restorePostgres(file, urlOf(to));
      const restored = await openDatabase({ databaseUrl: urlOf(to) });
      cleanups.push(() => restored.close());
      expect(await (await fingerprinter(restored))()).toEqual({ ...before, feed_epoch: 1 });
      expect(await readEpoch(restored.db)).not.toBe(epoch);
      expect(JSON.stringify(await serveRestored(restored))).toContain('Reporter');
    }, 240_000);
});
