// Session tokens and failed-login records.
import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database';
import { authTokens, entities, loginAttempts, roles, users } from '../db/schema/index';

export function tokensRepo(db: Db) {
  return {
    async insert(row: typeof authTokens.$inferInsert): Promise<void> {
      await db.insert(authTokens).values(row);
    },
    /** The token's user, role and entity when the token exists, is unexpired and the user is active. */
    async findActive(tokenHash: string, now: Date) {
      const [row] = await db
        // Only what a request's context needs: every authenticated request runs this (issue 22).
        .select({
          user: { entityId: users.entityId, id: users.id, lang: users.lang, isOtpEnabled: users.isOtpEnabled },
          role: { id: roles.id, name: roles.name, permissions: roles.permissions },
          entity: { twoStep: entities.twoStep, otpRoles: entities.otpRoles },
        })
        .from(authTokens)
        .innerJoin(users, and(eq(users.entityId, authTokens.entityId), eq(users.id, authTokens.userId)))
        .innerJoin(roles, and(eq(roles.entityId, users.entityId), eq(roles.id, users.roleId)))
        .innerJoin(entities, eq(entities.id, users.entityId))
        .where(and(eq(authTokens.tokenHash, tokenHash), gt(authTokens.expiresAt, now), eq(users.archived, false)))
        .limit(1);
      return row ?? null;
    },
    async delete(tokenHash: string): Promise<void> {
      await db.delete(authTokens).where(eq(authTokens.tokenHash, tokenHash));
    },
    async deleteExpired(now: Date): Promise<void> {
      await db.delete(authTokens).where(lt(authTokens.expiresAt, now));
    },
  };
}

export function attemptsRepo(db: Db) {
  return {
    async failuresSince(accountKey: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.accountKey, accountKey), gt(loginAttempts.attemptedAt, since)));
      return Number(row?.n ?? 0);
    },
    /** When the oldest failure still counting was made (epoch ms): the lock lifts a window after it. */
    async oldestSince(accountKey: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ at: min(loginAttempts.attemptedAt) })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.accountKey, accountKey), gt(loginAttempts.attemptedAt, since)));
      return row?.at ? new Date(row.at).getTime() : since.getTime();
    },
    async recordFailure(accountKey: string, ip: string, at: Date): Promise<void> {
      await db.insert(loginAttempts).values({ id: uuidv7(), accountKey, ip, attemptedAt: at });
    },
    /** After a success, or to drop records that can no longer count. */
    async clear(accountKey: string, before?: Date): Promise<void> {
      const byKey = eq(loginAttempts.accountKey, accountKey);
      await db.delete(loginAttempts).where(before ? and(byKey, lt(loginAttempts.attemptedAt, before)) : byKey);
    },
  };
}
