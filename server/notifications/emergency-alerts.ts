// The emergency start message: when a new incident starts (not a second warden joining one),
// every other person who may run the roll call for one of its sites is told through the same
// outbox as hosts (host_notifications rows with the session set), so a provider or mail server
// outage delays the alert but never loses it, and a device that started the session offline has
// it sent when its push is applied. Who: people with dashboard access, not archived or revoked,
// whose role allows `emergency`, with access to one of the session's sites (or to every site).
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { isAllowed } from '../../domain/permissions';
import { userSiteAccess } from '../db/schema/emergency';
import { hostNotifications } from '../db/schema/kiosk';
import { roles, users } from '../db/schema/people';
import { rowChange } from '../kiosk/kiosk.projections';
import type { ChangeInput, Executor } from '../sync/changes';

export interface StartedSession {
  sessionId: string;
  name: string;
  siteIds: readonly string[];
  startedBy: string;
  at: number;
}

/** The people to alert: may run the roll call at one of the sites, and are not the starter. */
export async function wardensFor(db: Executor, entityId: string, s: StartedSession): Promise<string[]> {
  const people = await db
    .select({ id: users.id, permissions: roles.permissions })
    .from(users)
    .innerJoin(roles, and(eq(roles.entityId, users.entityId), eq(roles.id, users.roleId)))
    .where(
      and(
        eq(users.entityId, entityId),
        eq(users.dashboardAccess, true),
        eq(users.archived, false),
        isNull(users.dashboardRevokedAt),
        ne(users.id, s.startedBy),
      ),
    );
  const allowed = people.filter((p) => isAllowed(p.permissions, 'emergency')).map((p) => p.id);
  if (!allowed.length) return [];
  const access = await db
    .select({ userId: userSiteAccess.userId, siteId: userSiteAccess.siteId })
    .from(userSiteAccess)
    .where(and(eq(userSiteAccess.entityId, entityId), inArray(userSiteAccess.userId, allowed)));
  const sitesOf = new Map<string, Set<string>>();
  for (const a of access) (sitesOf.get(a.userId) ?? sitesOf.set(a.userId, new Set()).get(a.userId)!).add(a.siteId);
  // No access rows: every site (as the emergency pages read it).
  return allowed.filter((id) => !sitesOf.has(id) || s.siteIds.some((site) => sitesOf.get(id)!.has(site)));
}

/** Queues one alert per warden in the session's transaction; answers their feed changes. */
export async function queueEmergencyAlerts(db: Executor, entityId: string, s: StartedSession): Promise<ChangeInput[]> {
  const wardens = await wardensFor(db, entityId, s);
  if (!wardens.length) return [];
  const rows = await db
    .insert(hostNotifications)
    .values(
      wardens.map((hostId) => ({
        entityId,
        id: uuidv7(),
        hostId,
        personId: s.startedBy,
        visitId: null,
        message: s.name,
        mailStatus: 'queued',
        at: s.at,
        emergencySessionId: s.sessionId,
      })),
    )
    .returning();
  return rows.map((r) => rowChange('hostNotifications', r));
}
