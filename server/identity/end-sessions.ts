// Ending a person's sessions, in one place: their session tokens (all,
// or all but the one making the change) and, when their access is revoked, every one-time login
// link and password-reset link not yet used. Runs inside the caller's transaction; the caller
// drops the returned tokens' sockets once it has committed (realtime.dropToken).
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { authTokens, oneTimeLogins, passwordResets } from '../db/schema/index';
import type { Executor } from '../sync/changes';

export interface EndSessionsOptions {
  /** The session making the change keeps going (a password change from this very session). */
  keepToken?: string;
  /** Also use up the person's outstanding one-time login and password-reset links. */
  links?: boolean;
  at: Date;
}

/** Ends the sessions of `userIds` in `entityId`; answers the ended tokens' hashes. */
export async function endSessions(
  tx: Executor,
  entityId: string,
  userIds: readonly string[],
  options: EndSessionsOptions,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const ids = [...new Set(userIds)];
  const ended = await tx
    .delete(authTokens)
    .where(
      and(
        eq(authTokens.entityId, entityId),
        inArray(authTokens.userId, ids),
        options.keepToken ? ne(authTokens.tokenHash, options.keepToken) : undefined,
      ),
    )
    .returning({ hash: authTokens.tokenHash });
  if (options.links) {
    await tx
      .update(oneTimeLogins)
      .set({ usedAt: options.at })
      .where(
        and(eq(oneTimeLogins.entityId, entityId), inArray(oneTimeLogins.userId, ids), isNull(oneTimeLogins.usedAt)),
      );
    await tx
      .update(passwordResets)
      .set({ usedAt: options.at })
      .where(
        and(eq(passwordResets.entityId, entityId), inArray(passwordResets.userId, ids), isNull(passwordResets.usedAt)),
      );
  }
  return ended.map((r) => r.hash);
}
