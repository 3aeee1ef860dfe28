// The caller's own profile: /api/user_details, /api/user-role, /api/change-lang,
// /api/update-user-details (own name and phone) and /api/last-visits/signedin.
import type { FastifyInstance } from 'fastify';
import { changeLangSchema } from '../../domain/schemas/auth';
import { ownDetailsInput } from '../../domain/schemas/people';
import { contextOf, requireLogin } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { Services } from '../services';

export async function usersRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const login = { preHandler: requireLogin() };
  app.get(
    '/api/user_details',
    { ...login, config: { openapi: { summary: "The caller's own profile" } } },
    async (request) => ({ data: await services.users.details(contextOf(request)) }),
  );

  app.get(
    '/api/user-role',
    { ...login, config: { openapi: { summary: "The caller's role and permissions" } } },
    async (request) => ({ data: await services.users.role(contextOf(request)) }),
  );

  app.post(
    '/api/update-user-details',
    {
      ...login,
      config: { openapi: { summary: "Update the caller's own name and phone", body: ownDetailsInput } },
    },
    async (request) => {
      const ctx = contextOf(request);
      await services.people.updateOwnDetails(ctx, parseOrThrow(ownDetailsInput, request.body));
      return { data: await services.users.details(ctx), message: 'User Updated' };
    },
  );

  app.post(
    '/api/change-lang',
    { ...login, config: { openapi: { summary: "Change the caller's language", body: changeLangSchema } } },
    async (request) => {
      const { lang } = parseOrThrow(changeLangSchema, request.body);
      return { data: await services.users.changeLang(contextOf(request), lang) };
    },
  );
}
