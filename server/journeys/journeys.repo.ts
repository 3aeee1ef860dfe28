// Journey and flow rows, and the facts the builder's rules need: the company's user types, the
// caller's sites, and the visits signed in now through a journey (what "in use" means).
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { RegistrationMethod } from '../../domain/journey';
import type { Executor } from '../sync/changes';
import { userSiteAccess } from '../db/schema/emergency';
import { journeyFlows, journeys, userTypes } from '../db/schema/journeys';
import { areas, sites } from '../db/schema/places';
import { users } from '../db/schema/people';
import { visitEvents, visits } from '../db/schema/visits';

export interface VisitInUse {
  person: string;
  area: string;
}

export function journeysRepo(db: Executor) {
  const live = (entityId: string) => and(eq(journeys.entityId, entityId), isNull(journeys.deletedAt));
  const liveFlows = (entityId: string) => and(eq(journeyFlows.entityId, entityId), isNull(journeyFlows.deletedAt));
  return {
    list: (entityId: string) => db.select().from(journeys).where(live(entityId)).orderBy(asc(journeys.name)),

    async journey(entityId: string, id: string) {
      const [row] = await db
        .select()
        .from(journeys)
        .where(and(live(entityId), eq(journeys.id, id)));
      return row;
    },

    flowsOf: (entityId: string, journeyId: string) =>
      db
        .select()
        .from(journeyFlows)
        .where(and(liveFlows(entityId), eq(journeyFlows.journeyId, journeyId)))
        .orderBy(asc(journeyFlows.id)),

    flowCounts: (entityId: string) =>
      db
        .select({ journeyId: journeyFlows.journeyId, n: sql<number>`count(*)::int` })
        .from(journeyFlows)
        .where(liveFlows(entityId))
        .groupBy(journeyFlows.journeyId),

    async flow(entityId: string, id: string) {
      const [row] = await db
        .select()
        .from(journeyFlows)
        .innerJoin(journeys, and(eq(journeys.entityId, journeyFlows.entityId), eq(journeys.id, journeyFlows.journeyId)))
        .where(and(liveFlows(entityId), eq(journeyFlows.id, id), isNull(journeys.deletedAt)));
      return row;
    },

    async typeMethods(entityId: string): Promise<Map<string, RegistrationMethod>> {
      const rows = await db
        .select({ id: userTypes.id, method: userTypes.registrationMethod })
        .from(userTypes)
        .where(eq(userTypes.entityId, entityId));
      return new Map(rows.map((r) => [r.id, r.method]));
    },

    async siteIds(entityId: string): Promise<Set<string>> {
      const rows = await db.select({ id: sites.id }).from(sites).where(eq(sites.entityId, entityId));
      return new Set(rows.map((r) => r.id));
    },

    async areaIds(entityId: string): Promise<Set<string>> {
      const rows = await db.select({ id: areas.id }).from(areas).where(eq(areas.entityId, entityId));
      return new Set(rows.map((r) => r.id));
    },

    /** The sites a user may act on, or null for every site (no rows). */
    async siteAccess(entityId: string, userId: string): Promise<string[] | null> {
      const rows = await db
        .select({ siteId: userSiteAccess.siteId })
        .from(userSiteAccess)
        .where(and(eq(userSiteAccess.entityId, entityId), eq(userSiteAccess.userId, userId)));
      return rows.length ? rows.map((r) => r.siteId) : null;
    },

    /** Visits signed in now through one of the journey's flows, in the given sites (all when
     * not given). */
    async openVisits(entityId: string, journeyId: string, where: { siteIds?: string[] }): Promise<VisitInUse[]> {
      if (where.siteIds && where.siteIds.length === 0) return [];
      const rows = await db
        .select({ person: users.fullName, area: areas.name })
        .from(visits)
        .innerJoin(visitEvents, and(eq(visitEvents.entityId, visits.entityId), eq(visitEvents.id, visits.id)))
        .innerJoin(
          journeyFlows,
          and(eq(journeyFlows.entityId, visitEvents.entityId), eq(journeyFlows.id, visitEvents.journeyFlowId)),
        )
        .innerJoin(areas, and(eq(areas.entityId, visits.entityId), eq(areas.id, visits.areaId)))
        .innerJoin(users, and(eq(users.entityId, visits.entityId), eq(users.id, visits.personId)))
        .where(
          and(
            eq(visits.entityId, entityId),
            isNull(visits.timeOut),
            eq(journeyFlows.journeyId, journeyId),
            where.siteIds ? inArray(areas.siteId, where.siteIds) : undefined,
          ),
        )
        .orderBy(asc(users.fullName))
        .limit(20);
      return rows;
    },
  };
}
export type JourneysRepo = ReturnType<typeof journeysRepo>;
