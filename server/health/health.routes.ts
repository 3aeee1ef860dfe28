// GET /api/health: liveness for anyone; which database and migration this instance runs only
// for a signed-in caller (an anonymous probe learns nothing about the deployment).
// GET /api/ready: readiness for a load balancer — 200 once the database answers and carries this
// build's newest migration, 503 otherwise (the instance is up but must not take traffic).
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/auth.service';
import { latestMigrationTag, type DatabaseHandle } from '../db/database';
import { bearerToken } from '../http/context';

/** How long /api/ready waits for the database before answering 503. */
const READY_TIMEOUT_MS = Number(process.env.READY_TIMEOUT_MS) || 2_000;

export async function healthRoutes(
  app: FastifyInstance,
  { database, auth }: { database: DatabaseHandle; auth: Pick<AuthService, 'authenticate'> },
) {
  app.get(
    '/api/health',
    { config: { openapi: { summary: 'Liveness: the process answers' }, public: true } },
    async (request) => {
      const token = bearerToken(request);
      const signedIn = token ? await auth.authenticate(token).catch(() => null) : null;
      if (!signedIn) return { status: 'ok' as const };
      return { status: 'ok' as const, database: database.kind, migration: await database.migrationTag() };
    },
  );

  app.get(
    '/api/ready',
    { config: { openapi: { summary: 'Readiness: database reachable and migrations current' }, public: true } },
    async (_request, reply) => {
      // Its own short deadline: a database that does not answer in time, or
      // a pool with no connection to spare, is "not ready" now, not a probe that hangs.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), READY_TIMEOUT_MS)));
      const applied = await Promise.race([database.migrationTag(), late]).finally(() => clearTimeout(timer));
      if (applied === 'late') return reply.code(503).send({ status: 'not ready' });
      if (applied === null || applied !== latestMigrationTag()) return reply.code(503).send({ status: 'not ready' });
      return { status: 'ready' as const };
    },
  );
}
