// Notification settings (company_details), a person's channels (their own, or `users` for
// anyone's), a visit's notifications (dashboard), failures and resend (company_details), the
// host's answer page (public: the signed token is the key), and the sender job's lifetime.
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { ackInput, notificationSettingsInput, personChannelsInput } from '../../domain/schemas/notifications';
import { ApiError } from '../http/api-error';
import { assertAllowed, contextOf, declarePermission, requireLogin, requirePermission } from '../http/context';
import { t } from '../http/i18n';
import { parseOrThrow } from '../http/validate';
import { channelChoiceRoutes } from './channel-choice';
import type { Language } from '../../domain/constants';
import type { NotificationsService } from './notifications.service';
import type { NotificationSender } from './sender-job';

const idParams = v.object({ id: v.pipe(v.string(), v.uuid()) });
const reportParams = v.object({ entityId: v.pipe(v.string(), v.uuid()), deliveryId: v.pipe(v.string(), v.uuid()) });
const reportBody = v.record(v.string(), v.pipe(v.string(), v.maxLength(2000)));
const ackParams = v.object({ token: v.pipe(v.string(), v.maxLength(600)) });
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function langOf(header: string | undefined): Language {
  const first = (header ?? '').toLowerCase().slice(0, 2);
  return first === 'ar' || first === 'es' ? first : 'en';
}

function page(reply: FastifyReply, lang: Language, status: number, body: string) {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width,initial-scale=1"><title>Gatehouse</title>` +
        `<style>body{font-family:system-ui,sans-serif;max-inline-size:32rem;margin-inline:auto;padding:1.5rem}` +
        `button{min-block-size:48px;min-inline-size:100%;margin-block:.5rem;font-size:1.1rem;border-radius:8px}</style>` +
        `</head><body>${body}</body></html>`,
    );
}

