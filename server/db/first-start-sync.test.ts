// a power cut soon after the very first start left the embedded database unable
// to start (initdb's files were never flushed). The first start on an empty folder now flushes
// every file and directory of the new cluster before the database is handed out; later starts
// on the same folder do not pay for it again.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every file and directory under `root`, and root itself. */
function everything(root: string): string[] {
  const out: string[] = [root];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) out.push(...everything(path));
    else out.push(path);
  }
  return out;
}

describe('the very first start of the embedded database', () => {
  it('flushes every file and directory of the new cluster before it answers', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'gatehouse-first-')), 'data');
    folders.push(dirname(dataDir));
    const synced: string[] = [];
    const database = await openDatabase({ dataDir, onFirstStartSync: (path) => synced.push(path) });
    // What is on disk the moment the database is handed out has all been flushed.
    const onDisk = everything(dataDir);
    expect(onDisk.length).toBeGreaterThan(500);
    expect(onDisk.some((p) => p.endsWith('PG_VERSION'))).toBe(true);
    expect(onDisk.filter((p) => !synced.includes(p))).toEqual([]);
    // The folder's own entry in its parent too (the folder itself was just created).
    expect(synced).toContain(dirname(dataDir));
    // Directories after what they hold: a flushed directory names only flushed files.
    expect(synced.indexOf(dataDir)).toBeGreaterThan(synced.indexOf(join(dataDir, 'PG_VERSION')));
    await database.migrate();
    await database.close();

    const again: string[] = [];
    const reopened = await openDatabase({ dataDir, onFirstStartSync: (path) => again.push(path) });
    const result = (await reopened.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(result.rows[0]!.n).toBeGreaterThan(0);
    expect(again).toEqual([]);
    await reopened.close();
  }, 120_000);
});
