// Watch-list calls: /api/watch-list, all behind the `watch_list` permission (admins by
// default): the reason and the audit trail are sensitive, so reading needs it as much as writing.
import type { FastifyInstance } from 'fastify';
import { watchListInput } from '../../domain/watch-list';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { WatchListService } from './watch-list.service';

type IdParams = { Params: { id: string } };

export async function watchListRoutes(app: FastifyInstance, { watchList }: { watchList: WatchListService }) {
  const guard = { preHandler: requirePermission('watch_list') };
  const doc = (summary: string, extra: Record<string, unknown> = {}) => ({
    config: { openapi: { summary, ...extra } },
  });

  app.get('/api/watch-list', { ...guard, ...doc('Watch-list entries') }, async (request) => ({
    data: await watchList.list(contextOf(request)),
  }));

  app.get(
    '/api/watch-list/audit',
    { ...guard, ...doc('The watch list’s audit trail, newest first') },
    async (request) => ({
      data: await watchList.audit(contextOf(request)),
    }),
  );

  app.get<IdParams>('/api/watch-list/:id', { ...guard, ...doc('One watch-list entry') }, async (request) => ({
    data: await watchList.get(contextOf(request), request.params.id),
  }));

  app.get<IdParams>('/api/watch-list/:id/audit', { ...guard, ...doc('One entry’s audit trail') }, async (request) => ({
    data: await watchList.audit(contextOf(request), request.params.id),
  }));

  app.post(
    '/api/watch-list',
    { ...guard, ...doc('Add a watch-list entry', { body: watchListInput, status: 201 }) },
    async (request, reply) => {
      const created = await watchList.create(contextOf(request), parseOrThrow(watchListInput, request.body));
      return reply.code(201).send({ data: created });
    },
  );

  // The record's company answers before the body is read: another company's id is a 404.
  app.put<IdParams>(
    '/api/watch-list/:id',
    { ...guard, ...doc('Change a watch-list entry', { body: watchListInput }) },
    async (request) => {
      const ctx = contextOf(request);
      await watchList.get(ctx, request.params.id);
      return { data: await watchList.update(ctx, request.params.id, parseOrThrow(watchListInput, request.body)) };
    },
  );

  app.delete<IdParams>('/api/watch-list/:id', { ...guard, ...doc('Remove a watch-list entry') }, async (request) => ({
    data: await watchList.remove(contextOf(request), request.params.id),
  }));
}
