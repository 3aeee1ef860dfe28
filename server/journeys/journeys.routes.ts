// Journeys and flows (spec 1 §2 "Journeys", §6 permission keys). The spec names no REST paths;
// these are Gatehouse's own. Routes with an id declare their key and the service checks it after
// finding the record, so another company's id is a 404 for everyone.
import type { FastifyInstance } from 'fastify';
import { flowInput, journeyInput } from '../../domain/journey-config';
import { contextOf, declarePermission, requirePermission } from '../http/context';
import type { JourneysService } from './journeys.service';

type WithId = { Params: { id: string } };

export async function journeysRoutes(app: FastifyInstance, { journeys }: { journeys: JourneysService }) {
  app.get(
    '/api/journeys',
    { config: { openapi: { summary: 'Journeys' } }, preHandler: requirePermission('show_journey_list') },
    async (request) => ({
      data: await journeys.list(contextOf(request)),
    }),
  );
  app.post(
    '/api/journeys',
    {
      config: { openapi: { summary: 'Create a journey', body: journeyInput, status: 201 } },
      preHandler: requirePermission('create_journey'),
    },
    async (request, reply) => reply.code(201).send({ data: await journeys.create(contextOf(request), request.body) }),
  );
  app.get<WithId>(
    '/api/journeys/:id',
    { config: { openapi: { summary: 'One journey' } }, preHandler: declarePermission('show_journey_list') },
    async (request) => ({
      data: await journeys.get(contextOf(request), request.params.id),
    }),
  );
  app.put<WithId>(
    '/api/journeys/:id',
    {
      config: { openapi: { summary: 'Update a journey', body: journeyInput } },
      preHandler: declarePermission('edit_journey'),
    },
    async (request) => ({
      data: await journeys.update(contextOf(request), request.params.id, request.body),
    }),
  );
  app.delete<WithId>(
    '/api/journeys/:id',
    { config: { openapi: { summary: 'Delete a journey' } }, preHandler: declarePermission('edit_journey') },
    async (request) => {
      await journeys.remove(contextOf(request), request.params.id);
      return { data: null };
    },
  );
  app.get<WithId>(
    '/api/journeys/:id/flows',
    { config: { openapi: { summary: "A journey's flows" } }, preHandler: declarePermission('show_journey_list') },
    async (request) => ({
      data: await journeys.flows(contextOf(request), request.params.id),
    }),
  );
  app.post<WithId>(
    '/api/journeys/:id/flows',
    {
      config: { openapi: { summary: 'Add a flow to a journey', body: flowInput, status: 201 } },
      preHandler: declarePermission('add_journey_flow'),
    },
    async (request, reply) =>
      reply.code(201).send({ data: await journeys.createFlow(contextOf(request), request.params.id, request.body) }),
  );
  app.get<WithId>(
    '/api/journey-flows/:id',
    { config: { openapi: { summary: 'One journey flow' } }, preHandler: declarePermission('show_journey_list') },
    async (request) => ({
      data: await journeys.getFlow(contextOf(request), request.params.id),
    }),
  );
  app.put<WithId>(
    '/api/journey-flows/:id',
    {
      config: { openapi: { summary: 'Update a journey flow', body: flowInput } },
      preHandler: declarePermission('edit_journey_flow'),
    },
    async (request) => ({
      data: await journeys.updateFlow(contextOf(request), request.params.id, request.body),
    }),
  );
  app.delete<WithId>(
    '/api/journey-flows/:id',
    { config: { openapi: { summary: 'Delete a journey flow' } }, preHandler: declarePermission('edit_journey_flow') },
    async (request) => {
      await journeys.removeFlow(contextOf(request), request.params.id);
      return { data: null };
    },
  );
}
