// Two-step secrets and the user flag they set; the caller's other sessions for revocation.
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { authTokens, twoStepSecrets, users } from '../db/schema/index';

export type TwoStepRow = typeof twoStepSecrets.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Key = { entityId: string; userId: string };

const byUser = (k: Key) => and(eq(twoStepSecrets.entityId, k.entityId), eq(twoStepSecrets.userId, k.userId));

export function twoStepRepo(db: Db) {
  return {
    async find(k: Key): Promise<TwoStepRow | null> {
      const [row] = await db.select().from(twoStepSecrets).where(byUser(k)).limit(1);
      return row ?? null;
    },
    /** A new enrolment replaces any unconfirmed one. */
    async startEnrolment(k: Key, secretEnc: string, at: Date): Promise<void> {
      await db
        .insert(twoStepSecrets)
        .values({ ...k, secretEnc, createdAt: at, recoveryHashes: [] })
        .onConflictDoUpdate({
          target: [twoStepSecrets.entityId, twoStepSecrets.userId],
          set: { secretEnc, createdAt: at, lastStep: null, recoveryHashes: [], confirmedAt: null },
        });
    },
    /** Records a used step only if it is newer than the last one: two requests with one code cannot both win. */
    async useStep(k: Key, step: number): Promise<boolean> {
      const rows = await db
        .update(twoStepSecrets)
        .set({ lastStep: step })
        .where(and(byUser(k), or(isNull(twoStepSecrets.lastStep), lt(twoStepSecrets.lastStep, step))))
        .returning({ userId: twoStepSecrets.userId });
      return rows.length === 1;
    },
    /** Removes one unused recovery code in one statement; false when it was not there (or just used). */
    async useRecovery(k: Key, hash: string): Promise<boolean> {
      const rows = await db
        .update(twoStepSecrets)
        .set({ recoveryHashes: sql`${twoStepSecrets.recoveryHashes} - ${hash}::text` })
        .where(and(byUser(k), sql`jsonb_exists(${twoStepSecrets.recoveryHashes}, ${hash}::text)`))
        .returning({ userId: twoStepSecrets.userId });
      return rows.length === 1;
    },
    async confirm(tx: Tx, k: Key, hashes: string[], at: Date): Promise<void> {
      await tx.update(twoStepSecrets).set({ recoveryHashes: hashes, confirmedAt: at }).where(byUser(k));
      await setFlag(tx, k, true, at);
    },
    async remove(tx: Tx, k: Key, at: Date): Promise<void> {
      await tx.delete(twoStepSecrets).where(byUser(k));
      await setFlag(tx, k, false, at);
    },
    /** The person's sessions other than `keep`: enabling two-step ends them. */
    async otherTokens(k: Key, keep: string): Promise<string[]> {
      const rows = await db
        .select({ hash: authTokens.tokenHash })
        .from(authTokens)
        .where(
          and(eq(authTokens.entityId, k.entityId), eq(authTokens.userId, k.userId), ne(authTokens.tokenHash, keep)),
        );
      return rows.map((r) => r.hash);
    },
    async deleteTokens(tx: Tx, k: Key, keep: string): Promise<void> {
      await tx
        .delete(authTokens)
        .where(
          and(eq(authTokens.entityId, k.entityId), eq(authTokens.userId, k.userId), ne(authTokens.tokenHash, keep)),
        );
    },
  };
}

async function setFlag(tx: Tx, k: Key, on: boolean, at: Date): Promise<void> {
  await tx
    .update(users)
    .set({ isOtpEnabled: on, updatedAt: at })
    .where(and(eq(users.entityId, k.entityId), eq(users.id, k.userId)));
}
