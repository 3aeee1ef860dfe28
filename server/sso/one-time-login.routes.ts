// One-time login: POST /api/login-one-time (public) starts a session from a link's token (and a
// two-step code when the person has one); POST /api/login-one-time/issue gives the caller a link.
import type { FastifyInstance } from 'fastify';
import { oneTimeLoginSchema } from '../../domain/sso';
import { contextOf, requireLogin } from '../http/context';
import { parseOrThrow } from '../http/validate';
import { baseUrlOf, WRITE_LIMIT } from '../preregistration/public-http';
import type { OneTimeLoginService } from './one-time-login.service';

interface Options {
  oneTimeLogin: OneTimeLoginService;
  publicUrl?: string;
}

export async function oneTimeLoginRoutes(app: FastifyInstance, { oneTimeLogin, publicUrl }: Options) {
  app.post(
    '/api/login-one-time',
    {
      config: {
        openapi: { summary: 'Log in with a one-time login token; answers the session token', body: oneTimeLoginSchema },
        public: true,
        rateLimit: WRITE_LIMIT,
      },
    },
    async (request) => oneTimeLogin.redeem(parseOrThrow(oneTimeLoginSchema, request.body), request.ip),
  );

  app.post(
    '/api/login-one-time/issue',
    {
      config: { openapi: { summary: 'A one-time login link for myself (15 minutes, single use)' } },
      preHandler: requireLogin(),
    },
    async (request) => {
      const issued = await oneTimeLogin.issueOwn(contextOf(request));
      const url = `${baseUrlOf(request, publicUrl)}/login-one-time?token=${encodeURIComponent(issued.token)}`;
      return { data: { ...issued, url } };
    },
  );
}
