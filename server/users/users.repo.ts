// Users as the auth and profile services need them. Every query is scoped by entity_id.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { entities, roles, users } from '../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export type EntityRow = typeof entities.$inferSelect;
export interface UserWithRole {
  user: UserRow;
  role: RoleRow;
  entity: EntityRow;
}

export function usersRepo(db: Db) {
  const withRole = () =>
    db
      .select({ user: users, role: roles, entity: entities })
      .from(users)
      .innerJoin(roles, and(eq(roles.entityId, users.entityId), eq(roles.id, users.roleId)))
      .innerJoin(entities, eq(entities.id, users.entityId));

  return {
    /** Login candidates across entities (an email may exist in several companies). */
    async findByEmail(email: string, subdomain?: string): Promise<UserWithRole[]> {
      const byEmail = eq(users.email, email.toLowerCase());
      return withRole().where(subdomain ? and(byEmail, eq(entities.subdomain, subdomain.toLowerCase())) : byEmail);
    },
    async findWithRole(entityId: string, userId: string): Promise<UserWithRole | null> {
      const [row] = await withRole()
        .where(and(eq(users.entityId, entityId), eq(users.id, userId)))
        .limit(1);
      return row ?? null;
    },
    async setLang(entityId: string, userId: string, lang: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ lang, updatedAt: now, version: sql`${users.version} + 1` })
        .where(and(eq(users.entityId, entityId), eq(users.id, userId)));
    },
  };
}
