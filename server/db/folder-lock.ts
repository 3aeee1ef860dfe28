// One PGlite folder has one process. The server and `npm run backup` /
// `npm run restore` each hold a lock file in the folder naming their pid; whoever finds the file
// naming a live process refuses with a clear message. A file left by a killed process (its pid
// is gone) is taken over. The file travels in no backup: restoreFolder removes it.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'gatehouse.lock';

export class FolderInUseError extends Error {}

interface LockInfo {
  pid: number;
  host: string;
  role: string;
  since: string;
}

/** Is `pid` a running process on this machine? (EPERM: it is, owned by someone else.) */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return null; // absent, or half written by a process that died writing it
  }
}

/** Who holds `dataDir` now (a live process other than this one), or null. */
export function folderHolder(dataDir: string): LockInfo | null {
  const info = readLock(join(dataDir, LOCK_FILE));
  if (!info || info.pid === process.pid) return null;
  // Another machine's pid cannot be checked from here: a shared folder's lock is taken as held.
  if (info.host !== hostname()) return info;
  return processAlive(info.pid) ? info : null;
}

const describeHolder = (h: LockInfo) =>
  h.role === 'server'
    ? `a Gatehouse server (pid ${h.pid}${h.host === hostname() ? '' : ` on ${h.host}`}) is running on this folder`
    : `\`npm run ${h.role}\` (pid ${h.pid}) is using this folder`;

/** Takes the folder for `role` ('server', 'backup', 'restore'); throws FolderInUseError while a
 * live process holds it. Returns the release (also run when this process exits). */
export function lockFolder(dataDir: string, role: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const info: LockInfo = { pid: process.pid, host: hostname(), role, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(info), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = folderHolder(dataDir);
      if (holder)
        throw new FolderInUseError(
          `${describeHolder(holder)}: ${dataDir}. Stop it first (one folder has one process), then try again.`,
        );
      unlinkSync(file); // left by a process that is gone
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    if (readLock(file)?.pid === process.pid) unlinkSync(file);
  };
  process.once('exit', release);
  return release;
}
