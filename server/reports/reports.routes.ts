// Reports and exports API. The spec names no paths; they follow DESIGN ruling 11
// (/api/reports/<name>, /api/exports). Each report declares its own sub-item permission.
import type { FastifyInstance } from 'fastify';
import { exportListQuery, exportRequest, historyQuery, visitSummaryQuery } from '../../domain/schemas/reports';
import { contextOf, declarePermission, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { ExportsService } from './exports.service';
import type { ReportsService } from './reports.service';

const MIME = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export async function reportsRoutes(
  app: FastifyInstance,
  { reports, exports }: { reports: ReportsService; exports: ExportsService },
) {
  // Jobs left by a stopped server run again once the app is ready; a closing app stops between batches.
  app.addHook('onReady', async () => exports.start());
  app.addHook('onClose', async () => {
    exports.stop();
    await exports.idle();
  });

  app.get(
    '/api/reports/history',
    {
      config: { openapi: { summary: 'History report', query: historyQuery } },
      preHandler: requirePermission('show_history_list'),
    },
    async (request) => reports.history(contextOf(request), parseOrThrow(historyQuery, request.query)),
  );

  app.get(
    '/api/reports/visit-summary',
    {
      config: { openapi: { summary: 'Visit summary report', query: visitSummaryQuery } },
      preHandler: requirePermission('show_visit_summary_list'),
    },
    async (request) => reports.visitSummary(contextOf(request), parseOrThrow(visitSummaryQuery, request.query)),
  );

  // Asking for an export needs the permission of the report exported (checked by the service).
  app.post(
    '/api/exports',
    {
      config: { openapi: { summary: 'Start an export of a report', body: exportRequest, status: 201 } },
      preHandler: requirePermission(
        'show_history_list',
        'show_visit_summary_list',
        'show_track_trace_list',
        'show_time_sheet_list',
        'reporting',
        'show_users_not_on_site_list',
        'show_kiosk_logs_list',
        'show_printer_list',
      ),
    },
    async (request, reply) => {
      const created = await exports.create(contextOf(request), parseOrThrow(exportRequest, request.body));
      return reply.code(201).send({ data: created });
    },
  );

  app.get(
    '/api/exports',
    {
      config: { openapi: { summary: 'Exports, newest first', query: exportListQuery } },
      preHandler: requirePermission('show_export_list'),
    },
    async (request) => exports.list(contextOf(request), parseOrThrow(exportListQuery, request.query).limit),
  );

  app.get<{ Params: { id: string } }>(
    '/api/exports/:id/file',
    {
      config: { openapi: { summary: "An export's file", produces: 'application/octet-stream' } },
      preHandler: declarePermission('show_export_list'),
    },
    async (request, reply) => {
      const file = await exports.file(contextOf(request), request.params.id);
      return reply
        .header('content-type', MIME[file.format])
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.bytes);
    },
  );
}
