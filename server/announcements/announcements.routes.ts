// Announcement calls (the spec leaves them unnamed; DESIGN ruling 11): /api/announcements.
// Reading needs `announcements` (the editor, which opens on /add-announcement, may read too);
// writing needs `add-announcement`.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ANNOUNCEMENT_STATES, announcementInput } from '../../domain/announcement';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { AnnouncementsService } from './announcements.service';

type IdParams = { Params: { id: string } };
const listQuery = v.object({ state: v.optional(v.picklist(ANNOUNCEMENT_STATES, 'announcements.validation.state')) });

export async function announcementsRoutes(
  app: FastifyInstance,
  { announcements }: { announcements: AnnouncementsService },
) {
  const read = { preHandler: requirePermission('announcements', 'add-announcement') };
  const write = { preHandler: requirePermission('add-announcement') };

  const doc = (summary: string, extra: Record<string, unknown> = {}) => ({
    config: { openapi: { summary, ...extra } },
  });

  app.get(
    '/api/announcements',
    { ...read, ...doc('Announcements, filtered by state', { query: listQuery }) },
    async (request) => announcements.list(contextOf(request), parseOrThrow(listQuery, request.query).state),
  );

  app.get<IdParams>('/api/announcements/:id', { ...read, ...doc('One announcement') }, async (request) => ({
    data: await announcements.get(contextOf(request), request.params.id),
  }));

  app.post(
    '/api/announcements',
    { ...write, ...doc('Publish or schedule an announcement', { body: announcementInput, status: 201 }) },
    async (request, reply) => {
      const created = await announcements.create(contextOf(request), parseOrThrow(announcementInput, request.body));
      return reply.code(201).send({ data: created });
    },
  );

  // The record's company answers before the body is read: another company's id is a 404.
  app.put<IdParams>(
    '/api/announcements/:id',
    { ...write, ...doc('Change an announcement', { body: announcementInput }) },
    async (request) => {
      const ctx = contextOf(request);
      await announcements.get(ctx, request.params.id);
      return {
        data: await announcements.update(ctx, request.params.id, parseOrThrow(announcementInput, request.body)),
      };
    },
  );

  app.delete<IdParams>('/api/announcements/:id', { ...write, ...doc('Delete an announcement') }, async (request) => ({
    data: await announcements.remove(contextOf(request), request.params.id),
  }));
}
