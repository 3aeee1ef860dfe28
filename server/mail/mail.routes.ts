// GET /api/mail-log: what Gatehouse sent (or, with no SMTP_URL, would have sent), newest first.
import type { FastifyInstance } from 'fastify';
import { contextOf, requirePermission } from '../http/context';
import type { Mailer } from './mailer';

export async function mailRoutes(app: FastifyInstance, { mailer }: { mailer: Mailer }) {
  app.get('/api/mail-log', { preHandler: requirePermission('users') }, async (request) => ({
    data: await mailer.list(contextOf(request).entityId),
  }));
}
