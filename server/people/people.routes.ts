// Users and labels (spec 2 §7 "Users and related"), all under /api with the spec's paths.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  applyLabelsInput,
  labelInput,
  userInput,
  usersActiveInput,
  usersQuery,
  usersUserTypeInput,
} from '../../domain/schemas/people';
import { contextOf, declarePermission, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { PeopleService } from './people.service';

// A 3 MB photo as base64 in JSON is about 4 MB.
const PHOTO_BODY_LIMIT = 5 * 1024 * 1024;
type IdParams = { Params: { id: string } };
const idParams = v.object({ id: v.pipe(v.string(), v.uuid('validation.uuid')) });
/** No search lists the first 20 by name. */
const searchQuery = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'validation.too_long')), ''),
});

export async function peopleRoutes(app: FastifyInstance, { people }: { people: PeopleService }) {
  // Routes with ids: the service checks ownership (404) before the permission.
  const own = { preHandler: declarePermission('users') };
  app.get<{ Params: { entityId: string } }>(
    '/api/users/:entityId',
    { ...own, config: { openapi: { summary: "The company's users (paged, filtered)", query: usersQuery } } },
    async (request) =>
      people.list(contextOf(request), request.params.entityId, parseOrThrow(usersQuery, request.query)),
  );

  app.get<IdParams>(
    '/api/user/:id',
    { ...own, config: { openapi: { summary: 'One user', params: idParams } } },
    async (request) => ({ data: await people.get(contextOf(request), parseOrThrow(idParams, request.params).id) }),
  );

  // Spec 2 §7: a name, e-mail or phone search of the company's active people (the first 20), and
  // the users grid's rows; both answer what GET /users/{entityId} answers for the same query.
  app.get<{ Params: { entityId: string } }>(
    '/api/search_user_in_entity/:entityId',
    { ...own, config: { openapi: { summary: "Search the company's users", query: searchQuery } } },
    async (request) => {
      const { search } = parseOrThrow(searchQuery, request.query);
      const q = { ...parseOrThrow(usersQuery, { limit: '20' }), filterBy: { search } };
      return { data: (await people.list(contextOf(request), request.params.entityId, q)).data };
    },
  );
  app.get<{ Params: { entityId: string } }>(
    '/api/data_users_grid/:entityId',
    { ...own, config: { openapi: { summary: "The users grid's rows (paged, filtered)", query: usersQuery } } },
    async (request) =>
      people.list(contextOf(request), request.params.entityId, parseOrThrow(usersQuery, request.query)),
  );

  app.post(
    '/api/users',
    {
      config: { openapi: { summary: 'Create a user', body: userInput, status: 201 } },
      bodyLimit: PHOTO_BODY_LIMIT,
      preHandler: requirePermission('users'),
    },
    async (request, reply) => {
      const user = await people.create(contextOf(request), parseOrThrow(userInput, request.body));
      return reply.code(201).send({ data: user, message: 'User Created' });
    },
  );

  app.post<IdParams>(
    '/api/users/update/:id',
    { config: { openapi: { summary: 'Update a user', body: userInput } }, bodyLimit: PHOTO_BODY_LIMIT, ...own },
    async (request) => ({
      data: await people.update(contextOf(request), request.params.id, request.body, (b) => parseOrThrow(userInput, b)),
      message: 'User Updated',
    }),
  );

  app.delete<IdParams>(
    '/api/users/:id',
    { ...own, config: { openapi: { summary: 'Archive a user' } } },
    async (request) => {
      await people.remove(contextOf(request), request.params.id);
      return { message: 'User Deleted' };
    },
  );

  app.put(
    '/api/users_active',
    {
      config: { openapi: { summary: 'Activate or deactivate users', body: usersActiveInput } },
      preHandler: requirePermission('users'),
    },
    async (request) => {
      const input = parseOrThrow(usersActiveInput, request.body);
      return {
        data: await people.setActive(contextOf(request), input.user_ids, input.active),
        message: 'User Status Updated',
      };
    },
  );

  app.put(
    '/api/users_usertype',
    {
      config: { openapi: { summary: 'Change the user type of users', body: usersUserTypeInput } },
      preHandler: requirePermission('users'),
    },
    async (request) => {
      const input = parseOrThrow(usersUserTypeInput, request.body);
      return {
        data: await people.moveType(contextOf(request), input.user_ids, input.user_type_id),
        message: 'User Moved',
      };
    },
  );

  app.get<IdParams>(
    '/api/users/photo/:id',
    { ...own, config: { openapi: { summary: "A user's photo", produces: 'image/*' } } },
    async (request, reply) => {
      const photo = await people.photo(contextOf(request), request.params.id);
      return reply
        .header('content-type', photo.mime)
        .header('cache-control', 'private, max-age=86400')
        .send(photo.bytes);
    },
  );

  app.get<{ Params: { entityId: string } }>(
    '/api/labels/:entityId',
    { ...own, config: { openapi: { summary: "The company's labels" } } },
    async (request) => ({
      data: await people.labels(contextOf(request), request.params.entityId),
    }),
  );

  app.post(
    '/api/label',
    {
      config: { openapi: { summary: 'Create a label', body: labelInput, status: 201 } },
      preHandler: requirePermission('users'),
    },
    async (request, reply) => {
      const input = parseOrThrow(labelInput, request.body);
      return reply.code(201).send({ data: await people.createLabel(contextOf(request), input.name) });
    },
  );

  app.post(
    '/api/mass_action_apply_labels',
    {
      config: { openapi: { summary: 'Apply labels to users', body: applyLabelsInput } },
      preHandler: requirePermission('users'),
    },
    async (request) => {
      const input = parseOrThrow(applyLabelsInput, request.body);
      return { data: await people.applyLabels(contextOf(request), input.user_ids, input.label_ids) };
    },
  );
}
