// Timesheet and time reports, paths after DESIGN ruling 11 (/api/reports/<name>).
// Their exports go through POST /api/exports (reports.routes.ts) like every report's.
import type { FastifyInstance } from 'fastify';
import { timesheetQuery } from '../../domain/schemas/timesheet';
import type { Db } from '../db/database';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import { timesheetService } from './timesheet.service';

export async function timesheetRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => number }) {
  const reports = timesheetService(db, now);

  app.get(
    '/api/reports/timesheet',
    {
      config: {
        openapi: {
          summary: 'Timesheet: hours per person per day against their attendance mode',
          query: timesheetQuery,
        },
      },
      preHandler: requirePermission('show_time_sheet_list'),
    },
    async (request) => reports.timesheet(contextOf(request), parseOrThrow(timesheetQuery, request.query)),
  );

  // /reporting/time has no sub-item permission of its own in the spec: the Reporting menu's.
  app.get(
    '/api/reports/time',
    {
      config: { openapi: { summary: 'Time on site per person and per user type', query: timesheetQuery } },
      preHandler: requirePermission('reporting'),
    },
    async (request) => reports.time(contextOf(request), parseOrThrow(timesheetQuery, request.query)),
  );
}
