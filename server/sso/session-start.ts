// A session for a person already identified (one-time link, single sign-on hand-off): the same
// token and answer as the password login (server/auth/auth.service.ts), and the same two-step step.
import { TOKEN_TTL_MS } from '../../domain/constants';
import type { StoredUser } from '../../domain/session';
import { tokensRepo } from '../auth/auth.repo';
import type { LoginCodeCheck } from '../auth/auth.service';
import { hashToken, newToken } from '../auth/tokens';
import type { Db } from '../db/database';
import { ApiError } from '../http/api-error';
import { toUserDetails } from '../users/user-details';
import type { UserWithRole } from '../users/users.repo';

export function sessionStarter(db: Db, now: () => number, codeStep?: LoginCodeCheck) {
  const tokens = tokensRepo(db);
  return {
    /** Throws otp_required / otp_invalid while a person with two-step has not given a good code. */
    async checkCode(person: UserWithRole, code: string | undefined, ip: string): Promise<void> {
      if (!person.user.isOtpEnabled) return;
      if (!codeStep) throw new ApiError(401, 'otp_required');
      await codeStep.verifyLogin({ entityId: person.user.entityId, userId: person.user.id }, code, ip);
    },
    async start(person: UserWithRole): Promise<StoredUser> {
      const at = now();
      const token = newToken();
      const expiresAt = at + TOKEN_TTL_MS;
      await tokens.insert({
        tokenHash: hashToken(token),
        entityId: person.user.entityId,
        userId: person.user.id,
        expiresAt: new Date(expiresAt),
        createdAt: new Date(at),
      });
      return { data: { access_token: token, expires_at: expiresAt, user: toUserDetails(person) } };
    },
  };
}
export type SessionStarter = ReturnType<typeof sessionStarter>;
