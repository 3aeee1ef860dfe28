// Roles of one entity.
import { and, asc, eq } from 'drizzle-orm';
import type { PermissionMap } from '../../domain/permissions';
import type { Db } from '../db/database';
import { roles, users } from '../db/schema/index';

export function rolesRepo(db: Db) {
  return {
    async listForEntity(entityId: string) {
      return db
        .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
        .from(roles)
        .where(eq(roles.entityId, entityId))
        .orderBy(asc(roles.name));
    },
    async find(entityId: string, id: string) {
      const [row] = await db
        .select()
        .from(roles)
        .where(and(eq(roles.entityId, entityId), eq(roles.id, id)));
      return row ?? null;
    },
    async setPermissions(entityId: string, id: string, permissions: PermissionMap) {
      await db
        .update(roles)
        .set({ permissions })
        .where(and(eq(roles.entityId, entityId), eq(roles.id, id)));
    },
    /** The people who hold the role now: they hear that their permissions changed. */
    async holders(entityId: string, roleId: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.entityId, entityId), eq(users.roleId, roleId), eq(users.archived, false)));
      return rows.map((r) => r.id);
    },
  };
}
