// The sites and their areas as this device holds them (synced tables sites and areas), in the
// sites page's own shape: shown until the server answers, and offline.
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../../../db/db-context';
import type { AreaItem, SiteItem } from './use-places';

export function useLocalPlaces(): SiteItem[] | undefined {
  const db = useDb();
  return useLiveQuery(async () => {
    const [sites, areas] = await Promise.all([db.sites.toArray(), db.areas.toArray()]);
    const bySite = new Map<string, AreaItem[]>();
    for (const a of areas.sort((x, y) => x.name.localeCompare(y.name)))
      bySite.set(a.siteId, [
        ...(bySite.get(a.siteId) ?? []),
        {
          id: a.id,
          site_id: a.siteId,
          name: a.name,
          parent_area_id: a.parentAreaId ?? null,
          geofencing: Boolean(a.geofencing),
          local_sync_ip: null,
          local_sync_port: null,
          auto_sign_out_mode: a.autoSignOutMode ?? '',
          login_mode: a.loginMode ?? '',
          fire_alarm: null,
        },
      ]);
    return sites
      .sort((x, y) => x.name.localeCompare(y.name))
      .map((s) => ({
        id: s.id,
        name: s.name,
        location_name: null,
        lat: s.lat ?? null,
        long: s.long ?? null,
        radius: s.radius ?? null,
        zoom: null,
        time_zone: s.timeZone ?? 'UTC',
        areas: bySite.get(s.id) ?? [],
      }));
  }, [db]);
}
