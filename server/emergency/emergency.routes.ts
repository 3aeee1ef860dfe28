// Emergency REST reads (docs/decisions.md lists the paths). Starting, marking and ending are
// sync mutations (POST /api/sync/push), so they work offline; these answer lists, history,
// summaries and exports.
import type { FastifyInstance } from 'fastify';
import { onSiteQuery, sessionListQuery, sessionQuery } from '../../domain/emergency-schemas';
import { contextOf, declarePermission, requireLogin, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { EmergencyService } from './emergency.service';

type SessionParams = { Params: { sessionId: string } };

const filterOf = (query: unknown) => {
  const q = parseOrThrow(sessionQuery, query);
  return { siteIds: q.siteIds, areaIds: q.areaIds, statuses: q.status ? [q.status] : [] };
};

export async function emergencyRoutes(app: FastifyInstance, { emergency }: { emergency: EmergencyService }) {
  const sessions = { preHandler: requirePermission('show_emergency_sessions') };
  const list = { preHandler: requirePermission('show_emergency_list') };
  const ownSessions = { preHandler: declarePermission('show_emergency_sessions') };
  app.get(
    '/api/emergency/sessions',
    {
      ...sessions,
      config: { openapi: { summary: 'Emergency sessions (roll calls), newest first', query: sessionListQuery } },
    },
    async (request) => emergency.list(contextOf(request), parseOrThrow(sessionListQuery, request.query)),
  );

  app.get<SessionParams>(
    '/api/emergency/sessions/:sessionId',
    { ...ownSessions, config: { openapi: { summary: 'One emergency session with its people', query: sessionQuery } } },
    async (request) => emergency.detail(contextOf(request), request.params.sessionId, filterOf(request.query)),
  );

  app.get<SessionParams>(
    '/api/emergency/sessions/:sessionId/summary',
    {
      ...ownSessions,
      config: { openapi: { summary: "An emergency session's accounted/missing summary", query: sessionQuery } },
    },
    async (request) => emergency.summary(contextOf(request), request.params.sessionId, filterOf(request.query)),
  );

  app.get<SessionParams>(
    '/api/emergency/sessions/:sessionId/export.csv',
    {
      ...ownSessions,
      config: { openapi: { summary: 'An emergency session as CSV', query: sessionQuery, produces: 'text/csv' } },
    },
    async (request, reply) => {
      const { filename, body } = await emergency.csv(
        contextOf(request),
        request.params.sessionId,
        filterOf(request.query),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .send(body);
    },
  );

  app.get(
    '/api/emergency/on-site',
    { ...list, config: { openapi: { summary: 'Who is on site now (the emergency list)', query: onSiteQuery } } },
    async (request) => emergency.onSite(contextOf(request), parseOrThrow(onSiteQuery, request.query)),
  );

  app.get(
    '/api/last-visits/signedin',
    {
      preHandler: requirePermission('dashboard'),
      config: {
        openapi: { summary: 'People signed in now, each with their last sign-in, newest first', query: onSiteQuery },
      },
    },
    async (request) => emergency.lastSignedIn(contextOf(request), parseOrThrow(onSiteQuery, request.query)),
  );

  app.get(
    '/api/emergency/access',
    { config: { openapi: { summary: 'Whether the caller may run emergencies' } }, preHandler: requireLogin() },
    async (request) => emergency.access(contextOf(request)),
  );

  app.get(
    '/api/emergency/devices',
    { ...list, config: { openapi: { summary: 'Devices that can run the emergency list' } } },
    async (request) => emergency.devices(contextOf(request)),
  );
}
