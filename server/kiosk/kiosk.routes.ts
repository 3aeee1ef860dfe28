// Spec 2 §7 "Kiosks" and "Attendance" (the calls the kiosk and the sites list need), under /api.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { registerKioskRequest, registrationBody } from '../../domain/kiosk';
import { contextOf, declarePermission, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { KioskService } from './kiosk.service';

const idParam = v.object({ id: v.pipe(v.string(), v.uuid('validation.uuid')) });
const entityParam = v.object({ entityId: v.pipe(v.string(), v.uuid('validation.uuid')) });
const sinceQuery = v.object({
  since: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'kiosk.validation.number'), v.transform(Number)), '0'),
});

export async function kioskRoutes(app: FastifyInstance, { kiosks }: { kiosks: KioskService }) {
  const admin = { preHandler: requirePermission('sites_devices') };
  // Routes with ids: the service checks ownership (404) before the permission.
  const own = { preHandler: declarePermission('sites_devices') };
  app.post(
    '/api/kiosk',
    {
      ...admin,
      config: { openapi: { summary: 'Register a kiosk in an area', body: registerKioskRequest, status: 201 } },
    },
    async (request, reply) => {
      const body = parseOrThrow(registerKioskRequest, registrationBody(request.body));
      reply.code(201);
      return { data: await kiosks.register(contextOf(request), body), message: 'Kiosk Added' };
    },
  );

  app.get(
    '/api/kiosk/:entityId',
    { ...own, config: { openapi: { summary: "The company's kiosks", params: entityParam } } },
    async (request) => {
      const { entityId } = parseOrThrow(entityParam, request.params);
      return { data: await kiosks.list(contextOf(request), entityId) };
    },
  );

  app.get(
    '/api/kiosks/visits',
    {
      config: { openapi: { summary: 'Kiosk visits since a time', query: sinceQuery } },
      preHandler: requirePermission('dashboard'),
    },
    async (request) => {
      const { since } = parseOrThrow(sinceQuery, request.query);
      return { data: await kiosks.visits(contextOf(request), Number(since)) };
    },
  );

  app.get(
    '/api/kiosks/logs',
    {
      config: { openapi: { summary: 'Kiosk logs since a time', query: sinceQuery } },
      preHandler: requirePermission('show_kiosk_logs_list'),
    },
    async (request) => {
      const { since } = parseOrThrow(sinceQuery, request.query);
      return { data: await kiosks.logs(contextOf(request), Number(since)) };
    },
  );

  app.get(
    '/api/kiosks/areas',
    { ...admin, config: { openapi: { summary: 'Areas a kiosk can be placed in' } } },
    async (request) => ({ data: await kiosks.areas(contextOf(request)) }),
  );

  app.get(
    '/api/kiosks/:id',
    { ...own, config: { openapi: { summary: 'One kiosk', params: idParam } } },
    async (request) => {
      const { id } = parseOrThrow(idParam, request.params);
      return { data: await kiosks.get(contextOf(request), id) };
    },
  );

  app.delete(
    '/api/deregister-kiosk/:id',
    { ...own, config: { openapi: { summary: 'Deregister a kiosk', params: idParam } } },
    async (request) => {
      const { id } = parseOrThrow(idParam, request.params);
      await kiosks.deregister(contextOf(request), id);
      return { message: 'Kiosk Deleted' };
    },
  );

  app.get(
    '/api/attendance_mode/:entityId',
    {
      config: { openapi: { summary: "The company's attendance modes", params: entityParam } },
      preHandler: declarePermission('show_attendance_modes'),
    },
    async (request) => {
      const { entityId } = parseOrThrow(entityParam, request.params);
      return { data: await kiosks.attendanceModes(contextOf(request), entityId) };
    },
  );

  app.get(
    '/api/attendance_modes/:id',
    {
      config: { openapi: { summary: 'One attendance mode', params: idParam } },
      preHandler: declarePermission('show_attendance_modes'),
    },
    async (request) => {
      const { id } = parseOrThrow(idParam, request.params);
      return { data: await kiosks.attendanceMode(contextOf(request), id) };
    },
  );
}
