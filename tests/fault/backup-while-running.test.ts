// `npm run backup` of a PGlite folder refuses while a server runs on it (its
// archive would hold a moment in the middle of the pushes), and works once the server is gone —
// even one killed without a chance to remove its lock file.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../e2e/support/server';
import { copySeededDataDir } from '../../server/test/db-templates';
import { FolderInUseError, lockFolder } from '../../server/db/folder-lock';

const run = promisify(execFile);
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-lock-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** `npm run backup -- <file>` on DATA_DIR=dataDir: its exit code and what it printed. */
async function backup(dataDir: string, file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', 'backup', file], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

describe('backup of the embedded database while a server runs', () => {
  it('refuses with a clear message while the server holds the folder, and backs up once it is gone', async () => {
    const dataDir = folder();
    await copySeededDataDir(dataDir);
    const server = await startServer({ dataDir });
    cleanups.push(() => server.stop('SIGKILL'));
    const file = join(folder(), 'gatehouse.tar.gz');

    const refused = await backup(dataDir, file);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Gatehouse server \(pid \d+\) is running on this folder.*Stop it first/);
    expect(existsSync(file)).toBe(false);
    // A second server (or restore) on the same folder is refused the same way.
    expect(() => lockFolder(dataDir, 'server')).toThrow(FolderInUseError);

    // Killed: its lock file stays behind, naming a process that is gone.
    await server.stop('SIGKILL');
    expect(existsSync(join(dataDir, 'gatehouse.lock'))).toBe(true);
    const done = await backup(dataDir, file);
    expect(done.output).toContain('backup: done');
    expect(done.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(join(dataDir, 'gatehouse.lock'))).toBe(false);
  }, 180_000);
});
