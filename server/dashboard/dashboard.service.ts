// The dashboard (spec 1 §2): the logbook of a day or a range with server-side
// paging, sorting and filtering, daily counts per user type and site, the last days' counts,
// per-admin grid preferences and the admin's scope for mass actions.
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { checksOf, detailText, hostIdsOf, hostText, type LogbookRow } from '../../domain/logbook';
import type { GridPreferenceInput, LogbookQuery } from '../../domain/schemas/dashboard';
import type { Db } from '../db/database';
import { gridPreferences } from '../db/schema/index';
import { invalid, notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { dashboardRepo, type DayRange, type VisitSqlRow } from './dashboard.repo';
import { scopeOf } from './mass-scope';

const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an instant in a time zone. */
export function dayIn(tz: string, at: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
}

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS;
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

function rangeOf(q: { from?: string; to?: string; tz: string }, now: number): DayRange {
  const today = dayIn(q.tz, now);
  const from = q.from ?? q.to ?? today;
  const to = q.to ?? from;
  if (!Number.isFinite(dayNumber(from)) || !Number.isFinite(dayNumber(to)))
    throw invalid({ from: ['validation.date'] });
  if (dayNumber(to) < dayNumber(from) || dayNumber(to) - dayNumber(from) >= MAX_RANGE_DAYS)
    throw invalid({ to: ['validation.date_range'] });
  return { from, to, tz: q.tz };
}

function toRow(r: VisitSqlRow, hostNames: ReadonlyMap<string, string>): LogbookRow {
  return {
    id: r.id,
    personId: r.person_id,
    fullName: r.full_name,
    userTypeId: r.user_type_id,
    userTypeName: r.user_type_name,
    siteId: r.site_id,
    siteName: r.site_name,
    areaId: r.area_id,
    areaName: r.area_name,
    timeIn: Number(r.time_in),
    timeOut: r.time_out == null ? null : Number(r.time_out),
    status: r.status,
    host: hostText(r.in_details, (id) => hostNames.get(id)),
    stage: detailText(r.in_details, 'stage'),
    checks: checksOf(r.in_details),
  };
}

const prefWire = (p: typeof gridPreferences.$inferSelect) => ({
  id: p.id,
  employee_id: p.employeeId,
  entity_id: p.entityId,
  page_url: p.pageUrl,
  table_head: p.tableHead,
  url: p.url,
});

export function dashboardService(db: Db, now: () => number) {
  const repo = dashboardRepo(db);
  return {
    async logbook(ctx: RequestContext, q: LogbookQuery) {
      assertAllowed(ctx, 'dashboard');
      const range = rangeOf(q, now());
      const sort = q.sort ?? 'timeIn';
      const order = q.order ?? (sort === 'timeIn' ? 'desc' : 'asc');
      const found = await repo.logbook(
        ctx.entityId,
        range,
        {
          siteId: q.site,
          areaId: q.area,
          userTypeId: q.userType,
          status: q.status,
          search: q.search,
        },
        sort,
        order,
        q.limit,
        (q.page - 1) * q.limit,
      );
      // Kiosk sign-ins record their host by id: the page's hosts are named in one query.
      const hostNames = await repo.namesOf(ctx.entityId, [...new Set(found.flatMap((r) => hostIdsOf(r.in_details)))]);
      return {
        data: found.map((r) => toRow(r, hostNames)),
        count: Number(found[0]?.total ?? 0),
        page: q.page,
        limit: q.limit,
        from: range.from,
        to: range.to,
      };
    },

    async counts(ctx: RequestContext, q: { from?: string; to?: string; tz: string }) {
      assertAllowed(ctx, 'dashboard');
      const range = rangeOf(q, now());
      const groups = await repo.counts(ctx.entityId, range);
      const byType = new Map<string | null, { id: string | null; name: string | null; count: number }>();
      const bySite = new Map<string | null, { id: string | null; name: string | null; count: number }>();
      let total = 0;
      let onSite = 0;
      for (const g of groups) {
        const n = Number(g.n);
        total += n;
        if (g.status === 'signed_in' || g.status === 'auto_signed_in') onSite += n;
        const t = byType.get(g.user_type_id) ?? { id: g.user_type_id, name: g.user_type_name, count: 0 };
        t.count += n;
        byType.set(g.user_type_id, t);
        const s = bySite.get(g.site_id) ?? { id: g.site_id, name: g.site_name, count: 0 };
        s.count += n;
        bySite.set(g.site_id, s);
      }
      const sorted = (m: typeof byType) =>
        [...m.values()].sort((a, b) => b.count - a.count || String(a.name).localeCompare(String(b.name)));
      return { total, onSite, byUserType: sorted(byType), bySite: sorted(bySite), from: range.from, to: range.to };
    },

    /** Sign-ins per day for `days` days ending `to` (default today), zeros included. */
    async history(ctx: RequestContext, q: { to?: string; tz: string; days: number }) {
      assertAllowed(ctx, 'dashboard');
      const to = rangeOf({ to: q.to, tz: q.tz }, now()).to;
      const from = dayString(dayNumber(to) - q.days + 1);
      const found = new Map(
        (await repo.history(ctx.entityId, { from, to, tz: q.tz })).map((r) => [r.day, Number(r.n)]),
      );
      const days = Array.from({ length: q.days }, (_, i) => dayString(dayNumber(from) + i));
      return { data: days.map((day) => ({ day, count: found.get(day) ?? 0 })) };
    },

    async visit(ctx: RequestContext, id: string) {
      const events = await repo.eventsAround(ctx.entityId, id);
      if (events.length === 0) throw notFound();
      assertAllowed(ctx, 'dashboard');
      const first = events[0]!;
      return {
        person: { id: first.person_id, full_name: first.full_name, email: first.email, image: first.image },
        events: events.map((e) => ({
          id: e.id,
          kind: e.kind,
          at: Number(e.at),
          area_id: e.area_id,
          area_name: e.area_name,
          details: e.details,
        })),
      };
    },

    async preference(ctx: RequestContext, pageUrl: string) {
      const [row] = await db
        .select()
        .from(gridPreferences)
        .where(
          and(
            eq(gridPreferences.entityId, ctx.entityId),
            eq(gridPreferences.employeeId, ctx.userId),
            eq(gridPreferences.pageUrl, pageUrl),
          ),
        );
      return row ? prefWire(row) : null;
    },

    async savePreference(ctx: RequestContext, input: GridPreferenceInput) {
      const at = new Date(now());
      const [row] = await db
        .insert(gridPreferences)
        .values({
          entityId: ctx.entityId,
          id: uuidv7(),
          employeeId: ctx.userId,
          pageUrl: input.page_url,
          tableHead: input.table_head,
          url: input.url,
          updatedAt: at,
        })
        .onConflictDoUpdate({
          target: [gridPreferences.entityId, gridPreferences.employeeId, gridPreferences.pageUrl],
          set: { tableHead: input.table_head, url: input.url, updatedAt: at },
        })
        .returning();
      return prefWire(row!);
    },

    /** Which user types and areas the caller may act on; null means all (no restriction stored). */
    async scope(ctx: RequestContext) {
      const own = await scopeOf(db, ctx.entityId, ctx.userId);
      return { user_type_ids: own.userTypeIds, area_ids: own.areaIds };
    },
  };
}
export type DashboardService = ReturnType<typeof dashboardService>;
