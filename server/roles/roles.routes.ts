// GET /api/roles/{entityId}: the role list of the caller's own entity.
import type { FastifyInstance } from 'fastify';
import { contextOf, declarePermission } from '../http/context';
import type { Services } from '../services';

export async function rolesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get<{ Params: { entityId: string } }>(
    '/api/roles/:entityId',
    { config: { openapi: { summary: "The company's roles" } }, preHandler: declarePermission('users') },
    async (request) => ({
      data: await services.roles.list(contextOf(request), request.params.entityId),
    }),
  );
}
