// One-time logins: issued with a token whose sha256 is stored; used at most once, before expiry.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database';
import { oneTimeLogins } from '../db/schema/index';

export type OneTimePurpose = 'link' | 'sso';

export function oneTimeLoginRepo(db: Db) {
  return {
    async insert(
      row: { entityId: string; userId: string; tokenHash: string; purpose: OneTimePurpose },
      at: Date,
      ttlMs: number,
    ) {
      await db
        .insert(oneTimeLogins)
        .values({ ...row, id: uuidv7(), createdAt: at, expiresAt: new Date(at.getTime() + ttlMs) });
    },
    /** The unused, unexpired row for a token hash (not yet marked used). */
    async findUsable(tokenHash: string, at: Date) {
      const [row] = await db
        .select()
        .from(oneTimeLogins)
        .where(
          and(eq(oneTimeLogins.tokenHash, tokenHash), isNull(oneTimeLogins.usedAt), gt(oneTimeLogins.expiresAt, at)),
        )
        .limit(1);
      return row ?? null;
    },
    /** Marks it used in one statement: of two requests with one token only one wins. */
    async use(entityId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(oneTimeLogins)
        .set({ usedAt: at })
        .where(and(eq(oneTimeLogins.entityId, entityId), eq(oneTimeLogins.id, id), isNull(oneTimeLogins.usedAt)))
        .returning({ id: oneTimeLogins.id });
      return rows.length === 1;
    },
  };
}
