// GET /api/mail-log: what Gatehouse sent (or, with no SMTP_URL, would have sent), newest first.
// Secrets in links (visitors' personal, compliance and RFID links) are masked: the log is open
// to every role holding `users`, the links are keys to the building.
import type { FastifyInstance } from 'fastify';
import { maskSecrets } from '../../domain/secret-mask';
import { contextOf, requirePermission } from '../http/context';
import type { Mailer } from './mailer';

export async function mailRoutes(
  app: FastifyInstance,
  { mailer, intervalMs }: { mailer: Mailer; intervalMs?: number },
) {
  // Servers that run the jobs send queued mail again (server/main.ts); tests call retryDue().
  if (intervalMs) {
    app.addHook('onReady', async () => mailer.start(intervalMs));
    app.addHook('onClose', async () => mailer.stop());
  }
  app.get(
    '/api/mail-log',
    {
      config: { openapi: { summary: 'Mail sent by the server (the mail log)' } },
      preHandler: requirePermission('users'),
    },
    async (request) => ({
      data: (await mailer.list(contextOf(request).entityId)).map((m) => ({
        ...m,
        subject: maskSecrets(m.subject),
        text: maskSecrets(m.text),
        error: m.error === null ? null : maskSecrets(m.error),
      })),
    }),
  );
}
