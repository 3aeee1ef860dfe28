// Server applies of the emergency mutations (registered in server/sync/handlers.ts). Each runs
// in the push transaction's savepoint; throwing ApiError rejects the mutation alone.
import { and, eq, sql } from 'drizzle-orm';
import { groupOfSession, groupSessions, shouldMerge, sitesBlockingEnd } from '../../domain/emergency-sessions';
import type { ArgsOf } from '../../sync/catalogue';
import type { SessionEvent } from '../../sync/events';
import { emergencySessions, emergencySessionSites, rollCallMarks } from '../db/schema/emergency';
import { ApiError, notFound } from '../http/api-error';
import type { ApplyContext, FeatureMutations, ServerMutation } from '../sync/handlers';
import { queueEmergencyAlerts } from '../notifications/emergency-alerts';
import { emergencyRepo } from './emergency.repo';
import { markChange, sessionChange } from './emergency.projections';

async function sessionEvent(
  a: ApplyContext,
  groupId: string,
  name: string,
  siteIds: readonly string[],
  extra: Partial<SessionEvent>,
): Promise<SessionEvent> {
  const repo = emergencyRepo(a.tx);
  const [names, { sites }] = [await repo.userNames(a.ctx.entityId, [a.ctx.userId]), await repo.places(a.ctx.entityId)];
  const siteName = new Map(sites.map((s) => [s.id, s.name]));
  return {
    entity_id: a.ctx.entityId,
    session: 'started',
    sessionId: groupId,
    sessionName: name,
    userName: names.get(a.ctx.userId) ?? '',
    siteIds: [...siteIds],
    siteNames: siteIds.map((id) => siteName.get(id) ?? ''),
    ...extra,
  };
}

const start: ServerMutation<'emergency.start'> = {
  async apply(a, args: ArgsOf<'emergency.start'>) {
    const entityId = a.ctx.entityId;
    const before = await emergencyRepo(a.tx).sessions(entityId);
    const row = {
      entityId,
      id: args.sessionId,
      name: args.name,
      startedAt: a.time(args.at),
      startedBy: a.ctx.userId,
      deviceId: a.deviceId,
      mutationId: a.mutationId,
      receivedAt: a.receivedAt,
    };
    // The same session id sent again under another mutation id is the same session: a no-op.
    const [inserted] = await a.tx.insert(emergencySessions).values(row).onConflictDoNothing().returning();
    if (!inserted) return;
    const siteIds = [...new Set(args.siteIds)];
    // A site of another company fails its foreign key: 404, and nothing of this mutation is kept.
    await a.tx
      .insert(emergencySessionSites)
      .values(siteIds.map((siteId) => ({ entityId, sessionId: inserted.id, siteId })));
    a.change(sessionChange(inserted, siteIds));
    const info = { siteIds, startedAt: inserted.startedAt };
    const mergedInto = before.some((s) => shouldMerge(s, info));
    const group = groupOfSession(
      groupSessions([
        ...before,
        { ...info, id: inserted.id, name: inserted.name, startedBy: inserted.startedBy, endedAt: null, endedBy: null },
      ]),
      inserted.id,
    )!;
    const payload = await sessionEvent(a, group.id, group.name, group.siteIds, { startedBy: a.ctx.userId });
    // A second warden's start for the same incident joins it quietly; only a new incident pops up.
    if (!mergedInto) {
      a.notify({ event: 'pongStartSessionDiffAdmin', payload });
      // The other wardens are told on their own channels too, through the notification outbox.
      const alerts = await queueEmergencyAlerts(a.tx, entityId, {
        sessionId: inserted.id,
        name: inserted.name,
        siteIds,
        startedBy: a.ctx.userId,
        at: inserted.startedAt,
      });
      for (const change of alerts) a.change(change);
    }
    a.notify({ event: 'updateEmergencySessionData', payload });
  },
};

const mark: ServerMutation<'emergency.mark'> = {
  async apply(a, args: ArgsOf<'emergency.mark'>) {
    const entityId = a.ctx.entityId;
    const [session] = await a.tx
      .select({ id: emergencySessions.id })
      .from(emergencySessions)
      .where(and(eq(emergencySessions.entityId, entityId), eq(emergencySessions.id, args.sessionId)));
    if (!session) throw notFound();
    // Marks are kept even after the session ended: a warden who was offline must not lose one.
    const [inserted] = await a.tx
      .insert(rollCallMarks)
      .values({
        entityId,
        id: args.markId,
        sessionId: args.sessionId,
        personId: args.personId,
        status: args.status,
        at: a.time(args.at),
        markedBy: a.ctx.userId,
        deviceId: a.deviceId,
        settles: args.settles ?? false,
        mutationId: a.mutationId,
        receivedAt: a.receivedAt,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) a.change(markChange(inserted));
  },
};

const end: ServerMutation<'emergency.end'> = {
  async apply(a, args: ArgsOf<'emergency.end'>) {
    const entityId = a.ctx.entityId;
    const where = and(eq(emergencySessions.entityId, entityId), eq(emergencySessions.id, args.sessionId));
    const [row] = await a.tx.select().from(emergencySessions).where(where).for('update');
    if (!row) throw notFound();
    const repo = emergencyRepo(a.tx);
    const group = groupOfSession(groupSessions(await repo.sessions(entityId)), row.id)!;
    const access = await repo.siteAccess(entityId, a.ctx.userId);
    if (access !== null && group.siteIds.some((s) => !access.includes(s))) {
      const { areaSite } = await repo.places(entityId);
      const occupied = new Set(
        (await repo.latestEvents(entityId))
          .filter((e) => e.kind === 'in' && e.areaId)
          .map((e) => areaSite.get(e.areaId) ?? ''),
      );
      if (sitesBlockingEnd(group.siteIds, access, occupied).length)
        throw new ApiError(403, 'emergency_sites_inaccessible');
    }
    const endedAt = Math.max(row.endedAt ?? 0, a.time(args.at));
    const [updated] = await a.tx
      .update(emergencySessions)
      .set({ endedAt, endedBy: a.ctx.userId, version: sql`${emergencySessions.version} + 1` })
      .where(where)
      .returning();
    const siteIds = (
      await a.tx
        .select({ siteId: emergencySessionSites.siteId })
        .from(emergencySessionSites)
        .where(and(eq(emergencySessionSites.entityId, entityId), eq(emergencySessionSites.sessionId, row.id)))
    ).map((r) => r.siteId);
    a.change(sessionChange(updated!, siteIds));
    const payload = await sessionEvent(a, group.id, group.name, group.siteIds, {
      session: 'ended',
      userIdEnded: a.ctx.userId,
    });
    a.notify({ event: 'pongEndSessionDiffAdmin', payload });
    a.notify({ event: 'updateEmergencySessionData', payload });
  },
};

export const emergencyServerMutations = {
  'emergency.start': start,
  'emergency.mark': mark,
  'emergency.end': end,
} satisfies FeatureMutations<'emergency.start' | 'emergency.mark' | 'emergency.end'>;
