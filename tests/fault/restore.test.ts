// A restore against a device that went past the backup: the device pulled sign-ins acknowledged
// after the backup, and recorded two more while the server was down; the server comes back from
// the backup (those sign-ins gone, the feed's sequence numbers reused by new ones). The device
// must notice (the feed's epoch in its cursor), start over from the server's data, and still
// send what it recorded: it ends holding exactly what the server holds, its two sign-ins once.
// On the embedded database, and on PostgreSQL (pg_dump and pg_restore) when DATABASE_URL is set.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { mutate } from '../../sync/client';
import type { MemoryDevice } from '../../sync/memory-store';
import { apiLogin, freePort, startServer, type RunningServer } from '../e2e/support/server';
import { copySeededDataDir } from '../../server/test/db-templates';
import { engineFor, newDevice, pullEverything, waitFor } from './support/client';

const run = promisify(execFile);
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-restore-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** `npm run backup|restore`, as an operator runs it: on a PGlite folder, or on PostgreSQL. */
async function script(args: string[], where: { dataDir: string; databaseUrl?: string }): Promise<void> {
  await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], {
    env: { ...process.env, DATABASE_URL: where.databaseUrl ?? '', DATA_DIR: where.dataDir },
  });
}

const DATABASES = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])] as const;

/** A new, empty PostgreSQL database on DATABASE_URL's server, dropped after the test. */
async function emptyPostgres(): Promise<string> {
  const name = `gh_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const again = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await again.connect();
    await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await again.end();
  });
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

const eventIds = (device: MemoryDevice) => new Set(device.table('visitEvents').keys());

describe.each(DATABASES)('a restore behind a device that went past the backup (%s)', (kind) => {
  it('starts the device over from the restored data and still delivers what it recorded, once', async () => {
    const dataDir = folder();
    const port = await freePort();
    const databaseUrl = kind === 'postgres' ? await emptyPostgres() : undefined;
    // PGlite's folder starts as a seeded cluster (a first start is not what is tested here).
    if (!databaseUrl) await copySeededDataDir(dataDir);
    const on = (url: string | undefined) => (url ? { env: { DATABASE_URL: url } } : {});
    let server: RunningServer = await startServer({ dataDir, port, ...on(databaseUrl) });
    cleanups.push(() => server.stop('SIGKILL'));
    const url = () => server.url;
    // Logged in before the backup, so the session is in the restored database too.
    const auth = await apiLogin(url(), 'admin@acme.test');
    const seed = await pullEverything(url(), auth);
    const people = [...seed.table('people').keys()];
    const areaId = [...seed.table('areas').keys()][0]!;

    const device = newDevice(auth.userId);
    const engine = engineFor(device, { baseUrl: url, token: auth.token, backoff: { baseMs: 100, maxMs: 500 } });
    cleanups.push(() => engine.stop());
    const synced = async (what: string) => {
      await engine.sync();
      await waitFor(() => engine.getStatus().phase === 'idle' && device.outbox.length === 0, 60_000, what);
    };
    await synced('the first sync');

    /** `n` sign-ins acknowledged by the server from another device. */
    const acknowledged = async (n: number) => {
      const other = newDevice(auth.userId);
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const eventId = uuidv7();
        ids.push(eventId);
        await mutate(other.deps(), 'visit.signIn', { eventId, personId: people[i]!, areaId, at: Date.now() });
      }
      const sender = engineFor(other, { baseUrl: url, token: auth.token });
      await sender.sync();
      sender.stop();
      expect(other.outbox).toHaveLength(0);
      return ids;
    };

    // The backup, taken with the server stopped (on PGlite a running one is refused).
    await server.stop();
    const file = join(folder(), 'gatehouse.backup');
    await script(['backup', file], { dataDir, databaseUrl });
    server = await startServer({ dataDir, port, ...on(databaseUrl) });

    // After the backup: 5 sign-ins acknowledged, and the device pulls them.
    const lost = await acknowledged(5);
    await synced('the pull of the 5 sign-ins after the backup');
    for (const id of lost) expect(eventIds(device).has(id)).toBe(true);

    // The server goes down; the device records 2 sign-ins it cannot send yet.
    await server.stop();
    const mine: string[] = [];
    for (let i = 0; i < 2; i++) {
      const eventId = uuidv7();
      mine.push(eventId);
      await mutate(device.deps(), 'visit.signIn', { eventId, personId: people[5 + i]!, areaId, at: Date.now() });
    }
    expect(device.outbox).toHaveLength(2);

    // The operator restores the backup into a new folder and starts the server there; 8 new
    // sign-ins take the feed's sequence numbers the device already went past, and more.
    const restoredDir = folder();
    const restoredUrl = kind === 'postgres' ? await emptyPostgres() : undefined;
    await script(['restore', file, restoredDir], { dataDir: restoredDir, databaseUrl: restoredUrl });
    server = await startServer({ dataDir: restoredDir, port, ...on(restoredUrl) });
    const fresh = await acknowledged(8);

    await synced('the device to catch up with the restored server');
    const onServer = await pullEverything(url(), auth);
    const held = eventIds(device);
    // Exactly what the server holds: the lost sign-ins gone, the new ones there, its own once.
    expect([...held].sort()).toEqual([...eventIds(onServer)].sort());
    for (const id of lost) expect(held.has(id)).toBe(false);
    for (const id of [...fresh, ...mine]) expect(held.has(id)).toBe(true);
    const own = [...onServer.table('visitEvents').values()].filter((e) => e.deviceId === device.id);
    expect(own.map((e) => e.id).sort()).toEqual([...mine].sort());
    expect(device.rejected).toHaveLength(0);
  }, 180_000);
});
