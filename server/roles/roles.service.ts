// Roles of the caller's entity, for those who manage users. Another entity's id answers 404,
// exactly like an unknown one.
import type { Db } from '../db/database';
import { notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { rolesRepo } from './roles.repo';

export function rolesService(db: Db) {
  const roles = rolesRepo(db);
  return {
    async list(ctx: RequestContext, entityId: string) {
      // Tenancy first: another entity's id is 404 whatever the caller's permissions.
      if (entityId !== ctx.entityId) throw notFound();
      assertAllowed(ctx, 'users');
      return roles.listForEntity(ctx.entityId);
    },
  };
}
export type RolesService = ReturnType<typeof rolesService>;
