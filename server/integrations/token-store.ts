// The integration token around a sync run (spec 1 §4 "Integration token": refreshed whenever
// the stored token time is missing or 24 hours or more old). Before a run the sync job renews a
// consent token that old; whatever new tokens a run obtains are sealed back into the
// integration, so the next run (or another instance) starts from them.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { integrations } from '../db/schema/index';
import type { CredentialsBox } from './directory-access';
import type { DirectoryCredentials } from './directories/directory-client';
import { refreshIfStale } from './oauth-flow';

type Integration = typeof integrations.$inferSelect;
const where = (i: Integration) => and(eq(integrations.entityId, i.entityId), eq(integrations.id, i.id));

export function integrationTokens(db: Db, box: CredentialsBox, now: () => number) {
  return {
    /** The credentials a run starts with; a refused refresh throws DirectoryError('auth'). */
    async fresh(integ: Integration): Promise<DirectoryCredentials> {
      const stored = box.open(integ.credentials);
      const renewed = await refreshIfStale(stored, integ.tokenObtainedAt, now());
      if (!renewed) return stored;
      await db
        .update(integrations)
        .set({ credentials: box.seal(renewed), tokenObtainedAt: new Date(now()) })
        .where(where(integ));
      return renewed;
    },
    /** A client renewed its token mid-run: keep consent tokens sealed, and the time. */
    async store(
      integ: Integration,
      current: DirectoryCredentials,
      t: { accessToken: string; refreshToken: string | null },
    ) {
      const consent = (current.kind === 'googleAD' || current.kind === 'azureAD') && current.refreshToken;
      const credentials = consent
        ? box.seal({
            ...current,
            accessToken: t.accessToken,
            refreshToken: t.refreshToken ?? current.refreshToken ?? null,
          })
        : undefined;
      await db
        .update(integrations)
        .set({ tokenObtainedAt: new Date(now()), ...(credentials ? { credentials } : {}) })
        .where(where(integ));
    },
  };
}
