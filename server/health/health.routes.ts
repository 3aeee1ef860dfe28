// GET /api/health: liveness plus which database and migration this instance runs.
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database';

export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  app.get('/api/health', { config: { public: true } }, async () => ({
    status: 'ok' as const,
    database: database.kind,
    migration: await database.migrationTag(),
  }));
}
