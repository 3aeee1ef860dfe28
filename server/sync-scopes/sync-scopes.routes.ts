// The company's history window: how many days of history an admin's device holds
// offline. A change reaches every device on its next pull, as a scope change (deletes for
// history that left the window, puts for history that entered it).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HISTORY_WINDOW_DAYS } from '../../domain/sync-scope';
import { historyWindowBody, MAX_HISTORY_WINDOW_DAYS, MIN_HISTORY_WINDOW_DAYS } from '../../domain/sync-scope-change';
import type { Db } from '../db/database';
import { syncScopeSettings } from '../db/schema/sync-scopes';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';

export async function syncScopesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const read = async (entityId: string) => {
    const [row] = await db.select().from(syncScopeSettings).where(eq(syncScopeSettings.entityId, entityId));
    return {
      history_days: row?.historyDays ?? HISTORY_WINDOW_DAYS,
      default_days: HISTORY_WINDOW_DAYS,
      min_days: MIN_HISTORY_WINDOW_DAYS,
      max_days: MAX_HISTORY_WINDOW_DAYS,
    };
  };
  app.get(
    '/api/sync/history-window',
    {
      config: { openapi: { summary: 'Days of history an admin device holds offline' } },
      preHandler: requirePermission('company_details'),
    },
    async (request) => ({ data: await read(contextOf(request).entityId) }),
  );
  app.put(
    '/api/sync/history-window',
    {
      config: {
        openapi: { summary: 'Set the days of history an admin device holds offline', body: historyWindowBody },
      },
      preHandler: requirePermission('company_details'),
    },
    async (request) => {
      const ctx = contextOf(request);
      const body = parseOrThrow(historyWindowBody, request.body);
      await db
        .insert(syncScopeSettings)
        .values({ entityId: ctx.entityId, historyDays: body.history_days })
        .onConflictDoUpdate({ target: syncScopeSettings.entityId, set: { historyDays: body.history_days } });
      return { data: await read(ctx.entityId) };
    },
  );
}
