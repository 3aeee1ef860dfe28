// Dashboard API. The spec names no paths for these; they follow DESIGN ruling 10.
import type { FastifyInstance } from 'fastify';
import { gridPreferenceInput, gridPreferenceQuery, historyQuery, logbookQuery } from '../../domain/schemas/dashboard';
import { contextOf, declarePermission, requireLogin, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { DashboardService } from './dashboard.service';

export async function dashboardRoutes(app: FastifyInstance, { dashboard }: { dashboard: DashboardService }) {
  const guard = { preHandler: requirePermission('dashboard') };
  const login = { preHandler: requireLogin() };

  app.get(
    '/api/dashboard/logbook',
    { ...guard, config: { openapi: { summary: 'The logbook (who signed in and out)', query: logbookQuery } } },
    async (request) => dashboard.logbook(contextOf(request), parseOrThrow(logbookQuery, request.query)),
  );

  app.get(
    '/api/dashboard/counts',
    { ...guard, config: { openapi: { summary: "The dashboard's counts", query: logbookQuery } } },
    async (request) => {
      const q = parseOrThrow(logbookQuery, request.query);
      return { data: await dashboard.counts(contextOf(request), q) };
    },
  );

  app.get(
    '/api/dashboard/history',
    { ...guard, config: { openapi: { summary: 'Sign-in history', query: historyQuery } } },
    async (request) => dashboard.history(contextOf(request), parseOrThrow(historyQuery, request.query)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/dashboard/visits/:id',
    { config: { openapi: { summary: 'One visit' } }, preHandler: declarePermission('dashboard') },
    async (request) => ({ data: await dashboard.visit(contextOf(request), request.params.id) }),
  );

  app.get(
    '/api/dashboard/scope',
    { ...login, config: { openapi: { summary: 'Sites and areas the caller may see' } } },
    async (request) => ({ data: await dashboard.scope(contextOf(request)) }),
  );

  // Grid preferences belong to the caller (employee_id comes from the token, never the body).
  app.get(
    '/api/grid_preferences',
    {
      ...login,
      config: { openapi: { summary: "The caller's grid preferences for a page", query: gridPreferenceQuery } },
    },
    async (request) => {
      const { page_url } = parseOrThrow(gridPreferenceQuery, request.query);
      return { data: await dashboard.preference(contextOf(request), page_url) };
    },
  );

  app.put(
    '/api/grid_preferences',
    {
      ...login,
      config: { openapi: { summary: "Save the caller's grid preferences for a page", body: gridPreferenceInput } },
    },
    async (request) => ({
      data: await dashboard.savePreference(contextOf(request), parseOrThrow(gridPreferenceInput, request.body)),
    }),
  );
}
