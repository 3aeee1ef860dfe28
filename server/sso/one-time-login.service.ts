// One-time login (/login-one-time): a short-lived, single-use token that starts a
// session for one person: handed out as a link (a logged-in person, to open the app on another
// device or from the passport), or the hand-off from the SSO callback to the app. A person
// with two-step must still give a code; the token is used up only when the session starts.
import { ApiError } from '../http/api-error';
import type { Db } from '../db/database';
import type { RequestContext } from '../http/context';
import { hashToken, newToken } from '../auth/tokens';
import { usersRepo } from '../users/users.repo';
import { oneTimeLoginRepo, type OneTimePurpose } from './one-time-login.repo';
import type { SessionStarter } from './session-start';

/** A login link lives 15 minutes; the SSO hand-off only has to survive one redirect. */
export const ONE_TIME_TTL_MS: Record<OneTimePurpose, number> = { link: 15 * 60_000, sso: 2 * 60_000 };

export function oneTimeLoginService(db: Db, now: () => number, sessions: SessionStarter) {
  const repo = oneTimeLoginRepo(db);
  const users = usersRepo(db);
  const expired = () => new ApiError(410, 'link_expired');

  async function issue(k: { entityId: string; userId: string }, purpose: OneTimePurpose): Promise<string> {
    const token = newToken();
    await repo.insert({ ...k, tokenHash: hashToken(token), purpose }, new Date(now()), ONE_TIME_TTL_MS[purpose]);
    return token;
  }

  return {
    issue,
    /** A login link for the caller themself; the app builds /login-one-time?token=… from it. */
    async issueOwn(ctx: RequestContext) {
      const token = await issue({ entityId: ctx.entityId, userId: ctx.userId }, 'link');
      return { token, expires_at: now() + ONE_TIME_TTL_MS.link };
    },
    async redeem(input: { token: string; code?: string }, ip: string) {
      const at = new Date(now());
      const row = await repo.findUsable(hashToken(input.token), at);
      if (!row) throw expired();
      const person = await users.findWithRole(row.entityId, row.userId);
      // Archived since the link was made: the same answer as the password login gives.
      if (!person) throw expired();
      if (person.user.archived) throw new ApiError(403, 'account_deactivated');
      if (person.user.dashboardRevokedAt) throw new ApiError(403, 'dashboard_access_revoked');
      await sessions.checkCode(person, input.code, ip);
      if (!(await repo.use(row.entityId, row.id, at))) throw expired();
      return sessions.start(person);
    },
  };
}
export type OneTimeLoginService = ReturnType<typeof oneTimeLoginService>;
