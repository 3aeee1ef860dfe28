// The users page's invite/revoke (server/people/invites.service.ts, 'Passport Invitation Sent' /
// 'Passport Revoked') also invites the person's passport account or takes the company out of it.
// Wraps that service rather than editing it, the way server/two-step/role-events.ts does.
import type { InvitesService } from '../people/invites.service';
import type { PassportService } from './passport.service';

export function withPassportInvitations(invites: InvitesService, passport: PassportService): InvitesService {
  return {
    ...invites,
    async inviteRevoke(ctx, input) {
      const result = await invites.inviteRevoke(ctx, input);
      if (input.status === 'invite') await passport.invite(ctx.entityId, input.user_id);
      else await passport.revoke(ctx.entityId, input.user_id);
      return result;
    },
    async massInvite(ctx, input) {
      const result = await invites.massInvite(ctx, input);
      for (const u of input.users) await passport.invite(ctx.entityId, u.id);
      return result;
    },
    async massRevoke(ctx, userIds) {
      const result = await invites.massRevoke(ctx, userIds);
      // The caller keeps their own access (the wrapped service skips them too).
      for (const id of userIds.filter((id) => id !== ctx.userId)) await passport.revoke(ctx.entityId, id);
      return result;
    },
  };
}
