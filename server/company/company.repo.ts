// Reads and writes of the entities row and its logos; the service decides who may call them.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { companyLogos, entities, roles, users } from '../db/schema/index';
import type { Executor } from '../sync/changes';

export type EntityRow = typeof entities.$inferSelect;

export function companyRepo(db: Db) {
  return {
    async byId(id: string, tx: Executor = db): Promise<EntityRow | null> {
      const [row] = await tx.select().from(entities).where(eq(entities.id, id));
      return row ?? null;
    },
    async all(): Promise<EntityRow[]> {
      return db.select().from(entities).orderBy(asc(entities.name));
    },
    async subdomainTaken(subdomain: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: entities.id })
        .from(entities)
        .where(and(eq(entities.subdomain, subdomain), exceptId ? ne(entities.id, exceptId) : undefined));
      return Boolean(row);
    },
    async isTechTeam(entityId: string, userId: string): Promise<boolean> {
      const [me] = await db
        .select({ staff: users.platformStaff })
        .from(users)
        .where(and(eq(users.entityId, entityId), eq(users.id, userId)));
      // The platform's flag, never the e-mail.
      return me?.staff === true;
    },
    async roles(entityId: string) {
      return db
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(eq(roles.entityId, entityId))
        .orderBy(asc(roles.name));
    },
    /** The update only lands on the version the editor read; null when another save came first. */
    async updateAt(tx: Executor, id: string, version: number, set: Partial<EntityRow>): Promise<EntityRow | null> {
      const [row] = await tx
        .update(entities)
        .set({ ...set, version: sql`${entities.version} + 1` })
        .where(and(eq(entities.id, id), eq(entities.version, version)))
        .returning();
      return row ?? null;
    },
    async setToken(id: string, tokenHash: string, at: Date): Promise<void> {
      await db.update(entities).set({ apiTokenHash: tokenHash, apiTokenAt: at }).where(eq(entities.id, id));
    },
    async byTokenHash(tokenHash: string): Promise<EntityRow | null> {
      const [row] = await db.select().from(entities).where(eq(entities.apiTokenHash, tokenHash));
      return row ?? null;
    },
    async logo(entityId: string, id: string) {
      const [row] = await db
        .select()
        .from(companyLogos)
        .where(and(eq(companyLogos.entityId, entityId), eq(companyLogos.id, id)));
      return row ?? null;
    },
    async replaceLogos(tx: Executor, row: typeof companyLogos.$inferInsert | null, entityId: string): Promise<void> {
      // Only the current logo is kept: an old URL stops answering once it is replaced.
      await tx.delete(companyLogos).where(eq(companyLogos.entityId, entityId));
      if (row) await tx.insert(companyLogos).values(row);
    },
  };
}
export type CompanyRepo = ReturnType<typeof companyRepo>;
