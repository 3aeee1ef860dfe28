// RFID enrolment links. Logged in: POST /api/rfid_enrollment/link (users permission) starts one.
// Public (the code is the secret, rate-limited like the other public links):
// GET /api/rfid/{lang}/{code} shows whose card it enrols, POST /api/rfid/{lang}/{code} enrols it.
import type { FastifyInstance } from 'fastify';
import { rfidCardBody, rfidLinkInput } from '../../domain/rfid-enrolment';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import { baseUrlOf, langParam, READ_LIMIT, WRITE_LIMIT } from '../preregistration/public-http';
import type { RfidEnrolmentService } from './rfid-enrolment.service';

interface Options {
  rfidLinks: RfidEnrolmentService;
  publicUrl?: string;
}

export async function rfidEnrolmentRoutes(app: FastifyInstance, { rfidLinks, publicUrl }: Options) {
  app.post(
    '/api/rfid_enrollment/link',
    {
      config: { openapi: { summary: 'Mail a user a link to enrol their RFID card', body: rfidLinkInput } },
      preHandler: requirePermission('users'),
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const b = parseOrThrow(rfidLinkInput, request.body);
      return reply
        .code(201)
        .send({ data: await rfidLinks.start(ctx, b, { lang: ctx.lang, baseUrl: baseUrlOf(request, publicUrl) }) });
    },
  );

  app.get<{ Params: { code: string } }>(
    '/api/rfid/:lang/:code',
    { config: { openapi: { summary: 'Open an RFID enrolment link' }, public: true, rateLimit: READ_LIMIT } },
    async (request) => {
      langParam(request);
      return { data: await rfidLinks.details(request.params.code) };
    },
  );

  // The link is checked before the body: a bad code is 404 whatever was sent.
  app.post<{ Params: { code: string } }>(
    '/api/rfid/:lang/:code',
    {
      config: {
        openapi: { summary: 'Enrol an RFID card through a link', body: rfidCardBody },
        public: true,
        rateLimit: WRITE_LIMIT,
      },
    },
    async (request) => {
      langParam(request);
      await rfidLinks.details(request.params.code);
      const b = parseOrThrow(rfidCardBody, request.body);
      return { data: await rfidLinks.enrol(request.params.code, b.rfid), message: 'RFID Enrolled' };
    },
  );
}
