// Roles of the caller's entity: listed for those who manage users, edited (which permission keys
// a role allows) by those with the settings key. Another entity's id answers 404, exactly like
// an unknown one. Permissions are read from the role on every request (server/auth), so an edit
// applies to the next call of every session and device; pongUpdateUserRole tells the holders' apps.
import { PERMISSION_KEYS, SYSTEM_ADMIN_ROLE, isAllowed, type PermissionMap } from '../../domain/permissions';
import { rolePermissionsInput } from '../../domain/passport';
import { refuseRoleEdit } from '../../domain/role-assignment';
import type { Db } from '../db/database';
import { ApiError, notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { Realtime } from '../realtime';
import { rolesRepo } from './roles.repo';

/** The key that opens the roles page and its edit (it sits under Settings). */
export const ROLES_PERMISSION = 'user_settings';

export function rolesService(db: Db, realtime?: Pick<Realtime, 'emitToEntity'>) {
  const roles = rolesRepo(db);
  return {
    async list(ctx: RequestContext, entityId: string) {
      // Tenancy first: another entity's id is 404 whatever the caller's permissions.
      if (entityId !== ctx.entityId) throw notFound();
      // Those who manage users pick roles; the roles page lists them under Settings.
      if (!isAllowed(ctx.permissions, ROLES_PERMISSION)) assertAllowed(ctx, 'users');
      return roles.listForEntity(ctx.entityId);
    },

    async setPermissions(ctx: RequestContext, roleId: string, body: unknown) {
      const role = await roles.find(ctx.entityId, roleId);
      if (!role) throw notFound();
      assertAllowed(ctx, ROLES_PERMISSION);
      const { allowed } = parseOrThrow(rolePermissionsInput, body);
      // The system admin role keeps every key, and nobody edits their own role: either would
      // let one click lock the company (or the editor) out of this very page.
      if (role.name === SYSTEM_ADMIN_ROLE || role.name === ctx.roleName) throw new ApiError(403, 'action_not_allowed');
      const refusal = refuseRoleEdit(ctx.permissions, role.permissions, allowed);
      if (refusal) throw new ApiError(403, refusal);
      const granted = new Set(allowed);
      const permissions = Object.fromEntries(
        PERMISSION_KEYS.map((key) => [key, { pivot: { allowed: granted.has(key) ? 1 : 0 } }]),
      ) as PermissionMap;
      await roles.setPermissions(ctx.entityId, roleId, permissions);
      for (const userId of await roles.holders(ctx.entityId, roleId))
        realtime?.emitToEntity(ctx.entityId, 'pongUpdateUserRole', {
          entity_id: ctx.entityId,
          entity_user_id: userId,
          oldRole: { name: role.name },
          newRole: { name: role.name },
          permitted_by: ctx.userId,
        });
      return { id: role.id, name: role.name, permissions };
    },
  };
}
export type RolesService = ReturnType<typeof rolesService>;
