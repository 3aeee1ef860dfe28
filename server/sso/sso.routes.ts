// Single sign-on: the company's settings (GET/PUT /api/company/sso, company_details), the start
// of a sign-in (POST /api/sso/start, public: answers the provider's address) and the provider's
// redirect back (GET /api/sso/callback, public: sends the browser to the app's /sso page).
import type { FastifyInstance } from 'fastify';
import { ssoSettingsSchema, ssoStartSchema } from '../../domain/sso';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import { baseUrlOf, READ_LIMIT, WRITE_LIMIT } from '../preregistration/public-http';
import type { SsoService } from './sso.service';

export async function ssoRoutes(app: FastifyInstance, { sso, publicUrl }: { sso: SsoService; publicUrl?: string }) {
  app.get(
    '/api/company/sso',
    {
      config: { openapi: { summary: "The company's single sign-on settings (never the client secret)" } },
      preHandler: requirePermission('company_details'),
    },
    async (request) => ({ data: await sso.settings(contextOf(request), baseUrlOf(request, publicUrl)) }),
  );

  app.put(
    '/api/company/sso',
    {
      config: { openapi: { summary: "Save the company's single sign-on settings", body: ssoSettingsSchema } },
      preHandler: requirePermission('company_details'),
    },
    async (request) => ({
      data: await sso.saveSettings(contextOf(request), request.body, baseUrlOf(request, publicUrl)),
    }),
  );

  app.post(
    '/api/sso/start',
    {
      config: {
        openapi: { summary: "Start a single sign-on: answers the provider's sign-in address", body: ssoStartSchema },
        public: true,
        rateLimit: WRITE_LIMIT,
      },
    },
    async (request) => {
      const input = parseOrThrow(ssoStartSchema, request.body);
      return { data: await sso.start(input, baseUrlOf(request, publicUrl)) };
    },
  );

  app.get(
    '/api/sso/callback',
    {
      config: {
        openapi: { summary: "The provider's redirect after sign-in; sends the browser on to the app" },
        public: true,
        rateLimit: READ_LIMIT,
      },
    },
    async (request, reply) => {
      const base = baseUrlOf(request, publicUrl);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const outcome = await sso.callback(query, base);
      const company = encodeURIComponent(outcome.subdomain || '-');
      const to =
        'handoff' in outcome
          ? `${base}/sso/${company}/${encodeURIComponent(outcome.handoff)}`
          : `${base}/sso/${company}?error=${encodeURIComponent(outcome.error)}`;
      return reply.redirect(to, 303);
    },
  );
}
