// POST /api/login and GET /api/logout.
import type { FastifyInstance } from 'fastify';
import { contextOf, languageOf, requireLogin } from '../http/context';
import { t } from '../http/i18n';
import { parseOrThrow } from '../http/validate';
import type { Services } from '../services';
import { loginRequestSchema } from './login.schema';

export interface AuthRoutesOptions {
  services: Services;
  /** Per-address limit on /api/login (@fastify/rate-limit). */
  perAddress: { max: number; timeWindowMs: number };
}

export async function authRoutes(app: FastifyInstance, { services, perAddress }: AuthRoutesOptions) {
  app.post(
    '/api/login',
    {
      config: {
        openapi: { summary: 'Log in with email and password; answers the session token', body: loginRequestSchema },
        public: true,
        rateLimit: { max: perAddress.max, timeWindow: perAddress.timeWindowMs },
      },
    },
    async (request) => {
      const input = parseOrThrow(loginRequestSchema, request.body);
      return services.auth.login(input, request.ip);
    },
  );

  app.get(
    '/api/logout',
    {
      config: { openapi: { summary: 'Log out: revoke this session token' }, otpExempt: true },
      preHandler: requireLogin(),
    },
    async (request) => {
      await services.auth.logout(contextOf(request));
      return { message: t(languageOf(request), 'messages.logged_out') };
    },
  );
}
