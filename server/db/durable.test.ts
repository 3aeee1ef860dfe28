// Durability of the embedded database: the server's PGlite folder runs with fsync on,
// and a commit reaches the disk (a push answered `applied` survives a power cut).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './database';
import { DurableNodeFS, durableStartParams } from './durable-nodefs';
import { copyMigratedDataDir } from '../test/db-templates';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-durable-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const setting = async (handle: Awaited<ReturnType<typeof openDatabase>>, name: 'fsync' | 'wal_sync_method') => {
  const result = (await handle.db.execute(sql.raw(`show ${name}`))) as unknown as {
    rows: Array<Record<string, string>>;
  };
  return result.rows[0]![name];
};

describe('the embedded database on a folder', () => {
  it('runs with fsync on, flushing the WAL with fsync', async () => {
    const dir = folder();
    await copyMigratedDataDir(dir);
    const handle = await openDatabase({ dataDir: dir });
    try {
      expect(await setting(handle, 'fsync')).toBe('on');
      expect(await setting(handle, 'wal_sync_method')).toBe('fsync');
    } finally {
      await handle.close();
    }
  });

  it('flushes a file to disk for every commit, and a fresh process reads what was committed', async () => {
    const dir = folder();
    const fs = new DurableNodeFS(dir);
    const first = new PGlite({ fs, startParams: durableStartParams() });
    await first.exec('create table pushes (id int primary key)');
    const before = fs.syncs;
    for (let i = 1; i <= 3; i++) await first.exec(`insert into pushes values (${i})`);
    expect(fs.syncs - before).toBeGreaterThanOrEqual(3);
    await first.close();

    const second = new PGlite({ fs: new DurableNodeFS(dir), startParams: durableStartParams() });
    expect((await second.query<{ n: number }>('select count(*)::int as n from pushes')).rows[0]!.n).toBe(3);
    await second.close();
  });

  it('keeps the relaxed setting only when asked (the benchmark that measures the difference)', async () => {
    const dir = folder();
    await copyMigratedDataDir(dir);
    const handle = await openDatabase({ dataDir: dir, durable: false });
    try {
      expect(await setting(handle, 'fsync')).toBe('off');
    } finally {
      await handle.close();
    }
  });
});
