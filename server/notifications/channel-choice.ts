// Who is told on which channels: a person's own choice is read and written by
// notifications.service; this adds a user type's default (kept in notification_settings'
// typeDefaults, so the sender reads it with the rest) and the routes the people pages call.
// Reading a person's choice needs `users`; a user type's default, the user type permissions.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { personChannelsInput } from '../../domain/schemas/notifications';
import type { Db } from '../db/database';
import { userTypes } from '../db/schema/journeys';
import type { NotificationChannel } from '../db/schema/notifications';
import { notFound } from '../http/api-error';
import { contextOf, requirePermission, type RequestContext } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { SecretBox } from '../two-step/secret-box';
import { loadSettings, saveSettings } from './settings';

export function typeDefaultMethods(db: Db, box: SecretBox, now: () => number) {
  async function typeOf(entityId: string, typeId: string) {
    const [t] = await db
      .select({ id: userTypes.id })
      .from(userTypes)
      .where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, typeId)));
    if (!t) throw notFound();
  }
  return {
    async typeChannels(ctx: RequestContext, typeId: string) {
      await typeOf(ctx.entityId, typeId);
      const s = await loadSettings(db, box, ctx.entityId);
      return { channels: s.typeDefaults[typeId] ?? null };
    },
    /** An empty list removes the default (the company's plan applies again). */
    async setTypeChannels(ctx: RequestContext, typeId: string, channels: NotificationChannel[]) {
      await typeOf(ctx.entityId, typeId);
      const s = await loadSettings(db, box, ctx.entityId);
      const typeDefaults = { ...s.typeDefaults };
      if (channels.length) typeDefaults[typeId] = channels;
      else delete typeDefaults[typeId];
      await saveSettings(db, box, ctx.entityId, { ...s, typeDefaults }, now());
      return { channels: channels.length ? channels : null };
    },
  };
}

interface ChoiceService extends ReturnType<typeof typeDefaultMethods> {
  personChannels(ctx: RequestContext, personId: string): Promise<{ channels: NotificationChannel[] | null }>;
}

const idParams = v.object({ id: v.pipe(v.string(), v.uuid()) });

export function channelChoiceRoutes(app: FastifyInstance, notifications: ChoiceService) {
  app.get(
    '/api/people/:id/notification-channels',
    {
      preHandler: requirePermission('users'),
      config: { openapi: { summary: "A person's notification channels", params: idParams } },
    },
    async (request) => ({
      data: await notifications.personChannels(contextOf(request), parseOrThrow(idParams, request.params).id),
    }),
  );
  app.get(
    '/api/user-types/:id/notification-channels',
    {
      preHandler: requirePermission('show_user_types_list'),
      config: { openapi: { summary: "A user type's default notification channels", params: idParams } },
    },
    async (request) => ({
      data: await notifications.typeChannels(contextOf(request), parseOrThrow(idParams, request.params).id),
    }),
  );
  app.put(
    '/api/user-types/:id/notification-channels',
    {
      preHandler: requirePermission('add_new_user_type'),
      config: {
        openapi: {
          summary: "Set a user type's default notification channels",
          params: idParams,
          body: personChannelsInput,
        },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { id } = parseOrThrow(idParams, request.params);
      // Tenancy first (another company's type is a 404 whatever the body), then the body.
      await notifications.typeChannels(ctx, id);
      const { channels } = parseOrThrow(personChannelsInput, request.body);
      return { data: await notifications.setTypeChannels(ctx, id, channels) };
    },
  );
}
