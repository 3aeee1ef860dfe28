// Reads for sites and areas: live rows of one company, the caller's site access, and what keeps
// a site or area "in use" (spec 1 §6: visits signed in, kiosks registered, journeys naming it).
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { userSiteAccess } from '../db/schema/emergency';
import { journeys } from '../db/schema/journeys';
import { kiosks } from '../db/schema/kiosk';
import { visits } from '../db/schema/visits';
import { users } from '../db/schema/people';
import { areas, sites } from '../db/schema/places';
import type { Executor } from '../sync/changes';

export type SiteRow = typeof sites.$inferSelect;
export type AreaRow = typeof areas.$inferSelect;

/** What holds a place; each list names at most a few so the refusal stays readable. */
export interface PlaceUse {
  visits: string[];
  kiosks: string[];
  journeys: string[];
}
const SHOWN = 10;

export function placesRepo(db: Db) {
  return {
    async sites(entityId: string, ids?: string[]): Promise<SiteRow[]> {
      if (ids && ids.length === 0) return [];
      return db
        .select()
        .from(sites)
        .where(and(eq(sites.entityId, entityId), isNull(sites.deletedAt), ids ? inArray(sites.id, ids) : undefined))
        .orderBy(asc(sites.name));
    },
    async site(entityId: string, id: string): Promise<SiteRow | undefined> {
      const [row] = await db
        .select()
        .from(sites)
        .where(and(eq(sites.entityId, entityId), eq(sites.id, id), isNull(sites.deletedAt)));
      return row;
    },
    async areasOf(entityId: string, siteIds: string[], ex: Executor = db): Promise<AreaRow[]> {
      if (siteIds.length === 0) return [];
      return ex
        .select()
        .from(areas)
        .where(and(eq(areas.entityId, entityId), inArray(areas.siteId, siteIds), isNull(areas.deletedAt)))
        .orderBy(asc(areas.name));
    },
    async area(entityId: string, id: string): Promise<AreaRow | undefined> {
      const [row] = await db
        .select()
        .from(areas)
        .where(and(eq(areas.entityId, entityId), eq(areas.id, id), isNull(areas.deletedAt)));
      return row;
    },
    /** The sites a user may act on, or null for every site (no rows: docs/decisions.md). */
    async accessibleSiteIds(entityId: string, userId: string): Promise<Set<string> | null> {
      const rows = await db
        .select({ siteId: userSiteAccess.siteId })
        .from(userSiteAccess)
        .where(and(eq(userSiteAccess.entityId, entityId), eq(userSiteAccess.userId, userId)));
      return rows.length ? new Set(rows.map((r) => r.siteId)) : null;
    },
    async grantSite(ex: Executor, entityId: string, userId: string, siteId: string) {
      await ex.insert(userSiteAccess).values({ entityId, userId, siteId }).onConflictDoNothing();
    },
    /** Who or what keeps these areas (and, for a site, the site itself) from being removed. */
    async uses(entityId: string, areaIds: string[], siteId?: string): Promise<PlaceUse> {
      const some = areaIds.length > 0;
      const open = some
        ? await db
            .select({ name: users.fullName })
            .from(visits)
            .innerJoin(users, and(eq(users.entityId, visits.entityId), eq(users.id, visits.personId)))
            .where(and(eq(visits.entityId, entityId), isNull(visits.timeOut), inArray(visits.areaId, areaIds)))
            .orderBy(asc(users.fullName))
            .limit(SHOWN)
        : [];
      const devices = some
        ? await db
            .select({ name: kiosks.kioskName })
            .from(kiosks)
            .where(and(eq(kiosks.entityId, entityId), inArray(kiosks.areaId, areaIds), isNull(kiosks.deregisteredAt)))
            .orderBy(asc(kiosks.kioskName))
            .limit(SHOWN)
        : [];
      // A journey names places in its settings: `sites` (access) and `areas` (kiosks offering it).
      const naming = [
        ...areaIds.map((id) => sql`${journeys.settings} -> 'areas' ? ${id}`),
        ...(siteId ? [sql`${journeys.settings} -> 'sites' ? ${siteId}`] : []),
      ];
      const named = naming.length
        ? await db
            .select({ name: journeys.name })
            .from(journeys)
            .where(and(eq(journeys.entityId, entityId), isNull(journeys.deletedAt), or(...naming)))
            .orderBy(asc(journeys.name))
            .limit(SHOWN)
        : [];
      return {
        visits: open.map((r) => r.name),
        kiosks: devices.map((r) => r.name),
        journeys: named.map((r) => r.name),
      };
    },
  };
}
export type PlacesRepo = ReturnType<typeof placesRepo>;
