// How fresh the emergency data on this device is: when it last synced with the server, and
// how many sign-in devices the server has not heard from lately (their sign-ins may be
// missing here). The device list is fetched when online and kept for offline use.
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { staleDevices, type DeviceSeen } from '../../../../domain/emergency-list';
import { api } from '../../../api/client';
import { useDb } from '../../../db/db-context';
import { useSyncStatus } from '../../../sync/sync-context';

const DEVICES_KEY = 'emergency.devices';
interface StoredDevices { devices: DeviceSeen[]; serverTime: number }

export interface Freshness {
  online: boolean;
  asOf: number | null;
  stale: { count: number; since: number | null };
}

export function useFreshness(): Freshness {
  const db = useDb();
  const status = useSyncStatus();
  const stored = useLiveQuery(async () => ({
    seen: (await db.meta.get(DEVICES_KEY))?.value as StoredDevices | undefined,
    deviceId: (await db.meta.get('deviceId'))?.value as string | undefined,
  }), [db]);

  useEffect(() => {
    if (!status.online) return;
    let live = true;
    void api.get<{ data: DeviceSeen[]; serverTime: number }>('/emergency/devices').then(async (res) => {
      if (live && res.ok) await db.meta.put({ key: DEVICES_KEY, value: { devices: res.data.data, serverTime: res.data.serverTime } });
    });
    return () => {
      live = false;
    };
  }, [db, status.online, status.lastSyncAt]);

  const seen = stored?.seen;
  return {
    online: status.online,
    asOf: status.lastSyncAt,
    stale: seen ? staleDevices(seen.devices, seen.serverTime, stored?.deviceId) : { count: 0, since: null },
  };
}
