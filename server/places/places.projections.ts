// What sites and areas look like on a device (catalogue tables `sites`, `areas`); a removed
// site or area is a delete for devices and stays in the database for the visits made there.
import { and, eq, isNull } from 'drizzle-orm';
import { areas, sites } from '../db/schema/places';
import type { ChangeInput, Executor } from '../sync/changes';

export const siteChange = (s: typeof sites.$inferSelect): ChangeInput =>
  s.deletedAt
    ? siteGone(s.id)
    : {
        table: 'sites',
        id: s.id,
        op: 'put',
        version: 1,
        data: { id: s.id, name: s.name, lat: s.lat, long: s.long, radius: s.radius, timeZone: s.timeZone },
      };

export const areaChange = (a: typeof areas.$inferSelect): ChangeInput =>
  a.deletedAt
    ? areaGone(a.id)
    : {
        table: 'areas',
        id: a.id,
        op: 'put',
        version: 1,
        data: {
          id: a.id,
          siteId: a.siteId,
          name: a.name,
          parentAreaId: a.parentAreaId,
          loginMode: a.loginMode,
          autoSignOutMode: a.autoSignOutMode,
          geofencing: a.geofencing,
        },
      };

export const siteGone = (id: string): ChangeInput => ({ table: 'sites', id, op: 'del', version: 1, data: null });
export const areaGone = (id: string): ChangeInput => ({ table: 'areas', id, op: 'del', version: 1, data: null });

export async function placesSnapshotOf(db: Executor, entityId: string): Promise<ChangeInput[]> {
  return [
    ...(
      await db
        .select()
        .from(sites)
        .where(and(eq(sites.entityId, entityId), isNull(sites.deletedAt)))
    ).map(siteChange),
    ...(
      await db
        .select()
        .from(areas)
        .where(and(eq(areas.entityId, entityId), isNull(areas.deletedAt)))
    ).map(areaChange),
  ];
}
