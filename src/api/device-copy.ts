// The last answer a page got from the server, kept in IndexedDB (the meta table) with when it
// came, for pages whose data no synced table holds in the page's shape: offline the page shows
// that copy and its age instead of "could not be loaded". Per user, so another
// login on the same device never sees it.
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../db/db-context';
import type { GatehouseDb } from '../db/schema';
import { useStoredUser } from './session';

export interface DeviceCopy<T> {
  data: T;
  savedAt: number;
}

const keyOf = (userId: string, name: string) => `copy:${userId}:${name}`;

export async function saveCopy(db: GatehouseDb, userId: string, name: string, data: unknown, now = Date.now()) {
  await db.meta.put({ key: keyOf(userId, name), value: { data, savedAt: now } satisfies DeviceCopy<unknown> });
}

export async function readCopy<T>(db: GatehouseDb, userId: string, name: string): Promise<DeviceCopy<T> | null> {
  const row = await db.meta.get(keyOf(userId, name));
  return (row?.value as DeviceCopy<T> | undefined) ?? null;
}

/**
 * `fresh` is what the server answered (null until then, or when it could not be reached): each
 * new answer is kept; the kept copy is returned for the page to show while `fresh` is null.
 */
export function useDeviceCopy<T>(name: string, fresh: T | null | undefined): DeviceCopy<T> | null {
  const db = useDb();
  const userId = useStoredUser()?.data.user.id ?? '';
  useEffect(() => {
    if (userId && fresh !== null && fresh !== undefined) void saveCopy(db, userId, name, fresh);
  }, [db, userId, name, fresh]);
  return useLiveQuery(() => (userId ? readCopy<T>(db, userId, name) : null), [db, userId, name]) ?? null;
}
