// How fresh the emergency data on this device is: when it last synced with the server, and
// how many sign-in devices the server has not heard from lately (their sign-ins may be
// missing here). The device list is fetched when online and kept for offline use.
import { useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { staleDevices, type DeviceSeen } from '../../../../domain/emergency-list';
import type { SyncStatus } from '../../../../sync/engine';
import { api } from '../../../api/client';
import { useDb } from '../../../db/db-context';
import { useOnline } from '../../../sync/sync-context';

const DEVICES_KEY = 'emergency.devices';
/** A device is stale after 5 minutes unheard; asking the server every sync (every mark) only added load. */
const REFETCH_MS = 30_000;
interface StoredDevices { devices: DeviceSeen[]; serverTime: number }

export interface Freshness {
  online: boolean;
  asOf: number | null;
  stale: { count: number; since: number | null };
}


export function useFreshness(): Freshness {
  const db = useDb();
  const online = useOnline();
  // One read of three meta keys (not the sync badge's outbox and rejected counts): during a
  // roll call every read here queues in IndexedDB beside the wardens' marks.
  const stored = useLiveQuery(async () => {
    const [seen, deviceId, status] = await db.meta.bulkGet([DEVICES_KEY, 'deviceId', 'syncStatus']);
    return {
      seen: seen?.value as StoredDevices | undefined,
      deviceId: deviceId?.value as string | undefined,
      lastSyncAt: (status?.value as SyncStatus | undefined)?.lastSyncAt ?? null,
    };
  }, [db]);
  const lastSyncAt = stored?.lastSyncAt ?? null;

  const fetchedAt = useRef(0);
  useEffect(() => {
    if (!online || Date.now() - fetchedAt.current < REFETCH_MS) return;
    fetchedAt.current = Date.now();
    let live = true;
    void api.get<{ data: DeviceSeen[]; serverTime: number }>('/emergency/devices').then(async (res) => {
      if (live && res.ok) await db.meta.put({ key: DEVICES_KEY, value: { devices: res.data.data, serverTime: res.data.serverTime } });
      else if (!res.ok) fetchedAt.current = 0;
    });
    return () => {
      live = false;
    };
  }, [db, online, lastSyncAt]);

  const seen = stored?.seen;
  return {
    online,
    asOf: lastSyncAt,
    stale: seen ? staleDevices(seen.devices, seen.serverTime, stored?.deviceId) : { count: 0, since: null },
  };
}
