// GET /api/department/{entityId}, PUT /api/rfid_enrollment (the /rfid-enrollment screen's
// save; not in the spec's catalogue) and GET /api/get_users_have_rfid_enrollment.
import type { FastifyInstance } from 'fastify';
import { rfidEnrolledQuery, rfidEnrollmentInput } from '../../domain/schemas/rfid';
import { contextOf, requireLogin, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { EnrollmentService } from './enrollment.service';

export async function enrollmentRoutes(app: FastifyInstance, { enrollment }: { enrollment: EnrollmentService }) {
  app.get<{ Params: { entityId: string } }>(
    '/api/department/:entityId',
    { config: { openapi: { summary: "The company's departments" } }, preHandler: requireLogin() },
    async (request) => ({ data: await enrollment.departments(contextOf(request), request.params.entityId) }),
  );

  app.put(
    '/api/rfid_enrollment',
    {
      config: { openapi: { summary: 'Enrol an RFID card for a user', body: rfidEnrollmentInput } },
      preHandler: requirePermission('users'),
    },
    async (request) => ({
      data: await enrollment.enroll(contextOf(request), parseOrThrow(rfidEnrollmentInput, request.body)),
      message: 'RFID Enrolled',
    }),
  );

  app.get(
    '/api/get_users_have_rfid_enrollment',
    {
      config: { openapi: { summary: 'Which users have an RFID card', query: rfidEnrolledQuery } },
      preHandler: requirePermission('users'),
    },
    async (request) => {
      const q = parseOrThrow(rfidEnrolledQuery, request.query);
      return { data: await enrollment.enrolled(contextOf(request), q.entityId, q.userIds) };
    },
  );
}
