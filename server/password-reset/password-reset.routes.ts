// Public password recovery, rate-limited per address like the other public links:
// POST /api/forgot-password mails one-time links (same answer for every email);
// GET /api/reset-password/{token} says whose password the link sets;
// POST /api/reset-password/{token} sets it once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forgotPasswordSchema, newPasswordSchema } from '../../domain/password-reset';
import { languageOf } from '../http/context';
import { t } from '../http/i18n';
import { parseOrThrow } from '../http/validate';
import { baseUrlOf, READ_LIMIT, WRITE_LIMIT } from '../preregistration/public-http';
import type { PasswordResetService } from './password-reset.service';

interface Options {
  passwordReset: PasswordResetService;
  publicUrl?: string;
}

export async function passwordResetRoutes(app: FastifyInstance, { passwordReset, publicUrl }: Options) {
  app.post(
    '/api/forgot-password',
    {
      config: {
        openapi: { summary: 'Mail a password reset link', body: forgotPasswordSchema },
        public: true,
        rateLimit: WRITE_LIMIT,
      },
    },
    async (request) => {
      const input = parseOrThrow(forgotPasswordSchema, request.body);
      await passwordReset.request(input.email, baseUrlOf(request, publicUrl));
      return { message: t(input.lang ?? languageOf(request), 'passwordReset.sent') };
    },
  );

  app.get<{ Params: { token: string } }>(
    '/api/reset-password/:token',
    { config: { openapi: { summary: 'Check a password reset link' }, public: true, rateLimit: READ_LIMIT } },
    async (request) => ({ data: await passwordReset.inspect(request.params.token) }),
  );

  app.post<{ Params: { token: string } }>(
    '/api/reset-password/:token',
    {
      config: {
        openapi: { summary: 'Set a new password through a reset link', body: newPasswordSchema },
        public: true,
        rateLimit: WRITE_LIMIT,
      },
    },
    async (request) => {
      await passwordReset.complete(request.params.token, request.body);
      return { message: t(languageOf(request), 'passwordReset.done') };
    },
  );
}

/** What the dashboard-invitation routes call after inviting: first-password links for those without one. */
export type OnInvited = (request: FastifyRequest, entityId: string, userIds: readonly string[]) => Promise<void>;

export const mailFirstPasswords =
  (passwordReset: PasswordResetService, publicUrl?: string): OnInvited =>
  async (request, entityId, userIds) => {
    // The invitation stands even if the mail fails; the person can still use /forgot-password.
    await passwordReset
      .firstPasswordLinks(entityId, userIds, baseUrlOf(request, publicUrl))
      .catch((error: unknown) => request.log.warn({ error }, 'first-password mail failed'));
  };
