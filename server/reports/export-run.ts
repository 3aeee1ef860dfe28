// One export job, start to end: stream the report's rows into a temporary file in batches
// (keyset paging: each batch is an index range, however deep), renew the lease and report
// progress after each batch, then store the file and mark the job done in one transaction,
// only if this run still holds the job's claim.
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Language } from '../../domain/constants';
import { formatChecks } from '../../domain/logbook';
import { stageShown } from '../../domain/visit-stage';
import type { HistoryFilters, ReportName, VisitSummaryQuery } from '../../domain/schemas/reports';
import type { Db } from '../db/database';
import { reportExportFiles, reportExports } from '../db/schema/index';
import { t } from '../http/i18n';
import { exportDateTime, openWriter, type RowWriter } from './export-writers';
import { MORE_EXPORTS } from './more-exports';
import { historyRow, type ReportsService } from './reports.service';
import { TRACK_TRACE_COLUMNS, writeTrackTrace } from './track-trace-export';
import { TIME_COLUMNS, TIMESHEET_COLUMNS, writeTime, writeTimesheet } from './timesheet-export';

const BATCH = 5_000;
type Job = typeof reportExports.$inferSelect;
export interface RunHooks {
  stopped(): boolean;
  progress(job: Pick<Job, 'entityId' | 'id' | 'status' | 'rowsDone' | 'rowsTotal'>): void;
}

const HISTORY_COLUMNS = ['timeIn', 'timeOut', 'name', 'userType', 'site', 'area', 'host', 'stage', 'checks', 'status'];
const SUMMARY_COLUMNS = ['day', 'site', 'area', 'userType', 'visits'];

class Stopped extends Error {}

async function writeHistory(
  reports: ReportsService,
  job: Job,
  out: RowWriter,
  tick: (done: number, total: number) => Promise<void>,
) {
  const lang = job.lang as Language;
  const q = job.filters as HistoryFilters;
  const plan = await reports.historyPlan(job.entityId, q);
  const total = await reports.repo.historyCount(job.entityId, plan.bounds, plan.filter);
  // Exports are in sign-in time order (the page's direction when it was sorted by time).
  const order = plan.sort === 'timeIn' ? plan.order : 'asc';
  let after: { timeIn: number; id: string } | null = null;
  let done = 0;
  await tick(0, total);
  for (;;) {
    const batch = await reports.repo.historyBatch(job.entityId, plan.bounds, plan.filter, order, after, BATCH);
    for (const raw of batch) {
      const r = historyRow(raw);
      await out.row([
        exportDateTime(r.timeIn, q.tz),
        exportDateTime(r.timeOut, q.tz),
        r.fullName,
        r.userTypeName,
        r.siteName,
        r.areaName,
        r.host,
        ((st) => (st ? t(lang, st.key) : ''))(stageShown(r.stage, r.status)),
        formatChecks(r.checks, (key, params) => t(lang, key, params as Record<string, string | number>)),
        t(lang, `logbook.statuses.${r.status}`),
      ]);
    }
    done += batch.length;
    await tick(done, total);
    if (batch.length < BATCH) return done;
    const last = batch[batch.length - 1]!;
    after = { timeIn: Number(last.time_in), id: last.id };
  }
}

async function writeSummary(
  reports: ReportsService,
  job: Job,
  out: RowWriter,
  tick: (done: number, total: number) => Promise<void>,
) {
  const summary = await reports.summaryOf(job.entityId, job.filters as VisitSummaryQuery);
  const none = t(job.lang as Language, 'reports.none');
  for (const r of summary.data)
    await out.row([
      r.day.split('-').reverse().join('/'),
      r.site_name ?? none,
      r.area_name ?? none,
      r.user_type_name ?? none,
      r.count,
    ]);
  await tick(summary.data.length, summary.data.length);
  return summary.data.length;
}

/** The job's row, as long as this runner still holds it. */
const heldBy = (job: Job) =>
  and(
    eq(reportExports.entityId, job.entityId),
    eq(reportExports.id, job.id),
    eq(reportExports.runnerId, job.runnerId!),
  );

/** Hands a job its stopping server holds back to the queue, so the next start runs it at once
 * (a crash leaves it 'running' instead, and it runs again when its lease lapses). */
export async function releaseExport(db: Db, job: Job): Promise<void> {
  await db.update(reportExports).set({ status: 'queued', leaseUntil: null, runnerId: null }).where(heldBy(job));
}

export async function runExport(db: Db, now: () => number, reports: ReportsService, job: Job, hooks: RunHooks) {
  const lang = job.lang as Language;
  const where = heldBy(job);
  const more = MORE_EXPORTS[job.report as ReportName];
  const columns = more
    ? more.columns
    : job.report === 'timesheet'
      ? TIMESHEET_COLUMNS
      : job.report === 'time'
        ? TIME_COLUMNS
        : job.report === 'track_trace'
          ? TRACK_TRACE_COLUMNS
          : job.report === 'history'
            ? HISTORY_COLUMNS
            : SUMMARY_COLUMNS;
  const header = columns.map((c) => t(lang, `reports.columns.${c}`));
  const path = join(tmpdir(), `gatehouse-export-${job.id}-${randomUUID()}.${job.format}`);
  const tick = async (done: number, total: number) => {
    if (hooks.stopped()) throw new Stopped();
    await db
      .update(reportExports)
      .set({ rowsDone: done, rowsTotal: total, leaseUntil: now() + 60_000 })
      .where(where);
    hooks.progress({ entityId: job.entityId, id: job.id, status: 'running', rowsDone: done, rowsTotal: total });
  };
  try {
    const out = await openWriter(job.format, path, header, lang === 'ar');
    let rows: number;
    try {
      rows = more
        ? await more.write(db, now, job, out, tick)
        : job.report === 'timesheet'
          ? await writeTimesheet(db, now, job, out, tick)
          : job.report === 'time'
            ? await writeTime(db, now, job, out, tick)
            : job.report === 'track_trace'
              ? await writeTrackTrace(db, now, job, out, tick)
              : job.report === 'history'
                ? await writeHistory(reports, job, out, tick)
                : await writeSummary(reports, job, out, tick);
    } finally {
      await out.close();
    }
    const bytes = await readFile(path);
    const day = new Date(now()).toISOString().slice(0, 10);
    const fileName = `${job.report}-${day}.${job.format}`;
    const finished = await db.transaction(async (tx) => {
      const [mine] = await tx
        .update(reportExports)
        .set({
          status: 'done',
          size: bytes.length,
          fileName,
          rowsDone: rows,
          rowsTotal: rows,
          finishedAt: new Date(now()),
          leaseUntil: null,
        })
        .where(and(where, eq(reportExports.status, 'running')))
        .returning();
      if (!mine) return false;
      await tx.insert(reportExportFiles).values({ entityId: job.entityId, exportId: job.id, bytes });
      return true;
    });
    if (finished)
      hooks.progress({ entityId: job.entityId, id: job.id, status: 'done', rowsDone: rows, rowsTotal: rows });
  } catch (e) {
    if (e instanceof Stopped) return releaseExport(db, job);
    await db
      .update(reportExports)
      .set({
        status: 'failed',
        error: String((e as Error).message ?? e).slice(0, 500),
        finishedAt: new Date(now()),
        leaseUntil: null,
      })
      .where(where);
    hooks.progress({
      entityId: job.entityId,
      id: job.id,
      status: 'failed',
      rowsDone: job.rowsDone,
      rowsTotal: job.rowsTotal,
    });
  } finally {
    await rm(path, { force: true });
  }
}
