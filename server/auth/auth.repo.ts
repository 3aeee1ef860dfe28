// Session tokens and failed-login records.
import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database';
import { authTokens, loginAttempts } from '../db/schema/index';
import { executePrepared } from '../db/prepared';
import type { PermissionMap } from '../../domain/permissions';

interface ActiveRow {
  entityId: string;
  userId: string;
  lang: string;
  isOtpEnabled: boolean;
  roleId: string;
  roleName: string;
  permissions: unknown;
  twoStep: boolean;
  otpRoles: unknown;
}
/** jsonb arrives parsed from both drivers; text only if a driver ever hands it over unparsed. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export function tokensRepo(db: Db) {
  return {
    async insert(row: typeof authTokens.$inferInsert): Promise<void> {
      await db.insert(authTokens).values(row);
    },
    /** The token's user, role and entity when the token exists, is unexpired and the user is active
     * with dashboard access not revoked.
     * Every authenticated request runs it: only what a request's context needs, planned once on
     * PGlite (server/db/prepared.ts): planned each time, the join cost six times as much. */
    async findActive(tokenHash: string, now: Date) {
      const [row] = await executePrepared<ActiveRow>(
        db,
        sql`select u.entity_id as "entityId", u.id as "userId", u.lang, u.is_otp_enabled as "isOtpEnabled",
            r.id as "roleId", r.name as "roleName", r.permissions, e.two_step as "twoStep", e.otp_roles as "otpRoles"
          from auth_tokens t
          join users u on u.entity_id = t.entity_id and u.id = t.user_id
          join roles r on r.entity_id = u.entity_id and r.id = u.role_id
          join entities e on e.id = u.entity_id
          where t.token_hash = ${tokenHash} and t.expires_at > ${now.toISOString()}::timestamptz and u.archived = false
            and u.dashboard_revoked_at is null
          limit 1`,
      );
      if (!row) return null;
      return {
        user: { entityId: row.entityId, id: row.userId, lang: row.lang, isOtpEnabled: row.isOtpEnabled },
        role: { id: row.roleId, name: row.roleName, permissions: json<PermissionMap>(row.permissions) },
        entity: { twoStep: row.twoStep, otpRoles: json<string[]>(row.otpRoles) },
      };
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
