// Starts sync for a logged-in session and gives screens the client and a live status.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncStatus } from '../../sync/engine';
import { useStoredUser } from '../api/session';
import { useDb } from '../db/db-context';
import { takeEarly } from './early-worker';
import { startSync, storageState, type SyncClient } from './sync-client';

const SyncContext = createContext<SyncClient | null>(null);

export function SyncProvider({ children }: { children: ReactNode }) {
  const db = useDb();
  const stored = useStoredUser();
  const token = stored?.data.access_token;
  const [client, setClient] = useState<SyncClient | null>(null);

  useEffect(() => {
    // No session after all (it was cleared): a worker spawned early for it stops.
    if (!token) return void takeEarly()?.terminate();
    const started = startSync(db);
    setClient(started);
    void storageState(true);
    return () => {
      started.stop();
      setClient(null);
    };
  }, [db, token]);

  return <SyncContext.Provider value={client}>{children}</SyncContext.Provider>;
}

/** Null until a session exists; mutations need a logged-in user. */
export function useSync(): SyncClient | null {
  return useContext(SyncContext);
}

export interface LiveSyncStatus {
  pending: number;
  rejected: number;
  online: boolean;
  phase: SyncStatus['phase'] | 'starting';
  lastSyncAt: number | null;
  lastError: string | null;
}

/** The browser's own online flag, following its online/offline events. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** Counts come straight from IndexedDB, so a tap shows as pending at once, in every tab. */
export function useSyncStatus(): LiveSyncStatus {
  const db = useDb();
  const online = useOnline();
  // One read-only transaction for the three reads (not three in a row): this re-runs on every
  // status write and outbox change, and each transaction queues beside the next mark's write.
  const live = useLiveQuery(
    () =>
      db.transaction('r', db.outbox, db.rejected, db.meta, async () => {
        const [pending, rejected, status] = await Promise.all([
          db.outbox.count(),
          db.rejected.count(),
          db.meta.get('syncStatus'),
        ]);
        return { pending, rejected, status: status?.value as SyncStatus | undefined };
      }),
    [db],
  );
  return {
    pending: live?.pending ?? 0,
    rejected: live?.rejected ?? 0,
    online,
    phase: live?.status?.phase ?? 'starting',
    lastSyncAt: live?.status?.lastSyncAt ?? null,
    lastError: live?.status?.lastError ?? null,
  };
}
