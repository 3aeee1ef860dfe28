// Emergency reads for the REST API: sessions (merged groups) with their roll calls, summaries
// and CSV, the on-site list, the caller's site access and which sign-in devices went quiet.
// The rules come from domain/, so the server's counts are the tablets' counts.
import { rollCallCsv, sessionCsvName } from '../../domain/emergency-csv';
import {
  emergencyList,
  filterList,
  waitingEvents,
  WAITING_WINDOW_MS,
  type ListFilter,
} from '../../domain/emergency-list';
import {
  filterRollCall,
  rollCall,
  summarise,
  type RollCallEntry,
  type RollCallFilter,
} from '../../domain/emergency-roll-call';
import {
  groupOfSession,
  groupSessions,
  isActive,
  sessionConcerns,
  sortGroups,
  type SessionGroup,
} from '../../domain/emergency-sessions';
import type { Db } from '../db/database';
import { notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { t } from '../http/i18n';
import { emergencyRepo } from './emergency.repo';

const DEVICE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The longest answer of GET /last-visits/signedin (its count says how many there are). */
const LAST_VISITS_MAX = 500;

export function emergencyService(db: Db, now: () => number) {
  const repo = emergencyRepo(db);

  const sessionView = (g: SessionGroup, siteName: Map<string, string>) => ({
    id: g.id,
    name: g.name,
    startedAt: g.startedAt,
    startedBy: g.startedBy,
    endedAt: g.endedAt,
    endedBy: g.endedBy,
    active: isActive(g),
    memberIds: g.memberIds,
    siteIds: g.siteIds,
    siteNames: g.siteIds.map((s) => siteName.get(s) ?? ''),
  });

  async function groupFor(ctx: RequestContext, sessionId: string): Promise<SessionGroup> {
    if (!UUID.test(sessionId)) throw notFound();
    const group = groupOfSession(groupSessions(await repo.sessions(ctx.entityId)), sessionId);
    if (!group) throw notFound();
    return group;
  }

  async function rollCallOf(ctx: RequestContext, group: SessionGroup): Promise<RollCallEntry[]> {
    const [events, marks, places] = [
      [...(await repo.eventsFor(ctx.entityId, group.startedAt, group.endedAt)), ...(await waiting(ctx))],
      await repo.marks(ctx.entityId, group.memberIds),
      await repo.places(ctx.entityId),
    ];
    return rollCall({ group, events, marks, areaSite: places.areaSite });
  }

  /** Visitors waiting at reception count as in the building (domain/emergency-list.ts). */
  async function waiting(ctx: RequestContext) {
    const t = now();
    return waitingEvents(await repo.unsignedVisits(ctx.entityId, t - WAITING_WINDOW_MS), t);
  }

  /** Who is on site now, by the one presence rule (domain/emergency-list.ts), filtered. */
  async function onSiteRows(ctx: RequestContext, filter: ListFilter) {
    const [events, people, places] = [
      [...(await repo.latestEvents(ctx.entityId)), ...(await waiting(ctx))],
      await repo.people(ctx.entityId),
      await repo.places(ctx.entityId),
    ];
    return filterList(
      emergencyList({ events, people: new Map(people.map((p) => [p.id, p])), areaSite: places.areaSite }),
      filter,
    ).map(({ haystack: _haystack, ...row }) => row);
  }

  async function detail(ctx: RequestContext, sessionId: string, filter: RollCallFilter) {
    assertAllowed(ctx, 'show_emergency_sessions');
    const group = await groupFor(ctx, sessionId);
    const { sites } = await repo.places(ctx.entityId);
    const all = await rollCallOf(ctx, group);
    const entries = filterRollCall(all, filter);
    return {
      group,
      entries,
      session: sessionView(group, new Map(sites.map((s) => [s.id, s.name]))),
      summary: summarise(entries, group),
    };
  }

  return {
    async list(ctx: RequestContext, q: { page?: number; limit?: number; state?: 'active' | 'ended' }) {
      assertAllowed(ctx, 'show_emergency_sessions');
      const access = await repo.siteAccess(ctx.entityId, ctx.userId);
      const groups = sortGroups(groupSessions(await repo.sessions(ctx.entityId))).filter(
        (g) => sessionConcerns(access, g.siteIds) && (!q.state || (q.state === 'active') === isActive(g)),
      );
      const limit = q.limit ?? 10;
      const page = groups.slice(((q.page ?? 1) - 1) * limit, (q.page ?? 1) * limit);
      const { sites } = await repo.places(ctx.entityId);
      const siteName = new Map(sites.map((s) => [s.id, s.name]));
      const data = [];
      for (const g of page) data.push({ ...sessionView(g, siteName), summary: summarise(await rollCallOf(ctx, g), g) });
      return { data, count: groups.length };
    },

    async detail(ctx: RequestContext, sessionId: string, filter: RollCallFilter) {
      const { session, entries, summary } = await detail(ctx, sessionId, filter);
      return { data: { session, people: entries, summary } };
    },

    async summary(ctx: RequestContext, sessionId: string, filter: RollCallFilter) {
      const { session, summary } = await detail(ctx, sessionId, filter);
      return { data: { session, summary } };
    },

    async csv(
      ctx: RequestContext,
      sessionId: string,
      filter: RollCallFilter,
    ): Promise<{ filename: string; body: string }> {
      const { group, entries } = await detail(ctx, sessionId, filter);
      const [people, places] = [await repo.people(ctx.entityId), await repo.places(ctx.entityId)];
      const person = new Map(people.map((p) => [p.id, p]));
      const siteName = new Map(places.sites.map((s) => [s.id, s.name]));
      const areaName = new Map(places.areas.map((a) => [a.id, a.name]));
      const body = rollCallCsv({
        entries,
        nameOf: (id) => person.get(id)?.fullName ?? '',
        phoneOf: (id) => person.get(id)?.phone,
        siteName: (id) => siteName.get(id),
        areaName: (id) => areaName.get(id),
        label: (key) => t(ctx.lang, key),
      });
      return { filename: sessionCsvName(group.name, group.startedAt), body };
    },

    /** GET /last-visits/signedin: the same people as the emergency list (signed in now, by the
     * one presence rule), each with their last sign-in, newest first, for anyone on the dashboard. */
    async lastSignedIn(ctx: RequestContext, filter: ListFilter) {
      assertAllowed(ctx, 'dashboard');
      const sorted = (await onSiteRows(ctx, filter)).sort(
        (a, b) => b.since - a.since || a.personId.localeCompare(b.personId),
      );
      return { data: sorted.slice(0, LAST_VISITS_MAX), count: sorted.length, asOf: now() };
    },

    async onSite(ctx: RequestContext, filter: ListFilter) {
      assertAllowed(ctx, 'show_emergency_list');
      const rows = await onSiteRows(ctx, filter);
      return { data: rows, count: rows.length, asOf: now() };
    },

    async access(ctx: RequestContext) {
      return { data: { siteIds: await repo.siteAccess(ctx.entityId, ctx.userId) } };
    },

    async devices(ctx: RequestContext) {
      assertAllowed(ctx, 'show_emergency_list');
      return { data: await repo.signInDevices(ctx.entityId, new Date(now() - DEVICE_WINDOW_MS)), serverTime: now() };
    },
  };
}
export type EmergencyService = ReturnType<typeof emergencyService>;
