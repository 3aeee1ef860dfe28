// The sync worker, created as early as the page can: main.tsx spawns it for a signed-in admin
// before the app's code has loaded, so the first pull overlaps the app's start (the
// worker used to wait for React's first render, about half a second after the page loaded).
// The worker starts syncing as soon as it runs (workers/sync.worker.ts); SyncProvider adopts it.
let early: Worker | null = null;

export function spawnSyncWorker(): Worker {
  return new Worker(new URL('../../workers/sync.worker.ts', import.meta.url), {
    type: 'module',
    name: 'gatehouse-sync',
  });
}

/** Spawns the worker now; the first startSync() takes it. */
export function spawnEarly(): void {
  early ??= spawnSyncWorker();
}

/** The worker spawned early, once; null when there was none (or it was taken). */
export function takeEarly(): Worker | null {
  const worker = early;
  early = null;
  return worker;
}