export async function notificationsRoutes(
  app: FastifyInstance,
  opts: { notifications: NotificationsService; sender: NotificationSender; publicUrl?: string; intervalMs?: number },
) {
  const { notifications, sender, intervalMs } = opts;
  sender.setPublicUrl(opts.publicUrl);
  if (intervalMs) {
    app.addHook('onReady', async () => sender.start(intervalMs));
    app.addHook('onClose', async () => sender.stop());
  }
  // The answer page posts a plain form (it works without script, from any mail client).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const admin = requirePermission('company_details');
  channelChoiceRoutes(app, notifications);

  app.get(
    '/api/notification-settings',
    { preHandler: admin, config: { openapi: { summary: 'Host notification settings (secrets only as set/unset)' } } },
    async (request) => ({
      data: await notifications.settings(contextOf(request)),
    }),
  );
  app.put(
    '/api/notification-settings',
    {
      preHandler: admin,
      config: { openapi: { summary: 'Save host notification settings', body: notificationSettingsInput } },
    },
    async (request) => ({
      data: await notifications.saveSettings(contextOf(request), parseOrThrow(notificationSettingsInput, request.body)),
    }),
  );
  app.get(
    '/api/notification-failures',
    { preHandler: admin, config: { openapi: { summary: 'Failed host notifications of the last week' } } },
    async (request) => ({
      data: await notifications.failures(contextOf(request)),
    }),
  );
  app.post(
    '/api/notifications/:id/resend',
    { preHandler: admin, config: { openapi: { summary: 'Send a host notification again', params: idParams } } },
    async (request) => ({
      data: await notifications.resend(contextOf(request), parseOrThrow(idParams, request.params).id),
    }),
  );
  app.get(
    '/api/kiosk-visits/:id/notifications',
    {
      preHandler: requirePermission('dashboard', 'kiosk_device'),
      config: { openapi: { summary: "A visit's host notifications and their deliveries", params: idParams } },
    },
    async (request) => ({
      data: await notifications.forVisit(contextOf(request), parseOrThrow(idParams, request.params).id),
    }),
  );
  app.get(
    '/api/me/notification-channels',
    { preHandler: requireLogin(), config: { openapi: { summary: 'My notification channels' } } },
    async (request) => {
      const ctx = contextOf(request);
      return { data: await notifications.personChannels(ctx, ctx.userId) };
    },
  );
  app.put(
    '/api/me/notification-channels',
    {
      preHandler: requireLogin(),
      config: { openapi: { summary: 'Choose my notification channels', body: personChannelsInput } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { channels } = parseOrThrow(personChannelsInput, request.body);
      return { data: await notifications.setPersonChannels(ctx, ctx.userId, channels) };
    },
  );
  app.put(
    '/api/people/:id/notification-channels',
    {
      preHandler: declarePermission('users'),
      config: {
        openapi: { summary: "Choose a person's notification channels", params: idParams, body: personChannelsInput },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { id } = parseOrThrow(idParams, request.params);
      // Tenancy first (another company's person is a 404 for everyone), then permission, then body.
      await notifications.personChannels(ctx, id);
      assertAllowed(ctx, 'users');
      const { channels } = parseOrThrow(personChannelsInput, request.body);
      return { data: await notifications.setPersonChannels(ctx, id, channels) };
    },
  );

  // Twilio's delivery report for one SMS delivery: public, and believed only with the company's
  // signature (X-Twilio-Signature over the address the sender gave Twilio and the parameters).
  app.post(
    '/api/notifications/sms-status/:entityId/:deliveryId',
    {
      config: {
        public: true,
        openapi: { summary: "Twilio's signed delivery report for an SMS", params: reportParams, body: reportBody },
      },
    },
    async (request) => {
      const { entityId, deliveryId } = parseOrThrow(reportParams, request.params);
      const params = parseOrThrow(reportBody, request.body ?? {});
      const signature = String(request.headers['x-twilio-signature'] ?? '');
      return {
        data: await notifications.smsReport({
          entityId,
          deliveryId,
          url: `${sender.publicUrl()}${request.url}`,
          signature,
          params,
        }),
      };
    },
  );

  // The host's answer link: GET shows the two buttons (a link scanner's GET changes nothing),
  // POST records the answer once.
  const failurePage = (reply: FastifyReply, lang: Language, e: unknown) => {
    const code = e instanceof ApiError ? e.code : 'not_found';
    const key = code === 'link_used' ? 'used' : code === 'link_expired' ? 'expired' : 'invalid';
    return page(
      reply,
      lang,
      e instanceof ApiError ? e.statusCode : 404,
      `<h1>${escape(t(lang, `notifications.ack.${key}`))}</h1>`,
    );
  };
  app.get(
    '/api/notifications/ack/:token',
    { config: { public: true, openapi: { summary: "The host's answer page for a notification", params: ackParams } } },
    async (request, reply) => {
      const lang = langOf(request.headers['accept-language']);
      try {
        const { token } = parseOrThrow(ackParams, request.params);
        const view = await notifications.ackView(token);
        const action = `/api/notifications/ack/${encodeURIComponent(token)}`;
        const button = (answer: string) =>
          `<button name="answer" value="${answer}">${escape(t(lang, `notifications.ack.${answer}`))}</button>`;
        return page(
          reply,
          lang,
          200,
          `<h1>${escape(t(lang, 'notifications.ack.title', { visitor: view.visitor }))}</h1>` +
            `<form method="post" action="${escape(action)}">${button('coming')}${button('wait')}</form>`,
        );
      } catch (e) {
        // A browser (the host's tap) gets a page; any other client the API's JSON error.
        if (!String(request.headers.accept ?? '').includes('text/html')) throw e;
        return failurePage(reply, lang, e);
      }
    },
  );
  app.post(
    '/api/notifications/ack/:token',
    {
      config: {
        public: true,
        openapi: { summary: "Record the host's answer (once)", params: ackParams, body: ackInput },
      },
    },
    async (request, reply) => {
      const lang = langOf(request.headers['accept-language']);
      const json = !String(request.headers['content-type'] ?? '').includes('form');
      try {
        const { token } = parseOrThrow(ackParams, request.params);
        // The link first: an unknown or another company's link is a 404 whatever the body says.
        await notifications.ackView(token);
        const { answer } = parseOrThrow(ackInput, request.body);
        await notifications.acknowledge(token, answer);
        if (json) return { data: { answer } };
        return page(reply, lang, 200, `<h1>${escape(t(lang, `notifications.ack.thanks_${answer}`))}</h1>`);
      } catch (e) {
        if (json) throw e;
        return failurePage(reply, lang, e);
      }
    },
  );
}
