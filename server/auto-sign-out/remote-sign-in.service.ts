// Remote sign in/out (spec 1 §3 login modes): a logged-in person signs in or out from
// their phone while inside the site's geofence. The phone checks first; this checks again with
// the same domain/geofence.ts function. The event goes through recordVisitEvents (server/visits)
// like every other; the position is kept apart, unsynced, until scans retention removes it.
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { isCheckInOnly, isRemoteMode } from '../../domain/auto-sign-out';
import { checkGeofence, type RemoteSignInInput } from '../../domain/geofence';
import type { Db } from '../db/database';
import { areas, remotePositions, sites, users } from '../db/schema/index';
import { ApiError, notFound } from '../http/api-error';
import type { RequestContext } from '../http/context';
import { recordVisitEvents } from '../visits/record-visit-events';
import { openVisits } from './auto-sign-out.repo';

export function remoteSignInService(db: Db, now: () => number, onChanged: (entityId: string) => void) {
  async function remoteAreas(entityId: string) {
    const rows = await db
      .select({ area: areas, site: sites })
      .from(areas)
      .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
      .where(eq(areas.entityId, entityId))
      .orderBy(sites.name, areas.name);
    return rows.filter((r) => isRemoteMode(r.area.loginMode));
  }

  async function current(entityId: string, personId: string) {
    const [open] = (await openVisits(db, { entityId })).filter((v) => v.personId === personId);
    return open ? { area_id: open.areaId, at: open.signedInAt } : null;
  }

  return {
    /** The areas this person may sign in to from a phone, each with its site's circle. */
    async overview(ctx: RequestContext) {
      const list = await remoteAreas(ctx.entityId);
      return {
        areas: list.map(({ area, site }) => ({
          id: area.id,
          name: area.name,
          site_name: site.name,
          login_mode: area.loginMode,
          geofence:
            site.lat != null && site.long != null && site.radius != null
              ? { lat: site.lat, long: site.long, radius: site.radius }
              : null,
        })),
        current: await current(ctx.entityId, ctx.userId),
      };
    },

    async signInOut(ctx: RequestContext, input: RemoteSignInInput) {
      const entityId = ctx.entityId;
      const found = (await remoteAreas(entityId)).find((r) => r.area.id === input.area_id);
      if (!found) {
        const [exists] = await db
          .select({ id: areas.id })
          .from(areas)
          .where(and(eq(areas.entityId, entityId), eq(areas.id, input.area_id)));
        if (!exists) throw notFound();
        throw new ApiError(400, 'remote_sign_in_unavailable');
      }
      if (input.action === 'out' && isCheckInOnly(found.area.loginMode))
        throw new ApiError(400, 'remote_sign_in_unavailable');
      const check = checkGeofence(found.site, { lat: input.lat, long: input.long });
      if (!check.inside) throw new ApiError(400, 'outside_geofence', undefined, { distance: check.distance ?? 0 });
      const state = await current(entityId, ctx.userId);
      // Asking for the state one is already in changes nothing (a double tap, a retry).
      if ((input.action === 'in' && state?.area_id === input.area_id) || (input.action === 'out' && !state))
        return { current: state, distance: check.distance };
      const [person] = await db
        .select({ userTypeId: users.userTypeId })
        .from(users)
        .where(and(eq(users.entityId, entityId), eq(users.id, ctx.userId)));
      const t = now();
      const event = {
        id: uuidv7({ msecs: t }),
        personId: ctx.userId,
        kind: input.action,
        areaId: input.action === 'out' ? (state?.area_id ?? input.area_id) : input.area_id,
        journeyFlowId: null,
        userTypeId: person?.userTypeId ?? null,
        at: t,
        deviceId: null,
        mutationId: null,
        recordedBy: ctx.userId,
        receivedAt: new Date(t),
        details: { remote: true },
      };
      await db.transaction(async (tx) => {
        await recordVisitEvents(tx, { entityId }, [event]);
        await tx.insert(remotePositions).values({
          entityId,
          id: uuidv7({ msecs: t }),
          personId: ctx.userId,
          areaId: input.area_id,
          eventId: event.id,
          kind: input.action,
          lat: input.lat,
          long: input.long,
          accuracy: input.accuracy ?? null,
          distance: check.distance,
          at: t,
        });
      });
      onChanged(entityId);
      return {
        current: input.action === 'in' ? { area_id: input.area_id, at: t } : null,
        distance: check.distance,
      };
    },
  };
}
export type RemoteSignInService = ReturnType<typeof remoteSignInService>;
