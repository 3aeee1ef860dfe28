// Managing kiosks from the dashboard (spec 2 §7 "Kiosks"): move, settings and commands.
// A command is stored pending and sent to the kiosk's own socket room at once; a kiosk that is
// offline gets its pending commands when its socket joins again (see `joined`).
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { KIOSK_ROLE_NAME } from '../../domain/kiosk';
import {
  ACK_FROM,
  WAITING_STATUSES,
  type CommandBodyFields,
  type KioskCommandName,
  type KioskSettingRequest,
  type KioskSettingsPayload,
} from '../../domain/kiosk-commands';
import { kioskRoom, type KioskCommandAck, type KioskCommandEvent } from '../../sync/events';
import type { Db } from '../db/database';
import { kioskCommands } from '../db/schema/kiosk-commands';
import { kiosks } from '../db/schema/kiosk';
import { areas, sites } from '../db/schema/places';
import { users } from '../db/schema/people';
import { forbidden, invalid, notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import type { Realtime, RealtimeSocket } from '../realtime';
import { kioskRequests } from './kiosk-requests';

type CommandRow = typeof kioskCommands.$inferSelect;
type Hardware = Pick<KioskSettingRequest, 'macAddress' | 'android_serial' | 'serial_number'>;

const eventOf = (c: CommandRow): KioskCommandEvent => ({
  id: c.id,
  command: c.command as KioskCommandName,
  payload: c.payload,
  at: c.createdAt.getTime(),
});

export function kioskCommandsService(
  db: Db,
  now: () => number,
  realtime?: Pick<Realtime, 'emitToRoom' | 'dataInRoom'>,
) {
  /** Every id must be a live kiosk of the caller's company, or the whole call is a 404. */
  async function ownKiosks(ctx: RequestContext, ids: readonly string[]) {
    const unique = [...new Set(ids)];
    const rows = await db
      .select()
      .from(kiosks)
      .where(and(eq(kiosks.entityId, ctx.entityId), inArray(kiosks.id, unique), isNull(kiosks.deregisteredAt)));
    if (rows.length !== unique.length) throw notFound();
    return rows;
  }
  async function ownArea(ctx: RequestContext, areaId: string) {
    const [place] = await db
      .select({ area: areas, site: sites })
      .from(areas)
      .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
      .where(and(eq(areas.entityId, ctx.entityId), eq(areas.id, areaId)));
    if (!place) throw notFound();
    return place;
  }
  async function settingsOf(entityId: string, kioskId: string): Promise<KioskSettingsPayload> {
    const [row] = await db
      .select({ kiosk: kiosks, areaName: areas.name, siteName: sites.name })
      .from(kiosks)
      .innerJoin(areas, and(eq(areas.entityId, kiosks.entityId), eq(areas.id, kiosks.areaId)))
      .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
      .where(and(eq(kiosks.entityId, entityId), eq(kiosks.id, kioskId)));
    return {
      kiosk_name: row!.kiosk.kioskName,
      area_id: row!.kiosk.areaId,
      area_name: row!.areaName,
      site_name: row!.siteName,
    };
  }
  /** Stores the commands, then sends each to its kiosk's room (a kiosk not connected gets it on joining). */
  async function send(
    ctx: RequestContext,
    items: Array<{ kioskId: string; command: KioskCommandName; payload?: Record<string, unknown> }>,
  ) {
    const at = new Date(now());
    const sender = await senderOf(ctx);
    const devices = new Map(
      (
        await ownKiosks(
          ctx,
          items.map((i) => i.kioskId),
        )
      ).map((k) => [k.id, k]),
    );
    const rows = await db
      .insert(kioskCommands)
      .values(
        items.map((i) => ({
          entityId: ctx.entityId,
          id: uuidv7(),
          kioskId: i.kioskId,
          command: i.command,
          // Spec 1 §3 "Kiosk request" payload: who sent it to which kiosk, and the tech-team flag.
          payload: {
            ...(i.payload ?? {}),
            kioskName: devices.get(i.kioskId)!.kioskName,
            macAddress: devices.get(i.kioskId)!.macAddress,
            entityId: ctx.entityId,
            userName: sender.userName,
            isSuperAdmin: sender.isSuperAdmin,
          },
          status: 'placed',
          requestedBy: ctx.userId,
          createdAt: at,
        })),
      )
      .returning();
    const sent: string[] = [];
    for (const r of rows) {
      const room = kioskRoom(ctx.entityId, r.kioskId);
      realtime?.emitToRoom(room, 'kioskCommand', eventOf(r));
      if (((await realtime?.dataInRoom(room)) ?? []).length > 0) sent.push(r.id);
    }
    await markSent(ctx.entityId, sent);
    return rows.map((r) => ({
      id: r.id,
      kiosk_id: r.kioskId,
      command: r.command,
      status: sent.includes(r.id) ? 'pending' : r.status,
    }));
  }
  /** Placed requests that went out on a kiosk's socket are pending the kiosk's answer. */
  async function markSent(entityId: string, ids: string[]) {
    if (!ids.length) return;
    await db
      .update(kioskCommands)
      .set({ status: 'pending' })
      .where(
        and(eq(kioskCommands.entityId, entityId), inArray(kioskCommands.id, ids), eq(kioskCommands.status, 'placed')),
      );
  }
  async function senderOf(ctx: RequestContext) {
    const [u] = await db
      .select({ fullName: users.fullName, staff: users.platformStaff })
      .from(users)
      .where(and(eq(users.entityId, ctx.entityId), eq(users.id, ctx.userId)));
    return { userName: u?.fullName ?? '', isSuperAdmin: u?.staff ? 1 : 0 };
  }
  /** Spec fields sent in a body must agree with the token and the kiosks named (spec 2 §7). */
  async function checkBody(ctx: RequestContext, ids: readonly string[], body: CommandBodyFields) {
    const sender = await senderOf(ctx);
    if (body.entityId !== undefined && body.entityId !== ctx.entityId) throw forbidden();
    if (body.isSuperAdmin !== undefined && body.isSuperAdmin !== sender.isSuperAdmin) throw forbidden();
    if (body.userName !== undefined && body.userName !== sender.userName) throw forbidden();
    const rows = await ownKiosks(ctx, ids);
    const errors: Record<string, string[]> = {};
    if (body.kioskName !== undefined && !(rows.length === 1 && rows[0]!.kioskName === body.kioskName))
      errors.kioskName = ['validation.required'];
    if (body.macAddress !== undefined && !(rows.length === 1 && rows[0]!.macAddress === body.macAddress))
      errors.macAddress = ['validation.required'];
    if (Object.keys(errors).length) throw invalid(errors);
  }
  /** After a move or a settings change the kiosk is told its new name and area. */
  async function sendSettings(ctx: RequestContext, ids: readonly string[]) {
    const items = [];
    for (const id of ids)
      items.push({ kioskId: id, command: 'settings' as const, payload: { ...(await settingsOf(ctx.entityId, id)) } });
    await send(ctx, items);
  }
  const hardware = (b: Hardware) => ({
    ...(b.macAddress !== undefined ? { macAddress: b.macAddress || null } : {}),
    ...(b.android_serial !== undefined ? { androidSerial: b.android_serial || null } : {}),
    ...(b.serial_number !== undefined ? { serialNumber: b.serial_number || null } : {}),
  });

  return {
    now,
    ownKiosks,
    ...kioskRequests(db, ownKiosks, realtime),

    /** The kiosk's token is scoped through its kiosk row, so the move applies on its next request. */
    async move(ctx: RequestContext, ids: readonly string[], areaId: string) {
      await ownKiosks(ctx, ids);
      await ownArea(ctx, areaId);
      assertAllowed(ctx, 'sites_devices');
      await db
        .update(kiosks)
        .set({ areaId })
        .where(and(eq(kiosks.entityId, ctx.entityId), inArray(kiosks.id, [...ids])));
      await sendSettings(ctx, ids);
    },

    async setting(ctx: RequestContext, id: string, body: KioskSettingRequest) {
      await ownKiosks(ctx, [id]);
      assertAllowed(ctx, 'sites_devices');
      const set = { ...hardware(body), ...(body.kiosk_name ? { kioskName: body.kiosk_name } : {}) };
      if (Object.keys(set).length)
        await db
          .update(kiosks)
          .set(set)
          .where(and(eq(kiosks.entityId, ctx.entityId), eq(kiosks.id, id)));
      if (body.kiosk_name) await sendSettings(ctx, [id]);
    },

    async settingMany(ctx: RequestContext, ids: readonly string[], body: Hardware) {
      await ownKiosks(ctx, ids);
      assertAllowed(ctx, 'sites_devices');
      const set = hardware(body);
      if (Object.keys(set).length)
        await db
          .update(kiosks)
          .set(set)
          .where(and(eq(kiosks.entityId, ctx.entityId), inArray(kiosks.id, [...ids])));
    },

    /** The kiosk with its settings and its commands not yet carried out; an admin's, or the kiosk's own. */
    async withSetting(ctx: RequestContext, id: string) {
      const [k] = await ownKiosks(ctx, [id]);
      if (!(ctx.roleName === KIOSK_ROLE_NAME && ctx.userId === id)) assertAllowed(ctx, 'sites_devices');
      const pending = await db
        .select()
        .from(kioskCommands)
        .where(
          and(
            eq(kioskCommands.entityId, ctx.entityId),
            eq(kioskCommands.kioskId, id),
            inArray(kioskCommands.status, [...WAITING_STATUSES]),
          ),
        )
        .orderBy(asc(kioskCommands.createdAt));
      return {
        id: k!.id,
        ...(await settingsOf(ctx.entityId, id)),
        macAddress: k!.macAddress,
        android_serial: k!.androidSerial,
        serial_number: k!.serialNumber,
        version: k!.version,
        last_seen_at: k!.lastSeenAt?.getTime() ?? null,
        pending_commands: pending.map((c) => ({ id: c.id, command: c.command, created_at: c.createdAt.getTime() })),
      };
    },

    async command(
      ctx: RequestContext,
      ids: readonly string[],
      command: KioskCommandName,
      payload: Record<string, unknown> = {},
      body: CommandBodyFields = {},
    ) {
      await ownKiosks(ctx, ids);
      assertAllowed(ctx, 'sites_devices');
      await checkBody(ctx, ids, body);
      return send(
        ctx,
        ids.map((kioskId) => ({ kioskId, command, payload })),
      );
    },

    /** The build versions the company's kiosks report, with how many run each. */
    async appVersions(ctx: RequestContext) {
      assertAllowed(ctx, 'sites_devices');
      const rows = await db
        .select({ version: kiosks.version, n: sql<number>`count(*)::int` })
        .from(kiosks)
        .where(and(eq(kiosks.entityId, ctx.entityId), isNull(kiosks.deregisteredAt)))
        .groupBy(kiosks.version)
        .orderBy(kiosks.version);
      return rows.map((r) => ({ version: r.version, kiosks: Number(r.n) }));
    },

    /** A kiosk's socket joined: its own room, its pending commands, its acks, and last seen on leaving. */
    async joined(ctx: RequestContext, socket: RealtimeSocket) {
      if (ctx.roleName !== KIOSK_ROLE_NAME) return;
      socket.data = { ...(socket.data ?? {}), kioskId: ctx.userId };
      await socket.join(kioskRoom(ctx.entityId, ctx.userId));
      socket.on('kioskCommandAck', (ack: KioskCommandAck) => void this.acknowledge(ctx, ack).catch(() => undefined));
      socket.on(
        'disconnect',
        () =>
          void db
            .update(kiosks)
            .set({ lastSeenAt: new Date(now()) })
            .where(and(eq(kiosks.entityId, ctx.entityId), eq(kiosks.id, ctx.userId)))
            .catch(() => undefined),
      );
      const pending = await db
        .select()
        .from(kioskCommands)
        .where(
          and(
            eq(kioskCommands.entityId, ctx.entityId),
            eq(kioskCommands.kioskId, ctx.userId),
            inArray(kioskCommands.status, [...WAITING_STATUSES]),
          ),
        )
        .orderBy(asc(kioskCommands.createdAt));
      for (const c of pending) socket.emit('kioskCommand', eventOf(c));
      await markSent(
        ctx.entityId,
        pending.map((c) => c.id),
      );
    },

    /** Only the kiosk's own commands move on; a finished one never goes back to delivered. */
    async acknowledge(ctx: RequestContext, ack: KioskCommandAck) {
      if (typeof ack?.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(ack.id) || !Object.hasOwn(ACK_FROM, ack.status))
        return;
      const mine = and(
        eq(kioskCommands.entityId, ctx.entityId),
        eq(kioskCommands.kioskId, ctx.userId),
        eq(kioskCommands.id, ack.id),
      );
      const from = [...ACK_FROM[ack.status]];
      await db
        .update(kioskCommands)
        .set({ status: ack.status, deliveredAt: new Date(now()) })
        .where(and(mine, inArray(kioskCommands.status, from)));
    },
  };
}
export type KioskCommandsService = ReturnType<typeof kioskCommandsService>;
