// Spec 2 §7 "Kiosks" and "Attendance" (the calls the kiosk and the sites list need), under /api.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { registerKioskRequest } from '../../domain/kiosk';
import { contextOf } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { KioskService } from './kiosk.service';

const idParam = v.object({ id: v.pipe(v.string(), v.uuid('validation.uuid')) });
const entityParam = v.object({ entityId: v.pipe(v.string(), v.uuid('validation.uuid')) });
const sinceQuery = v.object({ since: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'kiosk.validation.number'), v.transform(Number)), '0') });

export async function kioskRoutes(app: FastifyInstance, { kiosks }: { kiosks: KioskService }) {
  app.post('/api/kiosk', async (request, reply) => {
    const body = parseOrThrow(registerKioskRequest, request.body);
    reply.code(201);
    return { data: await kiosks.register(contextOf(request), body), message: 'Kiosk Added' };
  });

  app.get('/api/kiosk/:entityId', async (request) => {
    const { entityId } = parseOrThrow(entityParam, request.params);
    return { data: await kiosks.list(contextOf(request), entityId) };
  });

  app.get('/api/kiosks/visits', async (request) => {
    const { since } = parseOrThrow(sinceQuery, request.query);
    return { data: await kiosks.visits(contextOf(request), Number(since)) };
  });

  app.get('/api/kiosks/logs', async (request) => {
    const { since } = parseOrThrow(sinceQuery, request.query);
    return { data: await kiosks.logs(contextOf(request), Number(since)) };
  });

  app.get('/api/kiosks/areas', async (request) => ({ data: await kiosks.areas(contextOf(request)) }));

  app.get('/api/kiosks/:id', async (request) => {
    const { id } = parseOrThrow(idParam, request.params);
    return { data: await kiosks.get(contextOf(request), id) };
  });

  app.delete('/api/deregister-kiosk/:id', async (request) => {
    const { id } = parseOrThrow(idParam, request.params);
    await kiosks.deregister(contextOf(request), id);
    return { message: 'Kiosk Deleted' };
  });

  app.get('/api/attendance_mode/:entityId', async (request) => {
    const { entityId } = parseOrThrow(entityParam, request.params);
    return { data: await kiosks.attendanceModes(contextOf(request), entityId) };
  });

  app.get('/api/attendance_modes/:id', async (request) => {
    const { id } = parseOrThrow(idParam, request.params);
    return { data: await kiosks.attendanceMode(contextOf(request), id) };
  });
}
