// The logged-in side of expected visits (spec 2 §7): list, add, the four approval calls, edit,
// delete, the duplicate check and the visitor's photo. Paths the spec leaves unnamed:
// GET /api/expected-visits, POST /api/add-expected-visitors, GET /api/visitor-photos/:visitId.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { APPROVAL_ACTIONS } from '../../domain/preregistration-visit';
import {
  addExpectedVisitorsBody,
  editExpectedVisitBody,
  hostSearchBody,
  validateUserUpdateBody,
  visitIdBody,
} from '../../domain/preregistration-schemas';
import { contextOf, requirePermission } from '../http/context';
import { validationMessage } from '../http/i18n';
import { parseOrThrow } from '../http/validate';
import type { Services } from '../services';
import { baseUrlOf } from './public-http';

const visitParams = v.object({ visitId: v.pipe(v.string(), v.uuid()) });
const hostsParams = v.object({
  journeyId: v.pipe(v.string(), v.uuid('validation.uuid')),
  userTypeId: v.pipe(v.string(), v.uuid('validation.uuid')),
});

export async function expectedVisitsRoutes(
  app: FastifyInstance,
  { services, publicUrl }: { services: Services; publicUrl?: string },
) {
  const visits = services.expectedVisits;
  const can = { preHandler: requirePermission('dashboard') };

  // Spec 2 §7: the logged-in variants of the public host calls, for a flow of the caller's company.
  app.get(
    '/api/hosts/:journeyId/:userTypeId',
    { ...can, config: { openapi: { summary: "A flow's host settings with its hosts", params: hostsParams } } },
    async (request) => {
      const p = parseOrThrow(hostsParams, request.params);
      return { data: await visits.hosts(contextOf(request), p.journeyId, p.userTypeId) };
    },
  );

  app.post(
    '/api/host/search',
    { ...can, config: { openapi: { summary: "Search a flow's hosts by name or e-mail", body: hostSearchBody } } },
    async (request) => {
      const b = parseOrThrow(hostSearchBody, request.body);
      return { data: await visits.searchHosts(contextOf(request), b.journey_id, b.search) };
    },
  );

  app.get('/api/expected-visits', { ...can, config: { openapi: { summary: 'Expected visits' } } }, async (request) => ({
    data: await visits.list(contextOf(request)),
  }));

  app.post(
    '/api/add-expected-visitors',
    { ...can, config: { openapi: { summary: 'Add expected visitors', body: addExpectedVisitorsBody, status: 201 } } },
    async (request, reply) => {
      const ctx = contextOf(request);
      const b = parseOrThrow(addExpectedVisitorsBody, request.body);
      const data = await visits.add(ctx, b.visitors, { lang: ctx.lang, baseUrl: baseUrlOf(request, publicUrl) });
      return reply.code(201).send({ data });
    },
  );

  for (const action of APPROVAL_ACTIONS) {
    const summary = `Expected visit: ${action.replace(/-/g, ' ')}`;
    app.post(`/api/${action}`, { ...can, config: { openapi: { summary, body: visitIdBody } } }, async (request) => {
      const b = parseOrThrow(visitIdBody, request.body);
      return { data: await visits.decide(contextOf(request), action, b.visit_id, baseUrlOf(request, publicUrl)) };
    });
  }

  // A fresh personal link (the code is kept hashed): POST, since it replaces the one mailed before.
  app.post(
    '/api/expected-visit-link',
    { ...can, config: { openapi: { summary: 'A fresh personal link for an expected visit', body: visitIdBody } } },
    async (request) => {
      const b = parseOrThrow(visitIdBody, request.body);
      return { data: await visits.personalLink(contextOf(request), b.visit_id, baseUrlOf(request, publicUrl)) };
    },
  );

  app.put(
    '/api/edit-expected-visit',
    { ...can, config: { openapi: { summary: 'Edit an expected visit', body: editExpectedVisitBody } } },
    async (request) => {
      const b = parseOrThrow(editExpectedVisitBody, request.body);
      return { data: await visits.edit(contextOf(request), b) };
    },
  );

  app.delete(
    '/api/delete-expected-visit',
    { ...can, config: { openapi: { summary: 'Delete an expected visit', query: visitIdBody } } },
    async (request) => {
      const q = parseOrThrow(visitIdBody, request.query);
      return { data: await visits.remove(contextOf(request), q.visit_id) };
    },
  );

  app.post(
    '/api/validate-user-update',
    {
      config: { openapi: { summary: 'Check a user update before saving it', body: validateUserUpdateBody } },
      preHandler: requirePermission('users'),
    },
    async (request) => {
      const b = parseOrThrow(validateUserUpdateBody, request.body);
      const ctx = contextOf(request);
      const errors = await visits.validateUserUpdate(ctx, b.email, b.phone, b.user_id);
      return {
        errors: Object.fromEntries(
          Object.entries(errors).map(([field, keys]) => [field, keys.map((k) => validationMessage(ctx.lang, k))]),
        ),
      };
    },
  );

  app.get(
    '/api/visitor-photos/:visitId',
    { ...can, config: { openapi: { summary: "A visit's visitor photo", params: visitParams, produces: 'image/*' } } },
    async (request, reply) => {
      const { visitId } = parseOrThrow(visitParams, request.params);
      const photo = await visits.photo(contextOf(request), visitId);
      return reply.type(photo.type).header('cache-control', 'private, max-age=3600').send(photo.bytes);
    },
  );
}
