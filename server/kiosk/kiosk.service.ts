// Kiosks: registration (a device token for the kiosk, not the admin), the dashboard's list
// with online/offline state, deregistration, and what the kiosks recorded.
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { RegisterKioskRequest } from '../../domain/kiosk';
import { entityRoom } from '../../sync/events';
import type { Db } from '../db/database';
import { areas, sites } from '../db/schema/places';
import { users } from '../db/schema/people';
import { kioskLogs, kiosks, kioskTokens, kioskVisits } from '../db/schema/kiosk';
import { entitySummary, insertKiosk, placeOf, type KioskRow } from './kiosk-registration';
import { attendanceModes } from '../db/schema/kiosk-config';
import { notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import type { Realtime } from '../realtime';

type Place = NonNullable<Awaited<ReturnType<typeof placeOf>>>;

export const kioskView = (k: KioskRow, online = false) => ({
  id: k.id,
  kiosk_name: k.kioskName,
  area_id: k.areaId,
  macAddress: k.macAddress,
  android_serial: k.androidSerial,
  serial_number: k.serialNumber,
  version: k.version,
  created_at: k.createdAt.getTime(),
  last_seen_at: k.lastSeenAt?.getTime() ?? null,
  state: online ? ('online' as const) : ('offline' as const),
});

/** What a newly registered device receives: its own token, its kiosk and its company. */
export const registered = (
  row: KioskRow,
  token: string,
  place: Place,
  entity: Awaited<ReturnType<typeof entitySummary>>,
) => ({
  access_token: token,
  kiosk: { ...kioskView(row), area_name: place.area.name, site_id: place.site.id, site_name: place.site.name },
  entity,
});

export function kioskService(db: Db, now: () => number, realtime?: Pick<Realtime, 'dataInRoom'>) {
  /** Socket presence: a kiosk is online while its socket is joined (last seen is set when it leaves). */
  async function connected(entityId: string): Promise<Set<string>> {
    const data = (await realtime?.dataInRoom(entityRoom(entityId))) ?? [];
    return new Set(data.map((d) => d.kioskId).filter((id): id is string => typeof id === 'string'));
  }
  const view = kioskView;
  const ownEntity = (ctx: RequestContext, entityId: string) => {
    if (entityId !== ctx.entityId) throw notFound();
  };
  async function ownKiosk(ctx: RequestContext, id: string): Promise<KioskRow> {
    const [row] = await db
      .select()
      .from(kiosks)
      .where(and(eq(kiosks.entityId, ctx.entityId), eq(kiosks.id, id), isNull(kiosks.deregisteredAt)));
    if (!row) throw notFound();
    return row;
  }

  return {
    async register(ctx: RequestContext, body: RegisterKioskRequest) {
      const place = await placeOf(db, ctx.entityId, body.area_id);
      if (!place) throw notFound();
      assertAllowed(ctx, 'sites_devices');
      const entity = await entitySummary(db, ctx.entityId);
      const { row, token } = await db.transaction((tx) =>
        insertKiosk(tx, {
          id: uuidv7(),
          entityId: ctx.entityId,
          kioskName: body.kiosk_name,
          areaId: place.area.id,
          registeredBy: ctx.userId,
          at: new Date(now()),
          macAddress: body.macAddress,
          androidSerial: body.android_serial,
          serialNumber: body.serial_number,
          version: body.version,
        }),
      );
      return registered(row, token, place, entity);
    },

    /** Sites with their areas, for the registration picker. */
    async areas(ctx: RequestContext) {
      assertAllowed(ctx, 'sites_devices');
      const rows = await db
        .select({ area: areas, site: sites })
        .from(areas)
        .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
        .where(eq(areas.entityId, ctx.entityId))
        .orderBy(sites.name, areas.name);
      return rows.map((r) => ({ id: r.area.id, name: r.area.name, site_id: r.site.id, site_name: r.site.name }));
    },

    async list(ctx: RequestContext, entityId: string) {
      ownEntity(ctx, entityId);
      assertAllowed(ctx, 'sites_devices');
      const rows = await db
        .select({ kiosk: kiosks, areaName: areas.name })
        .from(kiosks)
        .innerJoin(areas, and(eq(areas.entityId, kiosks.entityId), eq(areas.id, kiosks.areaId)))
        .where(and(eq(kiosks.entityId, ctx.entityId), isNull(kiosks.deregisteredAt)))
        .orderBy(kiosks.kioskName);
      const online = await connected(ctx.entityId);
      return rows.map((r) => ({ ...view(r.kiosk, online.has(r.kiosk.id)), area_name: r.areaName }));
    },

    async get(ctx: RequestContext, id: string) {
      const row = await ownKiosk(ctx, id);
      assertAllowed(ctx, 'sites_devices');
      return view(row, (await connected(ctx.entityId)).has(id));
    },

    async deregister(ctx: RequestContext, id: string) {
      await ownKiosk(ctx, id);
      assertAllowed(ctx, 'sites_devices');
      await db.transaction(async (tx) => {
        await tx.delete(kioskTokens).where(and(eq(kioskTokens.entityId, ctx.entityId), eq(kioskTokens.kioskId, id)));
        await tx
          .update(kiosks)
          .set({ deregisteredAt: new Date(now()) })
          .where(and(eq(kiosks.entityId, ctx.entityId), eq(kiosks.id, id)));
      });
    },

    /** The kiosks' journeys since a time, newest first, with the person's name and stage. */
    async visits(ctx: RequestContext, since: number) {
      assertAllowed(ctx, 'dashboard');
      const rows = await db
        .select({ v: kioskVisits, fullName: users.fullName })
        .from(kioskVisits)
        .innerJoin(users, and(eq(users.entityId, kioskVisits.entityId), eq(users.id, kioskVisits.personId)))
        .where(and(eq(kioskVisits.entityId, ctx.entityId), gte(kioskVisits.at, since)))
        .orderBy(desc(kioskVisits.at));
      return rows.map(({ v, fullName }) => ({
        id: v.id,
        person_id: v.personId,
        full_name: fullName,
        kiosk_id: v.kioskId,
        area_id: v.areaId,
        journey_id: v.journeyId,
        journey_flow_id: v.journeyFlowId,
        stage: v.stage,
        signed_in: v.signedIn,
        details: v.details,
        custom_fields: v.customFields,
        at: v.at,
      }));
    },

    async logs(ctx: RequestContext, since: number) {
      assertAllowed(ctx, 'show_kiosk_logs_list');
      return db
        .select()
        .from(kioskLogs)
        .where(and(eq(kioskLogs.entityId, ctx.entityId), gte(kioskLogs.at, since)))
        .orderBy(desc(kioskLogs.at))
        .limit(1000);
    },

    async attendanceModes(ctx: RequestContext, entityId: string) {
      ownEntity(ctx, entityId);
      assertAllowed(ctx, 'show_attendance_modes');
      return db
        .select()
        .from(attendanceModes)
        .where(eq(attendanceModes.entityId, ctx.entityId))
        .orderBy(attendanceModes.name);
    },

    async attendanceMode(ctx: RequestContext, id: string) {
      const [row] = await db
        .select()
        .from(attendanceModes)
        .where(and(eq(attendanceModes.entityId, ctx.entityId), eq(attendanceModes.id, id)));
      if (!row) throw notFound();
      assertAllowed(ctx, 'show_attendance_modes');
      return row;
    },
  };
}
export type KioskService = ReturnType<typeof kioskService>;
