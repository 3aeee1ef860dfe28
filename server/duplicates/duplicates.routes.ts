// Spec 2 §7: GET /api/get_users_duplicate/{entityId} (filterBy) and POST /api/merge_user.
import type { FastifyInstance } from 'fastify';
import { duplicatesQuery, mergeInput } from '../../domain/duplicates';
import { contextOf, declarePermission } from '../http/context';
import type { DuplicatesService } from './duplicates.service';

export async function duplicatesRoutes(app: FastifyInstance, { duplicates }: { duplicates: DuplicatesService }) {
  // The service checks the entity (404) before the permission.
  const own = { preHandler: declarePermission('show_duplication_control_board_list') };
  app.get<{ Params: { entityId: string } }>(
    '/api/get_users_duplicate/:entityId',
    {
      ...own,
      config: {
        openapi: { summary: 'Likely duplicate users, grouped (filterBy email, phone or name)', query: duplicatesQuery },
      },
    },
    async (request) => duplicates.find(contextOf(request), request.params.entityId, request.query),
  );

  app.post(
    '/api/merge_user',
    {
      ...own,
      config: { openapi: { summary: 'Merge users into the one kept, choosing each field', body: mergeInput } },
    },
    async (request) => ({ data: await duplicates.merge(contextOf(request), request.body), message: 'Merged User' }),
  );
}
