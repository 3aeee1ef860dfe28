// A new PGlite cluster reaches the disk before the server answers. initdb
// writes ~1,000 files (PG_VERSION, global/*, base/*, pg_xact/0000) with fsync off and no WAL to
// replay them from, so a power cut soon after the very first start (or a restore) left a folder
// PostgreSQL could not start on. Every file, then every directory (its entries), children before
// parents, then the folder's own parent (the entry naming the folder) is flushed.
import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Called after each flush (a test checks that every file of the folder was flushed). */
export type SyncObserver = (path: string) => void;

function flush(path: string, observe?: SyncObserver): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  observe?.(path);
}

/** fsyncs every file and directory under `root`, and root's parent; returns how many. */
export function syncTree(root: string, observe?: SyncObserver): number {
  let count = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        flush(path, observe);
        count++;
      }
    }
    flush(dir, observe);
    count++;
  };
  walk(root);
  flush(dirname(root), observe);
  return count + 1;
}
