// Login, token resolution and logout. Unknown email and wrong password are indistinguishable
// (same answer, same argon2 cost); failures are counted per account in the database so every
// server instance shares the limit.
import { hash, verify } from '@node-rs/argon2';
import { TOKEN_TTL_MS } from '../../domain/constants';
import { isLanguage } from '../../domain/i18n';
import type { StoredUser } from '../../domain/session';
import type { Db } from '../db/database';
import { ApiError } from '../http/api-error';
import type { RequestContext } from '../http/context';
import { toUserDetails } from '../users/user-details';
import { usersRepo, type UserWithRole } from '../users/users.repo';
import { attemptsRepo, tokensRepo } from './auth.repo';
import type { LoginRequest } from './login.schema';
import { hashToken, newToken } from './tokens';
import { kioskContext } from '../kiosk/kiosk-auth';
import { mustEnrol } from '../../domain/two-step';

/** The two-step code check login needs (server/two-step/two-step.service.ts provides it); named
 * here so that auth does not import the two-step service, which imports realtime, which imports auth. */
export interface LoginCodeCheck {
  verifyLogin(k: { entityId: string; userId: string }, code: string | undefined, ip: string): Promise<void>;
}

export interface AuthOptions {
  /** Failed logins per account allowed within the window before 429. */
  maxFailures: number;
  windowMs: number;
  /** Passwords never accepted (the public demo password in production). */
  refusedPasswords: readonly string[];
}

/** What logout needs from the realtime hub (server/realtime.ts). */
export interface SessionSockets {
  dropToken(tokenHash: string): void;
}

export function authService(
  db: Db,
  now: () => number,
  limit: AuthOptions,
  sessions?: SessionSockets,
  codeStep?: LoginCodeCheck,
) {
  const users = usersRepo(db);
  const tokens = tokensRepo(db);
  const attempts = attemptsRepo(db);
  let dummyHash: Promise<string> | null = null;
  const dummy = () => (dummyHash ??= hash('gatehouse-timing-equaliser'));

  async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
    const matched = await verify(stored ?? (await dummy()), password).catch(() => false);
    return stored !== null && matched && !limit.refusedPasswords.includes(password);
  }

  async function authenticateHash(tokenHash: string): Promise<RequestContext | null> {
    const row = await tokens.findActive(tokenHash, new Date(now()));
    // Not a person's session: perhaps a kiosk's device token (server/kiosk/kiosk-auth.ts).
    if (!row) return kioskContext(db, tokenHash, now());
    return {
      entityId: row.user.entityId,
      userId: row.user.id,
      roleName: row.role.name,
      permissions: row.role.permissions,
      lang: isLanguage(row.user.lang) ? row.user.lang : 'en',
      tokenHash,
      mustEnrol: mustEnrol(row.entity, row.role.id, row.user.isOtpEnabled),
    };
  }

  return {
    async login(input: LoginRequest, ip: string): Promise<StoredUser> {
      const key = input.email.toLowerCase();
      const at = now();
      const since = new Date(at - limit.windowMs);

      const candidates = await users.findByEmail(key, input.subdomain || undefined);
      const matched: UserWithRole[] = [];
      if (candidates.length === 0) await passwordMatches(null, input.password);
      for (const candidate of candidates) {
        if (await passwordMatches(candidate.user.passwordHash, input.password)) matched.push(candidate);
      }
      // The lock is decided only after the password check, so a locked account costs the same
      // work and time as any other: nothing tells a guesser which accounts exist or are locked.
      // It refuses the right password too, or guessing could go on through the lock.
      const failures = await attempts.failuresSince(key, since);
      if (failures >= limit.maxFailures) {
        const retryMs = Math.max(0, (await attempts.oldestSince(key, since)) + limit.windowMs - at);
        throw new ApiError(429, 'account_locked', undefined, { minutes: Math.max(1, Math.ceil(retryMs / 60_000)) });
      }
      if (matched.length === 0) {
        await attempts.recordFailure(key, ip, new Date(at));
        await attempts.clear(key, since);
        throw new ApiError(401, 'invalid_credentials');
      }
      // Revealed only to someone who knows the password, so it leaks nothing to a guesser.
      const active = matched.filter((m) => !m.user.archived);
      if (active.length === 0) throw new ApiError(403, 'account_deactivated');
      if (active.length > 1) throw new ApiError(400, 'validation_failed', { subdomain: ['validation.choose_company'] });

      const chosen = active[0]!;
      // Revoked dashboard access: the right password opens nothing either.
      if (chosen.user.dashboardRevokedAt) throw new ApiError(403, 'dashboard_access_revoked');
      // Two-step: the same call again with the code; asked only of those who know the password.
      if (chosen.user.isOtpEnabled) {
        if (!codeStep) throw new ApiError(401, 'otp_required');
        await codeStep.verifyLogin({ entityId: chosen.user.entityId, userId: chosen.user.id }, input.code, ip);
      }
      await attempts.clear(key);
      const token = newToken();
      const expiresAt = at + TOKEN_TTL_MS;
      await tokens.insert({
        tokenHash: hashToken(token),
        entityId: chosen.user.entityId,
        userId: chosen.user.id,
        expiresAt: new Date(expiresAt),
        createdAt: new Date(at),
      });
      return { data: { access_token: token, expires_at: expiresAt, user: toUserDetails(chosen) } };
    },

    /** The caller's context for a bearer token, or null when unknown, expired or archived. */
    async authenticate(token: string): Promise<RequestContext | null> {
      return authenticateHash(hashToken(token));
    },

    /** The same by the token's hash: what a joined socket keeps, to re-check its session later. */
    authenticateHash,

    async logout(ctx: RequestContext): Promise<void> {
      await tokens.delete(ctx.tokenHash);
      // The session's sockets go with it, on every instance.
      sessions?.dropToken(ctx.tokenHash);
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
