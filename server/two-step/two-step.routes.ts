// The caller's own two-step authentication: GET /api/two-step (state), POST /api/two-step/start
// (a new secret to scan), /confirm (first code: on, recovery codes once), /disable (with a code).
// These stay open to a person whose role requires two-step and who has none: they must enrol.
// POST /api/users/{id}/two-step/reset: an admin (users permission) switches a person's off.
import type { FastifyInstance } from 'fastify';
import { codeSchema } from '../../domain/two-step';
import { contextOf, requireLogin, requirePermission } from '../http/context';
import type { TwoStepService } from './two-step.service';

export async function twoStepRoutes(app: FastifyInstance, { twoStep }: { twoStep: TwoStepService }) {
  app.get(
    '/api/two-step',
    {
      config: { openapi: { summary: 'My two-step authentication state' }, otpExempt: true },
      preHandler: requireLogin(),
    },
    async (request) => ({ data: await twoStep.status(contextOf(request)) }),
  );

  app.post(
    '/api/two-step/start',
    {
      config: {
        openapi: { summary: 'Start two-step enrolment: a new secret and its otpauth address' },
        otpExempt: true,
      },
      preHandler: requireLogin(),
    },
    async (request) => ({ data: await twoStep.start(contextOf(request)) }),
  );

  app.post(
    '/api/two-step/confirm',
    {
      config: {
        openapi: { summary: 'Confirm enrolment with a first code; answers the recovery codes once', body: codeSchema },
        otpExempt: true,
      },
      preHandler: requireLogin(),
    },
    async (request) => ({ data: await twoStep.confirm(contextOf(request), request.body, request.ip) }),
  );

  app.post(
    '/api/two-step/disable',
    {
      config: { openapi: { summary: 'Switch my two-step authentication off with a code', body: codeSchema } },
      preHandler: requireLogin(),
    },
    async (request) => ({ data: await twoStep.disable(contextOf(request), request.body, request.ip) }),
  );

  app.post<{ Params: { id: string } }>(
    '/api/users/:id/two-step/reset',
    {
      config: { openapi: { summary: "Reset a person's two-step authentication (they enrol again)" } },
      preHandler: requirePermission('users'),
    },
    async (request) => ({ data: await twoStep.resetFor(contextOf(request), request.params.id) }),
  );
}
