// Exports of reports as background jobs. A job is a row of report_exports; one
// runs at a time per company (claimed under an advisory lock), renews a lease while it runs
// and writes its file in the transaction that marks it done, and only if it still holds its
// claim. A server that stops mid-job leaves it 'running' with a lease that lapses; start()
// and a periodic sweep run such jobs again from the beginning, so each yields one file.
import { and, desc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { ExportRequest, ExportRow, ReportName } from '../../domain/schemas/reports';
import type { Db } from '../db/database';
import { reportExportFiles, reportExports, users } from '../db/schema/index';
import { notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import type { Realtime } from '../realtime';
import { releaseExport, runExport } from './export-run';
import { moreReportsService } from './more-reports.service';
import { trackTraceService } from './track-trace.service';
import { timesheetService } from './timesheet.service';
import type { ReportsService } from './reports.service';

export const LEASE_MS = 60_000;
const SWEEP_MS = 30_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PERMISSION: Record<ReportName, string> = {
  history: 'show_history_list',
  visit_summary: 'show_visit_summary_list',
  track_trace: 'show_track_trace_list',
  timesheet: 'show_time_sheet_list',
  time: 'reporting',
  users_not_on_site: 'show_users_not_on_site_list',
  kiosk_logs: 'show_kiosk_logs_list',
  printer: 'show_printer_list',
};

const ONE_ROW = { page: 1, limit: 1 };

type Job = typeof reportExports.$inferSelect;
type Emit = Pick<Realtime, 'emitToEntity'> | undefined;

export function exportsService(db: Db, now: () => number, reports: ReportsService, realtime: Emit) {
  const more = moreReportsService(db, now);
  const active = new Set<string>();
  let stopping = false;
  let sweep: ReturnType<typeof setInterval> | null = null;

  const emit = (job: Pick<Job, 'entityId' | 'id' | 'status' | 'rowsDone' | 'rowsTotal'>) =>
    realtime?.emitToEntity(job.entityId, 'reportExport', {
      entity_id: job.entityId,
      id: job.id,
      status: job.status,
      rows_done: job.rowsDone,
      rows_total: job.rowsTotal,
    });

  /** The next job of a company, if none of its jobs is running under a live lease. */
  async function claim(entityId: string): Promise<Job | null> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report_exports:${entityId}`}))`);
      const t = now();
      const [busy] = await tx
        .select({ id: reportExports.id })
        .from(reportExports)
        .where(
          and(
            eq(reportExports.entityId, entityId),
            eq(reportExports.status, 'running'),
            sql`${reportExports.leaseUntil} > ${t}`,
          ),
        )
        .limit(1);
      if (busy) return null;
      const [next] = await tx
        .select()
        .from(reportExports)
        .where(
          and(
            eq(reportExports.entityId, entityId),
            sql`(${reportExports.status} = 'queued' or ${reportExports.status} = 'running')`,
          ),
        )
        .orderBy(reportExports.createdAt, reportExports.id)
        .limit(1);
      if (!next) return null;
      const [job] = await tx
        .update(reportExports)
        .set({ status: 'running', runnerId: uuidv7(), leaseUntil: t + LEASE_MS, rowsDone: 0 })
        .where(and(eq(reportExports.entityId, entityId), eq(reportExports.id, next.id)))
        .returning();
      return job ?? null;
    });
  }

  async function drain(entityId: string) {
    if (active.has(entityId) || stopping) return;
    active.add(entityId);
    try {
      while (!stopping) {
        const job = await claim(entityId);
        if (!job) break;
        // Stopped while claiming: the job goes back to the queue now, not when its lease lapses.
        if (stopping) {
          await releaseExport(db, job);
          break;
        }
        emit(job);
        await runExport(db, now, reports, job, { stopped: () => stopping, progress: emit });
      }
    } finally {
      active.delete(entityId);
    }
  }

  /** Every company with a queued job or a running one whose server stopped. */
  async function resume() {
    const found = (await db.execute(
      sql`select distinct entity_id from report_exports
          where status = 'queued' or (status = 'running' and coalesce(lease_until, 0) <= ${now()})`,
    )) as unknown as { rows: Array<{ entity_id: string }> };
    await Promise.all(found.rows.map((r) => drain(r.entity_id)));
  }

  return {
    resume,
    start() {
      stopping = false;
      sweep = setInterval(() => void resume().catch(() => undefined), SWEEP_MS);
      sweep.unref();
      void resume().catch(() => undefined);
    },
    /** Stops between batches; the running job keeps its row and runs again on the next start. */
    stop() {
      stopping = true;
      if (sweep) clearInterval(sweep);
    },
    /** Resolves when no job of this server is running (tests). */
    async idle() {
      while (active.size > 0) await new Promise((r) => setTimeout(r, 20));
    },

    async create(ctx: RequestContext, req: ExportRequest) {
      assertAllowed(ctx, PERMISSION[req.report]);
      // Filters are checked now, so a bad one is a 400 (or another company's id a 404) here.
      if (req.report === 'history') await reports.historyPlan(ctx.entityId, req.filters);
      else if (req.report === 'timesheet' || req.report === 'time')
        await timesheetService(db, now).plan(ctx.entityId, req.filters);
      else if (req.report === 'track_trace') await trackTraceService(db, now).contacts(ctx.entityId, req.filters);
      // The pages' own checks (range, another company's kiosk or user type) on a one-row page.
      else if (req.report === 'users_not_on_site') await more.usersNotOnSite(ctx, { ...req.filters, ...ONE_ROW });
      else if (req.report === 'kiosk_logs') await more.kioskLogs(ctx, { ...req.filters, ...ONE_ROW });
      else if (req.report === 'printer') await more.printer(ctx, { ...req.filters, ...ONE_ROW });
      else await reports.summaryOf(ctx.entityId, req.filters);
      const [job] = await db
        .insert(reportExports)
        .values({
          entityId: ctx.entityId,
          id: uuidv7(),
          requestedBy: ctx.userId,
          report: req.report,
          format: req.format,
          lang: ctx.lang,
          filters: req.filters as Record<string, unknown>,
          status: 'queued',
          createdAt: new Date(now()),
        })
        .returning();
      emit(job!);
      void drain(ctx.entityId).catch(() => undefined);
      return { id: job!.id, status: job!.status };
    },

    async list(ctx: RequestContext, limit: number): Promise<{ data: ExportRow[]; count: number }> {
      assertAllowed(ctx, 'show_export_list');
      const found = await db
        .select({ job: reportExports, name: users.fullName })
        .from(reportExports)
        .leftJoin(users, and(eq(users.entityId, reportExports.entityId), eq(users.id, reportExports.requestedBy)))
        .where(eq(reportExports.entityId, ctx.entityId))
        .orderBy(desc(reportExports.createdAt), desc(reportExports.id))
        .limit(limit);
      const data = found.map(({ job, name }) => ({
        id: job.id,
        report: job.report as ReportName,
        format: job.format,
        filters: job.filters,
        status: job.status,
        rows_done: job.rowsDone,
        rows_total: job.rowsTotal,
        size: job.size,
        file_name: job.fileName,
        requested_by: { id: job.requestedBy, full_name: name ?? '' },
        created_at: job.createdAt.getTime(),
        finished_at: job.finishedAt?.getTime() ?? null,
      }));
      return { data, count: data.length };
    },

    async file(ctx: RequestContext, id: string) {
      if (!UUID.test(id)) throw notFound();
      const [row] = await db
        .select({ job: reportExports, bytes: reportExportFiles.bytes })
        .from(reportExports)
        .innerJoin(
          reportExportFiles,
          and(eq(reportExportFiles.entityId, reportExports.entityId), eq(reportExportFiles.exportId, reportExports.id)),
        )
        .where(and(eq(reportExports.entityId, ctx.entityId), eq(reportExports.id, id)));
      if (!row) throw notFound();
      assertAllowed(ctx, 'show_export_list');
      return { bytes: row.bytes, fileName: row.job.fileName ?? `export.${row.job.format}`, format: row.job.format };
    },
  };
}
export type ExportsService = ReturnType<typeof exportsService>;
