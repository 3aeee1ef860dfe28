// Users not on site, track & trace, kiosk logs and the print list, under
// /api/reports/<name> like the other reports (DESIGN ruling 11); each declares its sub-item.
import type { FastifyInstance } from 'fastify';
import {
  kioskLogsQuery,
  printParams,
  printerQuery,
  trackTraceQuery,
  usersNotOnSiteQuery,
} from '../../domain/schemas/more-reports';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { MoreReportsService } from './more-reports.service';

export async function moreReportsRoutes(app: FastifyInstance, { reports }: { reports: MoreReportsService }) {
  app.get(
    '/api/reports/users-not-on-site',
    {
      config: {
        openapi: { summary: 'People of a user type not signed in now or on a day', query: usersNotOnSiteQuery },
      },
      preHandler: requirePermission('show_users_not_on_site_list'),
    },
    async (request) => reports.usersNotOnSite(contextOf(request), parseOrThrow(usersNotOnSiteQuery, request.query)),
  );

  app.get(
    '/api/reports/track-trace',
    {
      config: { openapi: { summary: 'Who shared an area with a person, and for how long', query: trackTraceQuery } },
      preHandler: requirePermission('show_track_trace_list'),
    },
    async (request) => reports.trackTrace(contextOf(request), parseOrThrow(trackTraceQuery, request.query)),
  );

  app.get(
    '/api/reports/kiosk-logs',
    {
      config: { openapi: { summary: "Kiosks' log lines", query: kioskLogsQuery } },
      preHandler: requirePermission('show_kiosk_logs_list'),
    },
    async (request) => reports.kioskLogs(contextOf(request), parseOrThrow(kioskLogsQuery, request.query)),
  );

  app.get(
    '/api/reports/printer',
    {
      config: { openapi: { summary: 'Badges printed, by kiosk and day', query: printerQuery } },
      preHandler: requirePermission('show_printer_list'),
    },
    async (request) => reports.printer(contextOf(request), parseOrThrow(printerQuery, request.query)),
  );

  app.post<{ Params: { id: string } }>(
    '/api/reports/printer/:id/reprint',
    {
      config: { openapi: { summary: 'Record a reprint of a listed badge', params: printParams, status: 201 } },
      preHandler: requirePermission('show_printer_list'),
    },
    async (request, reply) => {
      const { id } = parseOrThrow(printParams, request.params);
      return reply.code(201).send(await reports.reprint(contextOf(request), id));
    },
  );

  app.get(
    '/api/reports/kiosks',
    {
      config: { openapi: { summary: 'Kiosks, for the kiosk log and print list filters' } },
      preHandler: requirePermission('show_kiosk_logs_list', 'show_printer_list'),
    },
    async (request) => reports.kiosks(contextOf(request)),
  );
}
