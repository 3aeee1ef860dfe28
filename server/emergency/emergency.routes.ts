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
  app.get('/api/emergency/sessions', sessions, async (request) =>
    emergency.list(contextOf(request), parseOrThrow(sessionListQuery, request.query)),
  );

  app.get<SessionParams>('/api/emergency/sessions/:sessionId', ownSessions, async (request) =>
    emergency.detail(contextOf(request), request.params.sessionId, filterOf(request.query)),
  );

  app.get<SessionParams>('/api/emergency/sessions/:sessionId/summary', ownSessions, async (request) =>
    emergency.summary(contextOf(request), request.params.sessionId, filterOf(request.query)),
  );

  app.get<SessionParams>('/api/emergency/sessions/:sessionId/export.csv', ownSessions, async (request, reply) => {
    const { filename, body } = await emergency.csv(
      contextOf(request),
      request.params.sessionId,
      filterOf(request.query),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
      .send(body);
  });

  app.get('/api/emergency/on-site', list, async (request) =>
    emergency.onSite(contextOf(request), parseOrThrow(onSiteQuery, request.query)),
  );

  app.get('/api/emergency/access', { preHandler: requireLogin() }, async (request) =>
    emergency.access(contextOf(request)),
  );

  app.get('/api/emergency/devices', list, async (request) => emergency.devices(contextOf(request)));
}
