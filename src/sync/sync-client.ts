// The page's side of sync: records mutations locally (event + outbox in one transaction) and
// nudges the sync worker, which pushes and pulls. Also asks for persistent storage.
import * as Comlink from 'comlink';
import { mutate, type MutateResult } from '../../sync/client';
import type { ArgsOf, MutationName } from '../../sync/catalogue';
import type { SyncWorkerApi } from '../../workers/sync.worker';
import type { GatehouseDb } from '../db/schema';
import { dexieMutateDeps } from './dexie-store';
import { spawnSyncWorker, takeEarly } from './early-worker';
import { listenForServerTime, pageClock } from './page-clock';

export interface SyncClient {
  record<N extends MutationName>(name: N, args: ArgsOf<N>): Promise<MutateResult>;
  trigger(): void;
  /** After a new login: replay what waited for it. */
  resume(): void;
  stop(): void;
}

export function startSync(db: GatehouseDb): SyncClient {
  // The worker syncs from the moment it runs; one spawned before the app loaded is adopted.
  const worker = takeEarly() ?? spawnSyncWorker();
  const api = Comlink.wrap<SyncWorkerApi>(worker);
  const onOnline = () => void api.setOnline(true);
  const onOffline = () => void api.setOnline(false);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  if (!navigator.onLine) onOffline();
  const stopClock = listenForServerTime();
  return {
    async record(name, args) {
      const result = await mutate({ ...dexieMutateDeps(db), clock: pageClock }, name, args);
      if (result.ok) void api.trigger();
      return result;
    },
    trigger: () => void api.trigger(),
    resume: () => void api.resume(),
    stop() {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      stopClock();
      worker.terminate();
    },
  };
}

export interface StorageState {
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
}

/** DESIGN "Storage": ask the browser not to evict us, and say how much room is left. */
export async function storageState(request = false): Promise<StorageState> {
  const storage = navigator.storage;
  if (!storage) return { persisted: null, usage: null, quota: null };
  const persisted =
    request && storage.persist ? await storage.persist() : storage.persisted ? await storage.persisted() : null;
  const estimate = storage.estimate ? await storage.estimate() : {};
  return { persisted, usage: estimate.usage ?? null, quota: estimate.quota ?? null };
}
