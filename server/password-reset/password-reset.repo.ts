// Storage for one-time password links, and the two user writes a link allows: the new password
// hash and the end of the person's sessions.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { authTokens, entities, passwordResets, users } from '../db/schema/index';
import type { Tx } from '../sync/changes';

export type PasswordLinkRow = typeof passwordResets.$inferSelect;

export interface LinkPerson {
  entityId: string;
  id: string;
  email: string;
  fullName: string;
  lang: string;
  hasPassword: boolean;
  company: string;
}

export function passwordResetRepo(db: Db) {
  const people = () =>
    db
      .select({
        entityId: users.entityId,
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        lang: users.lang,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        company: entities.name,
      })
      .from(users)
      .innerJoin(entities, eq(entities.id, users.entityId));
  return {
    /** Active users with this email, in every company, with what the mail needs. */
    async activeUsersByEmail(email: string): Promise<LinkPerson[]> {
      return people().where(and(eq(users.email, email.toLowerCase()), eq(users.archived, false)));
    },
    /** Of these users of the company, the active ones who have no password yet. */
    async activeUsersWithoutPassword(entityId: string, ids: readonly string[]): Promise<LinkPerson[]> {
      if (ids.length === 0) return [];
      return people().where(
        and(
          eq(users.entityId, entityId),
          inArray(users.id, [...ids]),
          eq(users.archived, false),
          isNull(users.passwordHash),
        ),
      );
    },
    async latestFor(entityId: string, userId: string): Promise<PasswordLinkRow | null> {
      const [row] = await db
        .select()
        .from(passwordResets)
        .where(and(eq(passwordResets.entityId, entityId), eq(passwordResets.userId, userId)))
        .orderBy(desc(passwordResets.createdAt))
        .limit(1);
      return row ?? null;
    },
    /** A new link; the person's earlier unused links stop working in the same transaction. */
    async replace(row: typeof passwordResets.$inferInsert): Promise<void> {
      await db.transaction(async (tx: Tx) => {
        await tx
          .update(passwordResets)
          .set({ usedAt: row.createdAt })
          .where(
            and(
              eq(passwordResets.entityId, row.entityId),
              eq(passwordResets.userId, row.userId),
              isNull(passwordResets.usedAt),
            ),
          );
        await tx.insert(passwordResets).values(row);
      });
    },
    async byTokenHash(tokenHash: string) {
      const [row] = await db
        .select({ link: passwordResets, email: users.email, archived: users.archived })
        .from(passwordResets)
        .innerJoin(users, and(eq(users.entityId, passwordResets.entityId), eq(users.id, passwordResets.userId)))
        .where(eq(passwordResets.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },
    /**
     * Uses the link and sets the password in one transaction; false when another request used the
     * link first (the update is conditional on used_at still being null). Every session ends.
     */
    async consume(link: PasswordLinkRow, passwordHash: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx: Tx) => {
        const used = await tx
          .update(passwordResets)
          .set({ usedAt: at })
          .where(
            and(
              eq(passwordResets.entityId, link.entityId),
              eq(passwordResets.id, link.id),
              isNull(passwordResets.usedAt),
            ),
          )
          .returning({ id: passwordResets.id });
        if (used.length === 0) return false;
        await tx
          .update(users)
          .set({ passwordHash })
          .where(and(eq(users.entityId, link.entityId), eq(users.id, link.userId)));
        await tx
          .delete(authTokens)
          .where(and(eq(authTokens.entityId, link.entityId), eq(authTokens.userId, link.userId)));
        return true;
      });
    },
  };
}
