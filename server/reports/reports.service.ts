// The reports (spec 1 §2 Reporting, §3 "Reports": answers carry data and count). Each method
// starts with its sub-item's permission, then checks that every id in the filters is this
// company's (another company's id is a 404, as for any record), then reads.
import { checksOf, detailText, type LogbookRow } from '../../domain/logbook';
import type { HistoryFilters, HistoryQuery, VisitSummaryQuery } from '../../domain/schemas/reports';
import type { Db } from '../db/database';
import { notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { checkedRange, daysOf, historyRange } from './report-range';
import { reportsRepo, type HistorySqlFilter, type HistorySqlRow } from './reports.repo';

export function historyRow(r: HistorySqlRow): LogbookRow {
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
    host: detailText(r.in_details, 'host') ?? r.host_names ?? null,
    stage: detailText(r.in_details, 'stage'),
    checks: checksOf(r.in_details),
  };
}

const sqlFilter = (q: HistoryFilters): HistorySqlFilter => ({
  siteId: q.site,
  areaId: q.area,
  userTypeId: q.userType,
  personId: q.person,
  status: q.status,
  host: q.host || undefined,
  stage: q.stage || undefined,
  checks: q.checks,
});

interface Group {
  id: string | null;
  name: string | null;
  count: number;
}

export function reportsService(db: Db, now: () => number) {
  const repo = reportsRepo(db);

  async function assertOwned(
    entityId: string,
    q: { site?: string; area?: string; userType?: string; person?: string },
  ) {
    const ids = {
      sites: q.site ? [q.site] : [],
      areas: q.area ? [q.area] : [],
      userTypes: q.userType ? [q.userType] : [],
      users: q.person ? [q.person] : [],
    };
    const asked = ids.sites.length + ids.areas.length + ids.userTypes.length + ids.users.length;
    if (asked > 0 && (await repo.owned(entityId, ids)) !== asked) throw notFound();
  }

  /** The history's range and filters, checked (shared by the page and its export job, which
   * has no request: its permission was checked when it was asked for). */
  async function historyPlan(entityId: string, q: HistoryFilters) {
    const range = historyRange(q, now());
    await assertOwned(entityId, q);
    const bounds = await repo.bounds(range.from, range.to, q.tz);
    const sort = q.sort ?? 'timeIn';
    const order = q.order ?? (sort === 'timeIn' ? 'desc' : 'asc');
    return { range, bounds, filter: sqlFilter(q), sort, order } as const;
  }

  async function summaryPlan(entityId: string, q: VisitSummaryQuery) {
    const range = checkedRange(q.start_date, q.end_date, ['start_date', 'end_date']);
    await assertOwned(entityId, q);
    return { range };
  }

  return {
    historyPlan,
    summaryOf,
    repo,

    async history(ctx: RequestContext, q: HistoryQuery) {
      assertAllowed(ctx, 'show_history_list');
      const p = await historyPlan(ctx.entityId, q);
      const offset = (q.page - 1) * q.limit;
      // Filters on the sign-in's details cannot be estimated: one pass gathers, counts and pages.
      const [found, count] =
        p.filter.host || p.filter.stage || p.filter.checks
          ? await repo
              .historyPageCounted(ctx.entityId, p.bounds, p.filter, p.sort, p.order, q.limit, offset)
              .then((r) => [r.rows, r.count] as const)
          : await Promise.all([
              repo.historyPage(ctx.entityId, p.bounds, p.filter, p.sort, p.order, q.limit, offset),
              repo.historyCount(ctx.entityId, p.bounds, p.filter),
            ]);
      return { data: found.map(historyRow), count, page: q.page, limit: q.limit, from: p.range.from, to: p.range.to };
    },

    async visitSummary(ctx: RequestContext, q: VisitSummaryQuery) {
      assertAllowed(ctx, 'show_visit_summary_list');
      return summaryOf(ctx.entityId, q);
    },
  };

  async function summaryOf(entityId: string, q: VisitSummaryQuery) {
    const p = await summaryPlan(entityId, q);
    const found = await repo.summary(entityId, p.range, q.tz, { siteId: q.site, userTypeId: q.userType });
    const data = found.map((r) => ({
      day: r.day,
      user_type_id: r.user_type_id,
      user_type_name: r.user_type_name,
      site_id: r.site_id,
      site_name: r.site_name,
      area_id: r.area_id,
      area_name: r.area_name,
      count: Number(r.n),
    }));
    const perDay = new Map<string, number>();
    const group = (key: (r: (typeof data)[number]) => [string | null, string | null]) => {
      const m = new Map<string | null, Group>();
      for (const r of data) {
        const [id, name] = key(r);
        const g = m.get(id) ?? { id, name, count: 0 };
        g.count += r.count;
        m.set(id, g);
      }
      return [...m.values()].sort((a, b) => b.count - a.count || String(a.name).localeCompare(String(b.name)));
    };
    for (const r of data) perDay.set(r.day, (perDay.get(r.day) ?? 0) + r.count);
    return {
      data,
      count: data.reduce((n, r) => n + r.count, 0),
      days: daysOf(p.range.from, p.range.to).map((day) => ({ day, count: perDay.get(day) ?? 0 })),
      byUserType: group((r) => [r.user_type_id, r.user_type_name]),
      bySite: group((r) => [r.site_id, r.site_name]),
      byArea: group((r) => [r.area_id, r.area_name]),
      start_date: p.range.from,
      end_date: p.range.to,
    };
  }
}
export type ReportsService = ReturnType<typeof reportsService>;
