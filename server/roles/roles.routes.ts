// GET /api/roles/{entityId}: the role list of the caller's own entity.
// PUT /api/roles/{roleId}/permissions: which permission keys a role allows (the roles page).
import type { FastifyInstance } from 'fastify';
import { rolePermissionsInput } from '../../domain/passport';
import { contextOf, declarePermission } from '../http/context';
import type { Services } from '../services';
import { ROLES_PERMISSION } from './roles.service';

export async function rolesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get<{ Params: { entityId: string } }>(
    '/api/roles/:entityId',
    {
      config: { openapi: { summary: "The company's roles" } },
      preHandler: declarePermission('users', ROLES_PERMISSION),
    },
    async (request) => ({
      data: await services.roles.list(contextOf(request), request.params.entityId),
    }),
  );
  app.put<{ Params: { roleId: string } }>(
    '/api/roles/:roleId/permissions',
    {
      config: { openapi: { summary: 'Set the permission keys a role allows', body: rolePermissionsInput } },
      preHandler: declarePermission(ROLES_PERMISSION),
    },
    async (request) => ({
      data: await services.roles.setPermissions(contextOf(request), request.params.roleId, request.body),
    }),
  );
}
