// Roles of one entity.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { roles } from '../db/schema/index';

export function rolesRepo(db: Db) {
  return {
    async listForEntity(entityId: string) {
      return db
        .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
        .from(roles)
        .where(eq(roles.entityId, entityId))
        .orderBy(asc(roles.name));
    },
  };
}
