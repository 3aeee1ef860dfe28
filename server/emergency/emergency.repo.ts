// Reads for emergency sessions: sessions with their sites, marks, the events a roll call
// needs, places, site access and devices. Every query is scoped to one entity.
import { and, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { RollCallMark } from '../../domain/emergency';
import type { SessionInfo } from '../../domain/emergency-sessions';
import type { PresenceEvent } from '../../domain/presence';
import type { Executor } from '../sync/changes';
import { emergencySessions, emergencySessionSites, rollCallMarks, userSiteAccess } from '../db/schema/emergency';
import { users } from '../db/schema/people';
import { areas, sites } from '../db/schema/places';
import { devices } from '../db/schema/sync';
import { kioskVisits } from '../db/schema/kiosk';
import { visitEvents } from '../db/schema/visits';

type Rows<T> = { rows: T[] };

export function emergencyRepo(db: Executor) {
  return {
    async sessions(entityId: string): Promise<SessionInfo[]> {
      const siteRows = await db
        .select()
        .from(emergencySessionSites)
        .where(eq(emergencySessionSites.entityId, entityId));
      const siteIds = new Map<string, string[]>();
      for (const r of siteRows)
        (siteIds.get(r.sessionId) ?? siteIds.set(r.sessionId, []).get(r.sessionId)!).push(r.siteId);
      const rows = await db.select().from(emergencySessions).where(eq(emergencySessions.entityId, entityId));
      return rows.map((s) => ({
        id: s.id,
        name: s.name,
        siteIds: siteIds.get(s.id) ?? [],
        startedAt: s.startedAt,
        startedBy: s.startedBy,
        endedAt: s.endedAt,
        endedBy: s.endedBy,
      }));
    },

    async marks(entityId: string, sessionIds: readonly string[]): Promise<RollCallMark[]> {
      if (sessionIds.length === 0) return [];
      const rows = await db
        .select()
        .from(rollCallMarks)
        .where(and(eq(rollCallMarks.entityId, entityId), inArray(rollCallMarks.sessionId, [...sessionIds])));
      return rows.map((m) => ({
        id: m.id,
        sessionId: m.sessionId,
        personId: m.personId,
        status: m.status,
        at: m.at,
        markedBy: m.markedBy,
        deviceId: m.deviceId,
        settles: m.settles,
      }));
    },

    /** What a roll call from `start` to `end` needs: each person's latest event up to the start, and every event after it. */
    async eventsFor(entityId: string, start: number, end: number | null): Promise<PresenceEvent[]> {
      const latest = (await db.execute(sql`
        select distinct on (person_id) id, person_id, kind, area_id, at from visit_events
        where entity_id = ${entityId} and at <= ${start}
        order by person_id, at desc, id desc`)) as unknown as Rows<{
        id: string;
        person_id: string;
        kind: 'in' | 'out';
        area_id: string | null;
        at: string | number;
      }>;
      const during = await db
        .select({
          id: visitEvents.id,
          personId: visitEvents.personId,
          kind: visitEvents.kind,
          areaId: visitEvents.areaId,
          at: visitEvents.at,
        })
        .from(visitEvents)
        .where(
          and(
            eq(visitEvents.entityId, entityId),
            gt(visitEvents.at, start),
            ...(end === null ? [] : [lte(visitEvents.at, end)]),
          ),
        );
      return [
        ...latest.rows.map((r) => ({
          id: r.id,
          personId: r.person_id,
          kind: r.kind,
          areaId: r.area_id as string,
          at: Number(r.at),
        })),
        ...during.map((e) => ({ ...e, areaId: e.areaId as string })),
      ];
    },

    /** Each person's latest event: who is on site now. */
    async latestEvents(entityId: string) {
      const result = (await db.execute(sql`
        select distinct on (person_id) id, person_id, kind, area_id, user_type_id, details, at from visit_events
        where entity_id = ${entityId}
        order by person_id, at desc, id desc`)) as unknown as Rows<{
        id: string;
        person_id: string;
        kind: 'in' | 'out';
        area_id: string | null;
        user_type_id: string | null;
        details: Record<string, unknown> | null;
        at: string | number;
      }>;
      return result.rows.map((r) => ({
        id: r.id,
        personId: r.person_id,
        kind: r.kind,
        areaId: r.area_id as string,
        userTypeId: r.user_type_id,
        details: r.details,
        at: Number(r.at),
      }));
    },

    /** Kiosk visits not signed in since `since` (those waiting at reception among them). */
    async unsignedVisits(entityId: string, since: number) {
      return db
        .select({
          id: kioskVisits.id,
          personId: kioskVisits.personId,
          areaId: kioskVisits.areaId,
          at: kioskVisits.at,
          stage: kioskVisits.stage,
          details: kioskVisits.details,
        })
        .from(kioskVisits)
        .where(and(eq(kioskVisits.entityId, entityId), eq(kioskVisits.signedIn, false), gte(kioskVisits.at, since)));
    },

    async places(entityId: string) {
      const siteRows = await db
        .select({ id: sites.id, name: sites.name })
        .from(sites)
        .where(eq(sites.entityId, entityId));
      const areaRows = await db
        .select({ id: areas.id, name: areas.name, siteId: areas.siteId })
        .from(areas)
        .where(eq(areas.entityId, entityId));
      return { sites: siteRows, areas: areaRows, areaSite: new Map(areaRows.map((a) => [a.id, a.siteId])) };
    },

    async people(entityId: string) {
      return db
        .select({
          id: users.id,
          fullName: users.fullName,
          phone: users.phone,
          countryCode: users.countryCode,
          image: users.image,
          userTypeId: users.userTypeId,
        })
        .from(users)
        .where(eq(users.entityId, entityId));
    },

    /** The sites a user may act on, or null for every site (no rows). */
    async siteAccess(entityId: string, userId: string): Promise<string[] | null> {
      const rows = await db
        .select({ siteId: userSiteAccess.siteId })
        .from(userSiteAccess)
        .where(and(eq(userSiteAccess.entityId, entityId), eq(userSiteAccess.userId, userId)));
      return rows.length ? rows.map((r) => r.siteId) : null;
    },

    /** Devices that recorded sign-ins in the last week, with when each was last heard from. */
    async signInDevices(entityId: string, since: Date) {
      const result = (await db.execute(sql`
        select d.id as device_id, max(d.last_seen_at) as last_seen_at from ${devices} d
        where d.entity_id = ${entityId} and exists (
          select 1 from ${visitEvents} e where e.entity_id = d.entity_id and e.device_id = d.id and e.received_at > ${since.toISOString()}
        )
        group by d.id`)) as unknown as Rows<{ device_id: string; last_seen_at: string | Date }>;
      return result.rows.map((r) => ({ deviceId: r.device_id, lastSeenAt: new Date(r.last_seen_at).getTime() }));
    },

    async userNames(entityId: string, ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(and(eq(users.entityId, entityId), inArray(users.id, [...new Set(ids)])));
      return new Map(rows.map((r) => [r.id, r.fullName]));
    },
  };
}
export type EmergencyRepo = ReturnType<typeof emergencyRepo>;
