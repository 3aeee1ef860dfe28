// The passport calls of spec 2 §7 under /api (DESIGN ruling 10) and the /passport page's own
// calls (/api/passport/…). All but generate-token-by-id act on the caller's own account, so they
// need a person's session only; generate-token-by-id is the passport host's public entry and is
// guarded by the sealed, expiring id itself.
import type { FastifyInstance } from 'fastify';
import { changePasswordInput, invitationInput, passportIdInput } from '../../domain/passport';
import { passportQrInput } from '../../domain/passport-qr';
import { contextOf, requireLogin, requirePermission } from '../http/context';
import type { PassportService } from './passport.service';

export async function passportRoutes(app: FastifyInstance, { passport }: { passport: PassportService }) {
  const own = { preHandler: requireLogin() };

  app.post(
    '/api/check-activation-status',
    { ...own, config: { openapi: { summary: 'My passport account: active or deactivated (with days), sealed id' } } },
    async (request) => ({ data: await passport.checkActivationStatus(contextOf(request)) }),
  );
  app.post(
    '/api/reactivate-passport-account',
    { ...own, config: { openapi: { summary: 'Reactivate my passport account' } } },
    async (request) => ({ data: await passport.reactivate(contextOf(request)) }),
  );
  app.post(
    '/api/generate-token-by-id',
    {
      config: {
        public: true,
        openapi: {
          summary: 'A session from a sealed passport id (the passport host after a redirect)',
          body: passportIdInput,
        },
      },
    },
    async (request) => passport.generateTokenById(request.body),
  );
  app.post(
    '/api/accept-invitation-from-cloud',
    { ...own, config: { openapi: { summary: "Accept a company's passport invitation", body: invitationInput } } },
    async (request) => ({ data: await passport.acceptInvitation(contextOf(request), request.body) }),
  );
  app.post(
    '/api/reject-invitation-from-cloud',
    { ...own, config: { openapi: { summary: "Reject a company's passport invitation", body: invitationInput } } },
    async (request) => ({ data: await passport.rejectInvitation(contextOf(request), request.body) }),
  );
  app.get(
    '/api/passport/account',
    { ...own, config: { openapi: { summary: 'My passport account: companies and pending invitations' } } },
    async (request) => ({ data: await passport.account(contextOf(request)) }),
  );
  app.post(
    '/api/passport/change-password',
    { ...own, config: { openapi: { summary: 'Change my passport password', body: changePasswordInput } } },
    async (request) => {
      await passport.changePassword(contextOf(request), request.body);
      return { data: { changed: true } };
    },
  );
  app.post(
    '/api/passport/deactivate',
    { ...own, config: { openapi: { summary: 'Deactivate my passport account' } } },
    async (request) => ({ data: await passport.deactivate(contextOf(request)) }),
  );
  app.post(
    '/api/passport/resolve-qr',
    {
      // Whoever may look people up (the users list) may learn whose passport QR this is.
      preHandler: requirePermission('users'),
      config: { openapi: { summary: "A scanned passport QR, to this company's person", body: passportQrInput } },
    },
    async (request) => ({ data: await passport.resolveQr(contextOf(request), request.body) }),
  );
}
