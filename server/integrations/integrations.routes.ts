// Directory integrations API. The spec leaves these calls unnamed; the paths follow
// DESIGN rulings 10 and 11 (/api/integrations…). Starting a sync answers at once with the run;
// the screen polls /sync-status as spec 1 §4 says.
import type { FastifyInstance } from 'fastify';
import {
  connectionTestInput,
  duplicateResolution,
  integrationInput,
  newConnectionTestInput,
} from '../../domain/integrations';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { IntegrationSync } from './integration-sync';
import type { IntegrationsService } from './integrations.service';

const SWEEP_MS = 30_000;
type Id = { Params: { id: string } };

export async function integrationsRoutes(
  app: FastifyInstance,
  { integrations, sync }: { integrations: IntegrationsService; sync: IntegrationSync },
) {
  let timer: ReturnType<typeof setInterval> | null = null;
  app.addHook('onReady', async () => {
    sync.resume();
    void sync.sweep().catch(() => undefined);
    timer = setInterval(() => void sync.sweep().catch(() => undefined), SWEEP_MS);
    timer.unref?.();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    sync.stop();
    await sync.idle();
  });

  const doc = (summary: string, extra: object = {}) => ({ config: { openapi: { summary, ...extra } } });

  app.get(
    '/api/integrations',
    { ...doc('Directory integrations'), preHandler: requirePermission('integration') },
    async (request) => integrations.list(contextOf(request)),
  );
  app.post(
    '/api/integrations',
    {
      ...doc('Create a directory integration', { body: integrationInput, status: 201 }),
      preHandler: requirePermission('integration'),
    },
    async (request, reply) =>
      reply.code(201).send(await integrations.create(contextOf(request), parseOrThrow(integrationInput, request.body))),
  );
  app.get<{ Querystring: { user_type_id?: string } }>(
    '/api/integrations/custom-fields',
    {
      ...doc('Custom fields a mapping may fill for people of a user type'),
      preHandler: requirePermission('integration'),
    },
    async (request) => integrations.customTargets(contextOf(request), request.query.user_type_id),
  );
  app.post(
    '/api/integrations/test-connection',
    {
      ...doc('Ask a directory for one page of people with typed credentials', { body: newConnectionTestInput }),
      preHandler: requirePermission('integration'),
    },
    async (request) => integrations.testNewConnection(contextOf(request), request.body),
  );
  app.post<Id>(
    '/api/integrations/:id/test-connection',
    {
      ...doc('Ask the directory for one page of people with the saved (or typed) credentials', {
        body: connectionTestInput,
      }),
      preHandler: requirePermission('integration'),
    },
    async (request) => integrations.testConnection(contextOf(request), request.params.id, request.body),
  );
  app.get<Id>(
    '/api/integrations/:id',
    { ...doc('One integration'), preHandler: requirePermission('integration') },
    async (request) => integrations.get(contextOf(request), request.params.id),
  );
  app.put<Id>(
    '/api/integrations/:id',
    { ...doc('Update an integration', { body: integrationInput }), preHandler: requirePermission('integration') },
    async (request) => integrations.update(contextOf(request), request.params.id, request.body),
  );
  app.delete<Id>(
    '/api/integrations/:id',
    { ...doc('Delete an integration'), preHandler: requirePermission('integration') },
    async (request) => integrations.remove(contextOf(request), request.params.id),
  );
  app.post<Id>(
    '/api/integrations/:id/sync',
    {
      ...doc('Start a sync, or Retry a failed one from where it stopped', { status: 202 }),
      preHandler: requirePermission('integration'),
    },
    async (request, reply) => reply.code(202).send(await integrations.startSync(contextOf(request), request.params.id)),
  );
  app.get<Id>(
    '/api/integrations/:id/sync-status',
    { ...doc('The latest sync run and its status id'), preHandler: requirePermission('integration') },
    async (request) => integrations.syncStatus(contextOf(request), request.params.id),
  );
  app.get<Id>(
    '/api/integrations/:id/logs',
    { ...doc('Sync logs, newest first'), preHandler: requirePermission('integration') },
    async (request) => integrations.logs(contextOf(request), request.params.id),
  );
  app.get<Id>(
    '/api/integrations/:id/duplicates',
    { ...doc('Directory people who look like someone here'), preHandler: requirePermission('integration') },
    async (request) => integrations.duplicates(contextOf(request), request.params.id),
  );
  app.post<Id>(
    '/api/integrations/:id/duplicates/resolve',
    {
      ...doc('Link a duplicate to the person here, or create a new person', { body: duplicateResolution }),
      preHandler: requirePermission('integration'),
    },
    async (request) => integrations.resolveDuplicate(contextOf(request), request.params.id, request.body),
  );
  app.get<Id>(
    '/api/integrations/:id/groups',
    {
      ...doc('The directory’s groups (name and id) for choosing what to sync'),
      preHandler: requirePermission('integration'),
    },
    async (request) => integrations.groups(contextOf(request), request.params.id),
  );
  app.get<Id>(
    '/api/integrations/:id/people',
    { ...doc('The people this integration keeps in step'), preHandler: requirePermission('integration') },
    async (request) => integrations.people(contextOf(request), request.params.id),
  );
  app.post<Id>(
    '/api/integrations/:id/activate',
    { ...doc('Turn automatic sync back on'), preHandler: requirePermission('integration') },
    async (request) => integrations.setActive(contextOf(request), request.params.id, true),
  );
  app.post<Id>(
    '/api/integrations/:id/deactivate',
    { ...doc('Turn automatic sync off (manual sync stays)'), preHandler: requirePermission('integration') },
    async (request) => integrations.setActive(contextOf(request), request.params.id, false),
  );
}
