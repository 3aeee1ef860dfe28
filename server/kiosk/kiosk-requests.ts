// The requests (commands) sent to kiosks, as the dashboard lists them (spec 2 §7
// "GET /kiosks/requests/…"), and a kiosk's room data: whether its socket is joined now, when it
// was last seen, and what it has not yet received. Part of the kiosk commands service.
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  DONE_STATUSES,
  WAITING_STATUSES,
  type KioskCommandName,
  type KioskCommandStatus,
  type KioskRequestItem,
} from '../../domain/kiosk-commands';
import { kioskRoom } from '../../sync/events';
import type { Db } from '../db/database';
import { kioskCommands } from '../db/schema/kiosk-commands';
import { kiosks } from '../db/schema/kiosk';
import { users } from '../db/schema/people';
import { ApiError, notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import type { Realtime } from '../realtime';

const LIMIT = 200;
/** The update key is a secret of the sender; the list shows that one was given, not what it was. */
const shown = (payload: Record<string, unknown>) => {
  const { key, ...rest } = payload;
  return key === undefined ? rest : { ...rest, key: true };
};

type OwnKiosks = (ctx: RequestContext, ids: readonly string[]) => Promise<Array<typeof kiosks.$inferSelect>>;

export function kioskRequests(db: Db, ownKiosks: OwnKiosks, realtime?: Pick<Realtime, 'dataInRoom'>) {
  /** `all`, or a user of the caller's company (another company's user is a 404 like any other id). */
  async function senderFilter(ctx: RequestContext, userId: string): Promise<SQL | undefined> {
    if (userId === 'all') return undefined;
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.entityId, ctx.entityId), eq(users.id, userId)));
    if (!u) throw notFound();
    return eq(kioskCommands.requestedBy, userId);
  }
  async function list(ctx: RequestContext, where: SQL | undefined): Promise<KioskRequestItem[]> {
    const rows = await db
      .select({ c: kioskCommands, kioskName: kiosks.kioskName, fullName: users.fullName })
      .from(kioskCommands)
      .innerJoin(kiosks, and(eq(kiosks.entityId, kioskCommands.entityId), eq(kiosks.id, kioskCommands.kioskId)))
      .leftJoin(users, and(eq(users.entityId, kioskCommands.entityId), eq(users.id, kioskCommands.requestedBy)))
      .where(and(eq(kioskCommands.entityId, ctx.entityId), where))
      .orderBy(desc(kioskCommands.createdAt), desc(kioskCommands.id))
      .limit(LIMIT);
    return rows.map(({ c, kioskName, fullName }) => ({
      id: c.id,
      kiosk_id: c.kioskId,
      kiosk_name: kioskName,
      command: c.command as KioskCommandName,
      status: c.status as KioskCommandStatus,
      payload: shown(c.payload),
      requested_by: { id: c.requestedBy, full_name: fullName ?? null },
      created_at: c.createdAt.getTime(),
      status_at: c.deliveredAt?.getTime() ?? null,
    }));
  }

  /** Cancel one not yet delivered, close one that is done; anything else is a 409 saying so. */
  async function setState(ctx: RequestContext, id: string, action: 'cancel' | 'close', at: Date) {
    const [c] = await db
      .select()
      .from(kioskCommands)
      .where(and(eq(kioskCommands.entityId, ctx.entityId), eq(kioskCommands.id, id)));
    if (!c) throw notFound();
    await ownKiosks(ctx, [c.kioskId]);
    assertAllowed(ctx, 'sites_devices');
    const from: readonly string[] = action === 'cancel' ? WAITING_STATUSES : DONE_STATUSES;
    const to = action === 'cancel' ? 'canceled' : 'closed';
    const [done] = await db
      .update(kioskCommands)
      .set({ status: to, deliveredAt: at })
      .where(
        and(
          eq(kioskCommands.entityId, ctx.entityId),
          eq(kioskCommands.id, id),
          inArray(kioskCommands.status, [...from]),
        ),
      )
      .returning();
    if (!done) throw new ApiError(409, 'kiosk_request_state', undefined, { action: to });
    return { id, status: to as KioskCommandStatus };
  }

  return {
    setState,
    /** One kiosk's requests, newest first. */
    async requestsOfKiosk(ctx: RequestContext, kioskId: string, userId: string) {
      await ownKiosks(ctx, [kioskId]);
      const sender = await senderFilter(ctx, userId);
      assertAllowed(ctx, 'sites_devices');
      return list(ctx, and(eq(kioskCommands.kioskId, kioskId), sender));
    },

    /** Every kiosk's requests in the company, newest first. */
    async requestsOfEntity(ctx: RequestContext, entityId: string, userId: string) {
      if (entityId !== ctx.entityId) throw notFound();
      const sender = await senderFilter(ctx, userId);
      assertAllowed(ctx, 'sites_devices');
      return list(ctx, sender);
    },

    /** Socket presence now (not the list's refresh), last seen, and the commands still waiting. */
    async roomData(ctx: RequestContext, id: string) {
      const [k] = await ownKiosks(ctx, [id]);
      assertAllowed(ctx, 'sites_devices');
      const sockets = (await realtime?.dataInRoom(kioskRoom(ctx.entityId, id))) ?? [];
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
        id,
        connected: sockets.length > 0,
        sockets: sockets.length,
        last_seen_at: k!.lastSeenAt?.getTime() ?? null,
        pending_commands: pending.map((c) => ({ id: c.id, command: c.command, created_at: c.createdAt.getTime() })),
      };
    },
  };
}
