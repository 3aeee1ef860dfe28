// Sites and areas: every call checks ownership first (another company's id is a
// 404), then the permission, then the caller's site access (spec 1 §6 "admins of selected
// sites"); every write goes through the change feed so devices see it on their next pull.
import { webcrypto } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { signAreaQr } from '../../domain/area-token';
import { parentLoops, type AreaRequest, type SiteRequest } from '../../domain/places';
import { fromBase64Url, type SubtleLike } from '../../domain/qr-token';
import type { Db } from '../db/database';
import { visitEvents, visits } from '../db/schema/visits';
import { areas, sites } from '../db/schema/places';
import { ApiError, invalid, notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { entityKey } from '../preregistration/signing';
import type { Realtime } from '../realtime';
import { feedChanges } from '../sync/changes';
import { onAreaModeChanged } from '../auto-sign-out/auto-sign-out.service';
import { areaChange, areaGone, siteChange, siteGone } from './places.projections';
import { placesRepo, type AreaRow, type PlaceUse, type SiteRow } from './places.repo';

const subtle: SubtleLike = webcrypto.subtle;

export const siteOut = (s: SiteRow) => ({
  id: s.id,
  name: s.name,
  location_name: s.locationName,
  lat: s.lat,
  long: s.long,
  radius: s.radius,
  zoom: s.zoom,
  time_zone: s.timeZone,
});
export const areaOut = (a: AreaRow) => ({
  id: a.id,
  site_id: a.siteId,
  name: a.name,
  parent_area_id: a.parentAreaId,
  geofencing: a.geofencing,
  local_sync_ip: a.localSyncIp,
  local_sync_port: a.localSyncPort,
  auto_sign_out_mode: a.autoSignOutMode ?? 'none',
  login_mode: a.loginMode ?? 'sign in/sign out',
  fire_alarm: a.fireAlarm ?? null,
});

const siteValues = (b: SiteRequest) => ({
  name: b.name,
  locationName: b.location_name || null,
  lat: b.lat,
  long: b.long,
  radius: b.radius,
  zoom: b.zoom,
  timeZone: b.time_zone,
});
const areaValues = (b: AreaRequest) => ({
  name: b.name,
  parentAreaId: b.parent_area_id,
  geofencing: b.geofencing,
  localSyncIp: b.local_sync_ip || null,
  localSyncPort: b.local_sync_port,
  autoSignOutMode: b.auto_sign_out_mode,
  loginMode: b.login_mode,
  fireAlarm: b.fire_alarm,
});

const inUse = (code: 'site_in_use' | 'area_in_use', use: PlaceUse) => {
  const list = (names: string[]) => (names.length ? names.join(', ') : '—');
  return new ApiError(409, code, undefined, {
    visits: list(use.visits),
    kiosks: list(use.kiosks),
    journeys: list(use.journeys),
  });
};
const isUsed = (u: PlaceUse) => u.visits.length + u.kiosks.length + u.journeys.length > 0;

export function placesService(
  db: Db,
  now: () => number,
  onChanged: (entityId: string) => void,
  realtime?: Pick<Realtime, 'emitToEntity'>,
) {
  const repo = placesRepo(db);

  /** The site, if it is the caller's company's (404 otherwise), then permission, then access. */
  async function ownSite(ctx: RequestContext, id: string) {
    const site = await repo.site(ctx.entityId, id);
    if (!site) throw notFound();
    assertAllowed(ctx, 'sites_devices');
    const access = await repo.accessibleSiteIds(ctx.entityId, ctx.userId);
    if (access && !access.has(id)) throw new ApiError(403, 'site_no_access', undefined, { site: site.name });
    return site;
  }
  async function ownArea(ctx: RequestContext, id: string) {
    const area = await repo.area(ctx.entityId, id);
    if (!area) throw notFound();
    return { area, site: await ownSite(ctx, area.siteId) };
  }
  /** A parent must be a live area of the same site, and never the area itself or its child. */
  async function checkParent(ctx: RequestContext, siteId: string, areaId: string, parentId: string | null) {
    if (!parentId) return;
    const siblings = await repo.areasOf(ctx.entityId, [siteId]);
    const parentOf = new Map(siblings.map((a) => [a.id, a.parentAreaId]));
    if (!parentOf.has(parentId) || parentLoops(areaId, parentId, (id) => parentOf.get(id) ?? null))
      throw invalid({ parent_area_id: ['validation.site_parent'] });
  }
  async function write(entityId: string, work: Parameters<typeof db.transaction>[0]) {
    await db.transaction(work);
    onChanged(entityId);
  }

  return {
    /** The sites the caller may act on, each with its live areas. */
    async list(ctx: RequestContext) {
      assertAllowed(ctx, 'sites_devices');
      const access = await repo.accessibleSiteIds(ctx.entityId, ctx.userId);
      const rows = await repo.sites(ctx.entityId, access ? [...access] : undefined);
      const all = await repo.areasOf(
        ctx.entityId,
        rows.map((s) => s.id),
      );
      return rows.map((s) => ({ ...siteOut(s), areas: all.filter((a) => a.siteId === s.id).map(areaOut) }));
    },

    async get(ctx: RequestContext, id: string) {
      const site = await ownSite(ctx, id);
      return { ...siteOut(site), areas: (await repo.areasOf(ctx.entityId, [id])).map(areaOut) };
    },

    async create(ctx: RequestContext, body: SiteRequest) {
      assertAllowed(ctx, 'sites_devices');
      const row = { entityId: ctx.entityId, id: uuidv7(), ...siteValues(body) };
      const access = await repo.accessibleSiteIds(ctx.entityId, ctx.userId);
      await write(ctx.entityId, async (tx) => {
        const [site] = await tx.insert(sites).values(row).returning();
        // An admin of selected sites keeps access to the site they made.
        if (access) await repo.grantSite(tx, ctx.entityId, ctx.userId, row.id);
        await feedChanges(tx, ctx.entityId, [siteChange(site!)]);
      });
      realtime?.emitToEntity(ctx.entityId, 'update', {
        entity_id: ctx.entityId,
        type: 'site',
        name: row.name,
        created_by: ctx.userId,
      });
      return { ...siteOut({ ...row, deletedAt: null }), areas: [] };
    },

    async update(ctx: RequestContext, id: string, body: SiteRequest) {
      await ownSite(ctx, id);
      let updated: SiteRow | undefined;
      await write(ctx.entityId, async (tx) => {
        [updated] = await tx
          .update(sites)
          .set(siteValues(body))
          .where(and(eq(sites.entityId, ctx.entityId), eq(sites.id, id)))
          .returning();
        await feedChanges(tx, ctx.entityId, [siteChange(updated!)]);
      });
      return siteOut(updated!);
    },

    /** Refused while in use; otherwise the site and its areas are kept for history, gone for devices. */
    async remove(ctx: RequestContext, id: string) {
      await ownSite(ctx, id);
      const own = await repo.areasOf(ctx.entityId, [id]);
      const use = await repo.uses(
        ctx.entityId,
        own.map((a) => a.id),
        id,
      );
      if (isUsed(use)) throw inUse('site_in_use', use);
      const at = new Date(now());
      await write(ctx.entityId, async (tx) => {
        await tx
          .update(areas)
          .set({ deletedAt: at })
          .where(and(eq(areas.entityId, ctx.entityId), eq(areas.siteId, id), isNull(areas.deletedAt)));
        await tx
          .update(sites)
          .set({ deletedAt: at })
          .where(and(eq(sites.entityId, ctx.entityId), eq(sites.id, id)));
        await feedChanges(tx, ctx.entityId, [...own.map((a) => areaGone(a.id)), siteGone(id)]);
      });
    },

    async areasOfSite(ctx: RequestContext, siteId: string) {
      await ownSite(ctx, siteId);
      return (await repo.areasOf(ctx.entityId, [siteId])).map(areaOut);
    },

    async getArea(ctx: RequestContext, id: string) {
      return areaOut((await ownArea(ctx, id)).area);
    },

    async createArea(ctx: RequestContext, siteId: string, body: AreaRequest) {
      await ownSite(ctx, siteId);
      const id = uuidv7();
      await checkParent(ctx, siteId, id, body.parent_area_id);
      const row = { entityId: ctx.entityId, id, siteId, ...areaValues(body) };
      let created: AreaRow | undefined;
      await write(ctx.entityId, async (tx) => {
        [created] = await tx.insert(areas).values(row).returning();
        await feedChanges(tx, ctx.entityId, [areaChange(created!)]);
      });
      return areaOut(created!);
    },

    async updateArea(ctx: RequestContext, id: string, body: AreaRequest) {
      const { area } = await ownArea(ctx, id);
      await checkParent(ctx, area.siteId, id, body.parent_area_id);
      // Spec 1 §5: the geofence option cannot be removed while people are signed in by it.
      if (area.geofencing && !body.geofencing) {
        const use = await repo.uses(ctx.entityId, [id]);
        if (use.visits.length) throw inUse('area_in_use', { ...use, kiosks: [], journeys: [] });
      }
      let updated: AreaRow | undefined;
      await write(ctx.entityId, async (tx) => {
        [updated] = await tx
          .update(areas)
          .set(areaValues(body))
          .where(and(eq(areas.entityId, ctx.entityId), eq(areas.id, id)))
          .returning();
        await feedChanges(tx, ctx.entityId, [areaChange(updated!)]);
        // Spec 1 §4: leaving a check-in-only mode ends the area's open visits (server/auto-sign-out).
        await onAreaModeChanged(tx, ctx.entityId, id, area, updated!, now());
      });
      return areaOut(updated!);
    },

    async removeArea(ctx: RequestContext, id: string) {
      const { area } = await ownArea(ctx, id);
      const children = (await repo.areasOf(ctx.entityId, [area.siteId])).filter((a) => a.parentAreaId === id);
      if (children.length)
        throw new ApiError(409, 'area_has_children', undefined, { areas: children.map((c) => c.name).join(', ') });
      const use = await repo.uses(ctx.entityId, [id]);
      if (isUsed(use)) throw inUse('area_in_use', use);
      await write(ctx.entityId, async (tx) => {
        await tx
          .update(areas)
          .set({ deletedAt: new Date(now()) })
          .where(and(eq(areas.entityId, ctx.entityId), eq(areas.id, id)));
        await feedChanges(tx, ctx.entityId, [areaGone(id)]);
      });
    },

    /** The printable area QR: a token signed with the company's key, checked offline by devices. */
    async areaQr(ctx: RequestContext, id: string) {
      const { area, site } = await ownArea(ctx, id);
      const key = await entityKey(db, ctx.entityId, now);
      const token = await signAreaQr(subtle, fromBase64Url(key.privateKey)!, {
        kid: key.id,
        entityId: ctx.entityId,
        siteId: site.id,
        areaId: area.id,
      });
      return { token, area: area.name, site: site.name };
    },

    /** Positions people signed in with, for the geofence preview (none when no journey asks for GPS). */
    async positions(ctx: RequestContext, siteId: string) {
      await ownSite(ctx, siteId);
      const ids = (await repo.areasOf(ctx.entityId, [siteId])).map((a) => a.id);
      if (!ids.length) return [];
      const gps = sql`coalesce(${visitEvents.details} -> 'gps', ${visitEvents.details} -> 'position')`;
      const rows = await db
        .select({
          lat: sql<number | null>`(${gps} ->> 'lat')::float8`,
          long: sql<number | null>`(${gps} ->> 'long')::float8`,
        })
        .from(visits)
        .innerJoin(visitEvents, and(eq(visitEvents.entityId, visits.entityId), eq(visitEvents.id, visits.id)))
        .where(and(eq(visits.entityId, ctx.entityId), isNull(visits.timeOut), inArray(visits.areaId, ids)))
        .limit(500);
      return rows.filter((r) => Number.isFinite(r.lat) && Number.isFinite(r.long));
    },
  };
}
export type PlacesService = ReturnType<typeof placesService>;
