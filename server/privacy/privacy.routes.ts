// Privacy manager calls (unnamed in the spec; DESIGN ruling 11): GET and PUT /api/privacy, both
// needing show_privacy_manager_list, the page's key. The retention job starts with the app.
import type { FastifyInstance } from 'fastify';
import { privacyInput } from '../../domain/retention';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { PrivacyService } from './privacy.service';
import type { RetentionJob } from './retention-job';

export async function privacyRoutes(
  app: FastifyInstance,
  { privacy, retention, schedule }: { privacy: PrivacyService; retention: RetentionJob; schedule: boolean },
) {
  const access = { preHandler: requirePermission('show_privacy_manager_list') };
  // Scheduled only where asked (server/main.ts): a test app's data must not change under it.
  if (schedule) app.addHook('onReady', async () => retention.start());
  app.addHook('onClose', async () => retention.stop());

  app.get(
    '/api/privacy',
    { ...access, config: { openapi: { summary: 'Retention settings and the last runs' } } },
    async (request) => ({ data: await privacy.get(contextOf(request)) }),
  );

  app.put(
    '/api/privacy',
    { ...access, config: { openapi: { summary: 'Change the retention days', body: privacyInput } } },
    async (request) => ({
      data: await privacy.update(contextOf(request), parseOrThrow(privacyInput, request.body)),
    }),
  );
}
