// Dashboard access invitations (spec 2 §7 "Users and related"), with the spec's paths.
import type { FastifyInstance } from 'fastify';
import {
  inviteCandidatesQuery,
  inviteRevokeInput,
  massInviteInput,
  massRevokeInput,
} from '../../domain/schemas/invites';
import { contextOf, requirePermission } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { InvitesService } from './invites.service';

export async function invitesRoutes(app: FastifyInstance, { invites }: { invites: InvitesService }) {
  app.put('/api/invite_revoke', { preHandler: requirePermission('users') }, async (request) => {
    const { user, message } = await invites.inviteRevoke(
      contextOf(request),
      parseOrThrow(inviteRevokeInput, request.body),
    );
    return {
      data: {
        id: user.id,
        dashboard_access: user.dashboardAccess,
        role_id: user.roleId,
        user_type_id: user.userTypeId,
      },
      message,
    };
  });

  app.get('/api/mass-action-invite-users', { preHandler: requirePermission('users') }, async (request) =>
    invites.candidates(contextOf(request), parseOrThrow(inviteCandidatesQuery, request.query)),
  );

  app.post('/api/mass-action-apply-invite-users', { preHandler: requirePermission('users') }, async (request) => {
    const { updated, message } = await invites.massInvite(
      contextOf(request),
      parseOrThrow(massInviteInput, request.body),
    );
    return { data: { updated }, message };
  });

  app.post('/api/mass-action-apply-revoke-users', { preHandler: requirePermission('users') }, async (request) => {
    const { updated, message } = await invites.massRevoke(
      contextOf(request),
      parseOrThrow(massRevokeInput, request.body).user_ids,
    );
    return { data: { updated }, message };
  });
}
