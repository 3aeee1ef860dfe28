// Consent for Google Workspace and Microsoft Entra ID (server/integrations/oauth-consent.ts):
// start (admin), the providers' public callbacks, and the dashboard's completion (admin).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { oauthCompletion } from '../../domain/integrations';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { IntegrationConsent } from './oauth-consent';

type Callback = { Querystring: { code?: string; state?: string; error?: string } };

export async function integrationOAuthRoutes(
  app: FastifyInstance,
  { consent, publicUrl }: { consent: IntegrationConsent; publicUrl?: string },
) {
  // The redirect URI registered with the provider: PUBLIC_URL, else (development) this server.
  const base = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;
  const doc = (summary: string, extra: object = {}) => ({ config: { openapi: { summary, ...extra } } });

  app.post<{ Params: { id: string } }>(
    '/api/integrations/:id/connect',
    {
      ...doc('Start Google or Microsoft consent for an integration: the address to send the admin to'),
      preHandler: requirePermission('integration'),
    },
    async (request) => consent.start(contextOf(request), request.params.id, base(request)),
  );
  for (const [kind, path] of [
    ['googleAD', 'google'],
    ['azureAD', 'microsoft'],
  ] as const) {
    app.get<Callback>(
      `/api/integrations/oauth/${path}/callback`,
      {
        config: {
          public: true,
          openapi: { summary: `Where ${path === 'google' ? 'Google' : 'Microsoft'} returns after consent` },
        },
      },
      async (request, reply) => {
        const q = request.query ?? {};
        const str = (s: unknown) => (typeof s === 'string' ? s.slice(0, 4000) : undefined);
        const to = await consent.callback(kind, { code: str(q.code), state: str(q.state), error: str(q.error) });
        return reply.redirect(`${publicUrl ?? ''}${to}`, 303);
      },
    );
  }
  app.post(
    '/api/integrations/oauth/complete',
    {
      ...doc('Store the tokens of a finished consent (the sealed /googleAD/auth/… segments)', {
        body: oauthCompletion,
      }),
      preHandler: requirePermission('integration'),
    },
    async (request) => consent.complete(contextOf(request), parseOrThrow(oauthCompletion, request.body)),
  );
}
