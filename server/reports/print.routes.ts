// Print views of history, timesheet, time and track & trace: the whole filtered report in
// one answer, up to PRINT_CAP rows, under /api/reports/<name>/print (DESIGN ruling 11). Each
// takes its page's filters (paging is dropped) and needs its page's sub-item permission.
import type { FastifyInstance } from 'fastify';
import { PRINT_CAP } from '../../domain/report-print';
import { trackTraceFilters } from '../../domain/schemas/more-reports';
import { historyFilters } from '../../domain/schemas/reports';
import { timesheetFilters } from '../../domain/schemas/timesheet';
import type { Db } from '../db/database';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { MoreReportsService } from './more-reports.service';
import type { ReportsService } from './reports.service';
import { timesheetService } from './timesheet.service';

/** The first page of PRINT_CAP rows of the page's own query: same filters, sort and order. */
const first = { page: 1, limit: PRINT_CAP } as const;

export async function printRoutes(
  app: FastifyInstance,
  deps: { reports: ReportsService; moreReports: MoreReportsService; db: Db; now: () => number },
) {
  const timesheets = timesheetService(deps.db, deps.now);

  app.get(
    '/api/reports/history/print',
    {
      config: { openapi: { summary: 'History, every filtered row up to the print cap', query: historyFilters } },
      preHandler: requirePermission('show_history_list'),
    },
    async (request) => ({
      ...(await deps.reports.history(contextOf(request), { ...parseOrThrow(historyFilters, request.query), ...first })),
      cap: PRINT_CAP,
    }),
  );

  app.get(
    '/api/reports/timesheet/print',
    {
      config: { openapi: { summary: 'Timesheet, every filtered person up to the print cap', query: timesheetFilters } },
      preHandler: requirePermission('show_time_sheet_list'),
    },
    async (request) => ({
      ...(await timesheets.timesheet(contextOf(request), {
        ...parseOrThrow(timesheetFilters, request.query),
        ...first,
      })),
      cap: PRINT_CAP,
    }),
  );

  // /reporting/time: every person of the filters up to the cap, most time first as its pages;
  // the per-user-type rows and the total cover the whole range whatever the cap.
  app.get(
    '/api/reports/time/print',
    {
      config: {
        openapi: { summary: 'Time on site, every filtered person up to the print cap', query: timesheetFilters },
      },
      preHandler: requirePermission('reporting'),
    },
    async (request) => ({
      ...(await timesheets.time(contextOf(request), { ...parseOrThrow(timesheetFilters, request.query), ...first })),
      cap: PRINT_CAP,
    }),
  );

  app.get(
    '/api/reports/track-trace/print',
    {
      config: {
        openapi: { summary: 'Track & trace, every contact up to the print cap', query: trackTraceFilters },
      },
      preHandler: requirePermission('show_track_trace_list'),
    },
    async (request) => ({
      ...(await deps.moreReports.trackTrace(contextOf(request), {
        ...parseOrThrow(trackTraceFilters, request.query),
        ...first,
      })),
      cap: PRINT_CAP,
    }),
  );
}
