// Users not on site, kiosk logs and the print list as export files ("xlsx and CSV of
// any report with its filters"). Each reads the report's own queries in batches, with the
// filters the job was asked with (checked, permission included, when it was asked for).
import type { Language } from '../../domain/constants';
import type { Cell } from '../../domain/emergency-csv';
import type { KioskLogsFilters, PrinterFilters, UsersNotOnSiteFilters } from '../../domain/schemas/more-reports';
import type { ReportName } from '../../domain/schemas/reports';
import type { Db } from '../db/database';
import type { reportExports } from '../db/schema/index';
import { t } from '../http/i18n';
import { exportDateTime, type RowWriter } from './export-writers';
import { kioskLogsRepo } from './kiosk-logs.repo';
import { historyRange } from './report-range';
import { reportsRepo } from './reports.repo';
import { usersNotOnSiteRepo } from './users-not-on-site.repo';

const BATCH = 5_000;
type Job = typeof reportExports.$inferSelect;
type Tick = (done: number, total: number) => Promise<void>;

interface MoreExport {
  columns: string[];
  write(db: Db, now: () => number, job: Job, out: RowWriter, tick: Tick): Promise<number>;
}

/** Pages of a report until one comes back short, each written and ticked. */
async function batches<T>(
  total: number,
  page: (offset: number) => Promise<T[]>,
  write: (r: T) => Cell[],
  out: RowWriter,
  tick: Tick,
) {
  let done = 0;
  await tick(0, total);
  for (;;) {
    const found = await page(done);
    for (const r of found) await out.row(write(r));
    done += found.length;
    await tick(done, Math.max(total, done));
    if (found.length < BATCH) return done;
  }
}

async function rangeOf(db: Db, now: () => number, q: { from?: string; to?: string; tz?: string }) {
  const tz = q.tz ?? 'UTC';
  const range = historyRange({ from: q.from, to: q.to, tz }, now());
  return { tz, bounds: await reportsRepo(db).bounds(range.from, range.to, tz) };
}

export const MORE_EXPORTS: Partial<Record<ReportName, MoreExport>> = {
  users_not_on_site: {
    columns: ['name', 'userType', 'email'],
    async write(db, now, job, out, tick) {
      const q = job.filters as UsersNotOnSiteFilters;
      const repo = usersNotOnSiteRepo(db);
      const day = q.day ? await reportsRepo(db).bounds(q.day, q.day, q.tz ?? 'UTC') : null;
      const at = now();
      const total = await repo.count(job.entityId, q.userType, day, at);
      return batches(
        total,
        (offset) => repo.page(job.entityId, q.userType, day, at, BATCH, offset),
        (r) => [r.full_name, r.user_type_name, r.email],
        out,
        tick,
      );
    },
  },

  kiosk_logs: {
    columns: ['at', 'kiosk', 'kind', 'code', 'person', 'area'],
    async write(db, now, job, out, tick) {
      const q = job.filters as KioskLogsFilters;
      const { tz, bounds } = await rangeOf(db, now, q);
      const repo = kioskLogsRepo(db);
      const filter = { kioskId: q.kiosk, code: q.code || undefined };
      const total = await repo.count(job.entityId, bounds, filter);
      return batches(
        total,
        (offset) => repo.logs(job.entityId, bounds, filter, BATCH, offset),
        (r) => [exportDateTime(r.at, tz), r.kiosk_name, r.kind, r.code, r.person_name ?? null, r.area_name ?? null],
        out,
        tick,
      );
    },
  },

  printer: {
    columns: ['printedAt', 'kiosk', 'name', 'area', 'reprints', 'lastPrintedAt'],
    async write(db, now, job, out, tick) {
      const q = job.filters as PrinterFilters;
      const { tz, bounds } = await rangeOf(db, now, q);
      const repo = kioskLogsRepo(db);
      // The list's rows are first prints (each with its reprints), as the page shows them.
      const perDay = await repo.printsPerDay(job.entityId, bounds, tz, q.kiosk);
      const total = perDay.reduce((n, g) => n + g.count - g.reprints, 0);
      const none = t(job.lang as Language, 'reports.none');
      return batches(
        total,
        (offset) => repo.prints(job.entityId, bounds, q.kiosk, BATCH, offset),
        (r) => [
          exportDateTime(r.at, tz),
          r.kiosk_name,
          r.full_name ?? none,
          r.area_name,
          r.reprints,
          exportDateTime(r.last_printed_at, tz),
        ],
        out,
        tick,
      );
    },
  },
};
