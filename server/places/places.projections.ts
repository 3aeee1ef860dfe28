// What sites and areas look like on a device (catalogue tables `sites`, `areas`).
import { eq } from 'drizzle-orm';
import { areas, sites } from '../db/schema/places';
import type { ChangeInput, Executor } from '../sync/changes';

export const siteChange = (s: typeof sites.$inferSelect): ChangeInput => ({
  table: 'sites',
  id: s.id,
  op: 'put',
  version: 1,
  data: { id: s.id, name: s.name, lat: s.lat, long: s.long, radius: s.radius },
});

export const areaChange = (a: typeof areas.$inferSelect): ChangeInput => ({
  table: 'areas',
  id: a.id,
  op: 'put',
  version: 1,
  data: { id: a.id, siteId: a.siteId, name: a.name, parentAreaId: a.parentAreaId, loginMode: a.loginMode },
});

export async function placesSnapshotOf(db: Executor, entityId: string): Promise<ChangeInput[]> {
  return [
    ...(await db.select().from(sites).where(eq(sites.entityId, entityId))).map(siteChange),
    ...(await db.select().from(areas).where(eq(areas.entityId, entityId))).map(areaChange),
  ];
}
