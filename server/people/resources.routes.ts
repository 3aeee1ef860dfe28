// GET /api/user_resources (the caller's user types and areas, or with user_id another person's),
// GET /api/user_resources_within_permissions (what the caller may give) and PUT /api/user_resource
// (set a person's), spec 2 §7 "Users and related".
import type { FastifyInstance } from 'fastify';
import { userResourceInput, userResourcesQuery } from '../../domain/resources';
import { contextOf, requireLogin, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { ResourcesService } from './resources.service';

export async function resourcesRoutes(app: FastifyInstance, { resources }: { resources: ResourcesService }) {
  app.get(
    '/api/user_resources',
    {
      config: {
        openapi: { summary: 'The user types and areas a person may act on (null: all)', query: userResourcesQuery },
      },
      preHandler: requireLogin(),
    },
    async (request) => ({
      data: await resources.read(contextOf(request), parseOrThrow(userResourcesQuery, request.query).user_id),
    }),
  );
  app.get(
    '/api/user_resources_within_permissions',
    {
      config: { openapi: { summary: 'The user types and areas the caller may give to others' } },
      preHandler: requirePermission('users'),
    },
    async (request) => ({ data: await resources.grantable(contextOf(request)) }),
  );
  app.put(
    '/api/user_resource',
    {
      config: { openapi: { summary: "Set a person's user types and areas", body: userResourceInput } },
      preHandler: requirePermission('users'),
    },
    async (request) => ({
      data: await resources.set(contextOf(request), parseOrThrow(userResourceInput, request.body)),
    }),
  );
}
