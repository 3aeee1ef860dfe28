// User types: list (show_user_types_list) and create (add_new_user_type). The spec names no
// paths for these; they follow the REST style of DESIGN ruling 10.
import type { FastifyInstance } from 'fastify';
import { userTypeInput } from '../../domain/schemas/people';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { UserTypesService } from './user-types.service';

export async function userTypesRoutes(app: FastifyInstance, { userTypes }: { userTypes: UserTypesService }) {
  app.get(
    '/api/user-types',
    { config: { openapi: { summary: 'User types' } }, preHandler: requirePermission('show_user_types_list') },
    async (request) => ({
      data: await userTypes.list(contextOf(request)),
    }),
  );

  app.post(
    '/api/user-types',
    {
      config: { openapi: { summary: 'Create a user type', body: userTypeInput, status: 201 } },
      preHandler: requirePermission('add_new_user_type'),
    },
    async (request, reply) => {
      const created = await userTypes.create(contextOf(request), parseOrThrow(userTypeInput, request.body));
      return reply.code(201).send({ data: created });
    },
  );
}
