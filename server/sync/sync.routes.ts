// POST /api/sync/push and GET /api/sync/pull: thin, the service holds the logic.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PULL_LIMIT, pullQuery, pushRequest } from '../../sync/protocol';
import { contextOf } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { SyncService } from './sync.service';

export async function syncRoutes(app: FastifyInstance, { sync }: { sync: SyncService }) {
  // A batch of up to 1,000 mutations with their arguments fits in 4 MB.
  app.post('/api/sync/push', { bodyLimit: 4 * 1024 * 1024 }, async (request) =>
    sync.push(contextOf(request), parseOrThrow(pushRequest, request.body)));

  app.get('/api/sync/pull', async (request) => {
    const q = parseOrThrow(pullQuery, request.query);
    return sync.pull(contextOf(request), { deviceId: q.deviceId, cursor: q.cursor, limit: q.limit ?? DEFAULT_PULL_LIMIT });
  });
}
