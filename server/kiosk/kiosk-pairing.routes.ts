// Pairing a kiosk by QR. POST /api/kiosk/pairing: an admin (sites_devices) makes a one-time code.
// POST /api/kiosk/pair: public (the device has no session; the code is the secret), rate-limited
// per address like the other public links.
import type { FastifyInstance } from 'fastify';
import { createPairingRequest, pairKioskRequest } from '../../domain/kiosk-pairing';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import { WRITE_LIMIT } from '../preregistration/public-http';
import type { KioskPairingService } from './kiosk-pairing.service';

export async function kioskPairingRoutes(app: FastifyInstance, { pairing }: { pairing: KioskPairingService }) {
  app.post(
    '/api/kiosk/pairing',
    {
      config: {
        openapi: {
          summary: 'Start pairing a kiosk (a one-time pairing code)',
          body: createPairingRequest,
          status: 201,
        },
      },
      preHandler: requirePermission('sites_devices'),
    },
    async (request, reply) => {
      const body = parseOrThrow(createPairingRequest, request.body);
      reply.code(201);
      return { data: await pairing.create(contextOf(request), body) };
    },
  );

  app.post(
    '/api/kiosk/pair',
    {
      config: {
        openapi: {
          summary: 'Pair a kiosk with its code; answers its device token',
          body: pairKioskRequest,
          status: 201,
        },
        public: true,
        rateLimit: WRITE_LIMIT,
      },
    },
    async (request, reply) => {
      const body = parseOrThrow(pairKioskRequest, request.body);
      reply.code(201);
      return { data: await pairing.pair(body), message: 'Kiosk Added' };
    },
  );
}
