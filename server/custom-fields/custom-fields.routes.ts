// Section calls of spec 2 §7 under /api. Reading needs show_custom_fields (the editor, which
// opens on /add-custom-field, may read too); writing needs add_custom_field_to_new_section.
import type { FastifyInstance } from 'fastify';
import { sectionInput, uniqueQuery } from '../../domain/custom-field-sections';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { CustomFieldsService } from './custom-fields.service';

type IdParams = { Params: { id: string } };

export async function customFieldsRoutes(
  app: FastifyInstance,
  { customFields }: { customFields: CustomFieldsService },
) {
  const read = { preHandler: requirePermission('show_custom_fields', 'add_custom_field_to_new_section') };
  const write = { preHandler: requirePermission('add_custom_field_to_new_section') };

  app.get(
    '/api/sections/unique',
    { ...read, config: { openapi: { summary: 'Whether a section name is free', query: uniqueQuery } } },
    async (request) => ({
      data: await customFields.unique(contextOf(request), parseOrThrow(uniqueQuery, request.query)),
    }),
  );

  app.get(
    '/api/section/with_custom_field',
    {
      config: { openapi: { summary: 'Sections with their custom fields' } },
      preHandler: requirePermission('show_custom_fields'),
    },
    async (request) => ({
      data: await customFields.list(contextOf(request)),
    }),
  );

  app.get<IdParams>(
    '/api/sections/:id',
    { ...read, config: { openapi: { summary: 'One section' } } },
    async (request) => ({
      data: await customFields.get(contextOf(request), request.params.id),
    }),
  );

  // The plan (and, for an update, the section's company) answer before the body is read.
  app.post(
    '/api/section',
    {
      ...write,
      config: { openapi: { summary: 'Create a section of custom fields', body: sectionInput, status: 201 } },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      await customFields.assertOpen(ctx);
      const created = await customFields.create(ctx, parseOrThrow(sectionInput, request.body));
      return reply.code(201).send({ data: created });
    },
  );

  app.put<IdParams>(
    '/api/section/:id',
    { ...write, config: { openapi: { summary: 'Update a section of custom fields', body: sectionInput } } },
    async (request) => {
      const ctx = contextOf(request);
      await customFields.get(ctx, request.params.id);
      return { data: await customFields.update(ctx, request.params.id, parseOrThrow(sectionInput, request.body)) };
    },
  );

  app.delete<IdParams>(
    '/api/section/delete_with_custom_field/:id',
    { ...write, config: { openapi: { summary: 'Delete a section with its custom fields' } } },
    async (request) => ({
      data: await customFields.remove(contextOf(request), request.params.id),
    }),
  );
}
