// Users not on site, track & trace, kiosk logs and the print list. Each method
// starts with its sub-item's permission, then checks that every id in the filters is this
// company's (another company's id is a 404), then reads a page (page size 10, first page 1).
import type {
  KioskLogsQuery,
  PrinterQuery,
  TrackTraceQuery,
  UsersNotOnSiteQuery,
} from '../../domain/schemas/more-reports';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database';
import { notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { kioskLogsRepo } from './kiosk-logs.repo';
import { checkedRange, historyRange } from './report-range';
import { reportsRepo } from './reports.repo';
import { trackTraceService } from './track-trace.service';
import { usersNotOnSiteRepo } from './users-not-on-site.repo';

export function moreReportsService(db: Db, now: () => number) {
  const reports = reportsRepo(db);
  const notOnSite = usersNotOnSiteRepo(db);
  const logs = kioskLogsRepo(db);
  const trace = trackTraceService(db, now);

  async function kioskBounds(entityId: string, q: { kiosk?: string; from?: string; to?: string; tz: string }) {
    const range = historyRange(q, now());
    if (q.kiosk && !(await logs.kioskOwned(entityId, q.kiosk))) throw notFound();
    return { range, bounds: await reports.bounds(range.from, range.to, q.tz) };
  }

  return {
    trace,

    async usersNotOnSite(ctx: RequestContext, q: UsersNotOnSiteQuery) {
      assertAllowed(ctx, 'show_users_not_on_site_list');
      if (q.day) checkedRange(q.day, q.day, ['day', 'day']);
      if (
        q.userType &&
        (await reports.owned(ctx.entityId, { sites: [], areas: [], userTypes: [q.userType], users: [] })) !== 1
      )
        throw notFound();
      const day = q.day ? await reports.bounds(q.day, q.day, q.tz) : null;
      const t = now();
      const [data, count] = await Promise.all([
        notOnSite.page(ctx.entityId, q.userType, day, t, q.limit, (q.page - 1) * q.limit),
        notOnSite.count(ctx.entityId, q.userType, day, t),
      ]);
      return { data, count, page: q.page, limit: q.limit, day: q.day ?? null };
    },

    async trackTrace(ctx: RequestContext, q: TrackTraceQuery) {
      assertAllowed(ctx, 'show_track_trace_list');
      const found = await trace.contacts(ctx.entityId, q);
      const start = (q.page - 1) * q.limit;
      return {
        ...found,
        data: found.data.slice(start, start + q.limit),
        count: found.data.length,
        page: q.page,
        limit: q.limit,
      };
    },

    async kioskLogs(ctx: RequestContext, q: KioskLogsQuery) {
      assertAllowed(ctx, 'show_kiosk_logs_list');
      const { range, bounds } = await kioskBounds(ctx.entityId, q);
      const filter = { kioskId: q.kiosk, code: q.code || undefined };
      const [data, count] = await Promise.all([
        logs.logs(ctx.entityId, bounds, filter, q.limit, (q.page - 1) * q.limit),
        logs.count(ctx.entityId, bounds, filter),
      ]);
      return { data, count, page: q.page, limit: q.limit, from: range.from, to: range.to };
    },

    async printer(ctx: RequestContext, q: PrinterQuery) {
      assertAllowed(ctx, 'show_printer_list');
      const { range, bounds } = await kioskBounds(ctx.entityId, q);
      const [data, byKioskDay] = await Promise.all([
        logs.prints(ctx.entityId, bounds, q.kiosk, q.limit, (q.page - 1) * q.limit),
        logs.printsPerDay(ctx.entityId, bounds, q.tz, q.kiosk),
      ]);
      // The list shows first prints (with their reprints); the per-day counts count every badge.
      const count = byKioskDay.reduce((n, g) => n + g.count - g.reprints, 0);
      return { data, count, byKioskDay, page: q.page, limit: q.limit, from: range.from, to: range.to };
    },

    /** Prints the badge of a listed print again: recorded as a badge_printed line of the same
     * kiosk naming its first print, so the list shows how often and when it was last printed. */
    async reprint(ctx: RequestContext, id: string) {
      assertAllowed(ctx, 'show_printer_list');
      const print = await logs.print(ctx.entityId, id);
      if (!print) throw notFound();
      const first = typeof print.data?.reprintOf === 'string' ? print.data.reprintOf : print.id;
      const row = {
        id: uuidv7(),
        kioskId: print.kiosk_id,
        data: { ...print.data, reprintOf: first, by: ctx.userId },
        at: now(),
      };
      await logs.addReprint(ctx.entityId, row);
      return { data: { id: row.id, reprint_of: first, at: row.at } };
    },

    /** Kiosks of the company, for the filters (the route asks for either list's permission). */
    async kiosks(ctx: RequestContext) {
      return { data: await logs.kioskList(ctx.entityId) };
    },
  };
}
export type MoreReportsService = ReturnType<typeof moreReportsService>;
