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
import type { OnInvited } from '../password-reset/password-reset.routes';

interface Options {
  invites: InvitesService;
  /** Mails a first-password link to invited people who have no password. */
  onInvited?: OnInvited;
}

export async function invitesRoutes(app: FastifyInstance, { invites, onInvited }: Options) {
  app.put(
    '/api/invite_revoke',
    {
      config: {
        openapi: { summary: 'Invite a user to the dashboard or revoke their access', body: inviteRevokeInput },
      },
      preHandler: requirePermission('users'),
    },
    async (request) => {
      const input = parseOrThrow(inviteRevokeInput, request.body);
      const { user, message } = await invites.inviteRevoke(contextOf(request), input);
      if (input.status !== 'revoke') await onInvited?.(request, user.entityId, [user.id]);
      return {
        data: {
          id: user.id,
          dashboard_access: user.dashboardAccess,
          role_id: user.roleId,
          user_type_id: user.userTypeId,
        },
        message,
      };
    },
  );

  app.get(
    '/api/mass-action-invite-users',
    {
      config: { openapi: { summary: 'Users who can be invited', query: inviteCandidatesQuery } },
      preHandler: requirePermission('users'),
    },
    async (request) => invites.candidates(contextOf(request), parseOrThrow(inviteCandidatesQuery, request.query)),
  );

  app.post(
    '/api/mass-action-apply-invite-users',
    {
      config: { openapi: { summary: 'Invite several users', body: massInviteInput } },
      preHandler: requirePermission('users'),
    },
    async (request) => {
      const input = parseOrThrow(massInviteInput, request.body);
      const { updated, message } = await invites.massInvite(contextOf(request), input);
      await onInvited?.(
        request,
        contextOf(request).entityId,
        input.users.map((u) => u.id),
      );
      return { data: { updated }, message };
    },
  );

  app.post(
    '/api/mass-action-apply-revoke-users',
    {
      config: { openapi: { summary: "Revoke several users' access", body: massRevokeInput } },
      preHandler: requirePermission('users'),
    },
    async (request) => {
      const { updated, message } = await invites.massRevoke(
        contextOf(request),
        parseOrThrow(massRevokeInput, request.body).user_ids,
      );
      return { data: { updated }, message };
    },
  );
}
