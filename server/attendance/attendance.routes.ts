// Spec 2 §7 "Attendance" under /api (the two reads GET /api/attendance_mode/{entityId} and
// GET /api/attendance_modes/{id} are served by server/kiosk/kiosk.routes.ts, which came first).
import type { FastifyInstance } from 'fastify';
import { contextOf, declarePermission, requirePermission } from '../http/context';
import { notFound } from '../http/api-error';
import { noteSchema } from '../http/route-schemas';
import { modeInput, reasonInput, reasonsQuery, uniqueModeQuery } from '../../domain/attendance-schemas';
import type { AttendanceService } from './attendance.service';

type Params<P> = { Params: P };

export async function attendanceRoutes(app: FastifyInstance, { attendance }: { attendance: AttendanceService }) {
  const modeWrite = { preHandler: requirePermission('add_attendance_mode') };
  const reasonWrite = { preHandler: requirePermission('add_reason') };
  const editor = { preHandler: requirePermission('show_attendance_modes', 'add_attendance_mode', 'add_reason') };
  const doc = (summary: string, extra: Record<string, unknown> = {}) => ({
    config: { openapi: { summary, ...extra } },
  });

  app.get(
    '/api/attendance-mode/unique',
    { ...editor, ...doc('Whether an attendance mode name is free', { query: uniqueModeQuery }) },
    async (request) => ({
      data: await attendance.unique(contextOf(request), request.query),
    }),
  );

  app.post(
    '/api/attendance_mode',
    { ...modeWrite, ...doc('Create an attendance mode', { body: modeInput, status: 201 }) },
    async (request, reply) => reply.code(201).send({ data: await attendance.create(contextOf(request), request.body) }),
  );

  app.put<Params<{ id: string }>>(
    '/api/attendance_mode/:id',
    { ...modeWrite, ...doc('Change an attendance mode', { body: modeInput }) },
    async (request) => ({
      data: await attendance.update(contextOf(request), request.params.id, request.body),
    }),
  );

  app.get<Params<{ entityId: string; id: string }>>(
    '/api/attendance_code/:entityId/:id',
    { ...editor, ...doc('Attendance codes of an integration (add_reason, attendance_mode_id)') },
    async (request) => {
      const ctx = contextOf(request);
      if (request.params.entityId !== ctx.entityId) throw notFound();
      return { data: await attendance.codes(ctx, request.params.id, request.query as Record<string, unknown>) };
    },
  );

  app.post(
    '/api/reason',
    { ...reasonWrite, ...doc('Add a reason to an attendance mode', { body: reasonInput, status: 201 }) },
    async (request, reply) =>
      reply.code(201).send({ data: await attendance.createReason(contextOf(request), request.body) }),
  );

  // 404 before 403: another company's reason id is one this caller cannot see. A reason's id
  // lives inside its mode's row, which no id walk finds: the body's schema is noted here so the
  // fuzz walk (server/fuzz.test.ts) still knows it.
  app.put<Params<{ reason_id: string }>>(
    '/api/reason/:reason_id',
    { preHandler: declarePermission('add_reason'), ...doc('Change a reason', { body: reasonInput }) },
    async (request) => {
      noteSchema(reasonInput, request.body);
      return { data: await attendance.updateReason(contextOf(request), request.params.reason_id, request.body) };
    },
  );

  // Spec 2 §7 "DELETE /{row}/{id}": rows attendance_mode and reason; any other row is 404.
  app.delete<Params<{ row: string; id: string }>>(
    '/api/:row/:id',
    {
      preHandler: declarePermission('add_attendance_mode', 'add_reason'),
      ...doc('Delete an attendance mode or a reason (rows attendance_mode, reason)'),
    },
    async (request) => {
      await attendance.remove(contextOf(request), request.params.row, request.params.id);
      return { message: 'Deleted' };
    },
  );

  app.get(
    '/api/get_reasons_should_check_in_visit',
    { ...editor, ...doc('The late or early reasons a sign-in or sign-out would ask now', { query: reasonsQuery }) },
    async (request) => ({
      data: await attendance.reasonsForVisit(contextOf(request), request.query),
    }),
  );
}
