// Two-step authentication for a person: enrolment (secret, QR address, confirmation
// code, ten recovery codes shown once), switching it off, and the code step of the login. Wrong
// codes are counted per person in login_attempts (shared by every instance) and lock the step
// for a while; a TOTP code is accepted once per time step, a recovery code once at all.
import {
  OTP_FAILURE_WINDOW_MS,
  OTP_MAX_FAILURES,
  codeKind,
  codeSchema,
  formatRecoveryCode,
  mustEnrol,
  roleRequiresTwoStep,
} from '../../domain/two-step';
import { attemptsRepo } from '../auth/auth.repo';
import type { Db } from '../db/database';
import { ApiError, forbidden, invalid, notFound } from '../http/api-error';
import type { RequestContext } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { Realtime } from '../realtime';
import { usersRepo } from '../users/users.repo';
import { roleGuard } from '../people/role-guard';
import type { SecretBox } from './secret-box';
import { hashRecoveryCode, matchedStep, newRecoveryCodes, newSecret, otpauthUrl } from './totp';
import { twoStepRepo } from './two-step.repo';

type Key = { entityId: string; userId: string };
export type TwoStepRealtime = Pick<Realtime, 'emitToEntity' | 'dropToken'>;

const wrongCode = () => invalid({ code: ['twoStep.validation.code_wrong'] });

export function twoStepService(db: Db, now: () => number, box: SecretBox, realtime?: TwoStepRealtime) {
  const repo = twoStepRepo(db);
  const users = usersRepo(db);
  const attempts = attemptsRepo(db);
  const keyOf = (ctx: RequestContext): Key => ({ entityId: ctx.entityId, userId: ctx.userId });
  const attemptKey = (k: Key) => `otp:${k.entityId}:${k.userId}`;

  async function person(k: Key) {
    const found = await users.findWithRole(k.entityId, k.userId);
    if (!found) throw forbidden();
    return found;
  }

  /** Throws 429 while the person has too many wrong codes in the window. */
  async function assertNotLocked(k: Key): Promise<void> {
    const at = now();
    const since = new Date(at - OTP_FAILURE_WINDOW_MS);
    if ((await attempts.failuresSince(attemptKey(k), since)) < OTP_MAX_FAILURES) return;
    const retryMs = Math.max(0, (await attempts.oldestSince(attemptKey(k), since)) + OTP_FAILURE_WINDOW_MS - at);
    throw new ApiError(429, 'otp_locked', undefined, { minutes: Math.max(1, Math.ceil(retryMs / 60_000)) });
  }

  /** True when `code` is a fresh TOTP code or an unused recovery code (which it then uses up). */
  async function consume(k: Key, code: string, ip: string, recoveryAllowed: boolean): Promise<boolean> {
    await assertNotLocked(k);
    const row = await repo.find(k);
    let ok = false;
    if (row && codeKind(code) === 'totp') {
      const step = matchedStep(box.open(row.secretEnc), code, now());
      ok = step !== null && (await repo.useStep(k, step));
    } else if (row && recoveryAllowed && codeKind(code) === 'recovery') {
      ok = await repo.useRecovery(k, hashRecoveryCode(code));
    }
    if (ok) await attempts.clear(attemptKey(k));
    else await attempts.recordFailure(attemptKey(k), ip, new Date(now()));
    return ok;
  }

  function announce(ctx: RequestContext, k: Key, on: boolean) {
    realtime?.emitToEntity(k.entityId, 'updateUserTwoStepAuth', {
      entity_id: k.entityId,
      updated_by: ctx.userId,
      isOtpEnabled: on,
      entity_user_id: k.userId,
    });
  }

  return {
    async status(ctx: RequestContext) {
      const { user, role, entity } = await person(keyOf(ctx));
      const row = user.isOtpEnabled ? await repo.find(keyOf(ctx)) : null;
      return {
        enabled: user.isOtpEnabled,
        required: roleRequiresTwoStep(entity, role.id),
        must_enrol: mustEnrol(entity, role.id, user.isOtpEnabled),
        recovery_left: row?.recoveryHashes.length ?? 0,
      };
    },

    /** A new secret (not yet in force): the app shows its QR code and asks for a first code. */
    async start(ctx: RequestContext) {
      const k = keyOf(ctx);
      const { user } = await person(k);
      if (user.isOtpEnabled) throw new ApiError(409, 'action_not_allowed');
      const secret = newSecret();
      await repo.startEnrolment(k, box.seal(secret), new Date(now()));
      return { otpauth_url: otpauthUrl(secret, user.email), secret };
    },

    /** The first code proves the app holds the secret; two-step is then on and other sessions end. */
    async confirm(ctx: RequestContext, body: unknown, ip: string) {
      const k = keyOf(ctx);
      const { code } = parseOrThrow(codeSchema, body);
      const { user } = await person(k);
      const row = await repo.find(k);
      if (user.isOtpEnabled || !row || row.confirmedAt) throw new ApiError(409, 'action_not_allowed');
      if (codeKind(code) !== 'totp' || !(await consume(k, code, ip, false))) throw wrongCode();
      const codes = newRecoveryCodes();
      const ended = await repo.otherTokens(k, ctx.tokenHash);
      await db.transaction(async (tx) => {
        await repo.confirm(tx, k, codes.map(hashRecoveryCode), new Date(now()));
        await repo.deleteTokens(tx, k, ctx.tokenHash);
      });
      // The event first, so the ended sessions' sockets hear it before they are dropped.
      announce(ctx, k, true);
      for (const hash of ended) realtime?.dropToken(hash);
      return { recovery_codes: codes.map(formatRecoveryCode) };
    },

    /** Off again, with a current code; refused while the person's role requires it. */
    async disable(ctx: RequestContext, body: unknown, ip: string) {
      const k = keyOf(ctx);
      const { code } = parseOrThrow(codeSchema, body);
      const { user, role, entity } = await person(k);
      if (!user.isOtpEnabled) throw new ApiError(409, 'action_not_allowed');
      if (roleRequiresTwoStep(entity, role.id)) throw new ApiError(409, 'otp_required_by_role');
      if (!(await consume(k, code, ip, true))) throw wrongCode();
      await db.transaction((tx) => repo.remove(tx, k, new Date(now())));
      announce(ctx, k, false);
      return { enabled: false };
    },

    /** An admin's reset (lost phone): two-step off, the person's sessions end; they enrol again if required. */
    async resetFor(ctx: RequestContext, userId: string) {
      const k: Key = { entityId: ctx.entityId, userId };
      // Another company's person (or none) answers 404, like every record of another entity.
      const found = await users.findWithRole(k.entityId, userId);
      if (!found) throw notFound();
      // Only an administrator, never on oneself or a higher role.
      await roleGuard(db).person(ctx, [userId], 'two_step_reset');
      const ended = await repo.otherTokens(k, '');
      await db.transaction(async (tx) => {
        await repo.remove(tx, k, new Date(now()));
        await repo.deleteTokens(tx, k, '');
      });
      // The event first, so the person's sockets hear it (and log out) before they are dropped.
      announce(ctx, k, false);
      for (const hash of ended) realtime?.dropToken(hash);
      return { enabled: false };
    },

    /** The login's second step: throws unless `code` is good for this person. */
    async verifyLogin(k: Key, code: string | undefined, ip: string): Promise<void> {
      if (!code) throw new ApiError(401, 'otp_required');
      if (codeKind(code) === 'invalid' || !(await consume(k, code, ip, true))) throw new ApiError(401, 'otp_invalid');
    },
  };
}
export type TwoStepService = ReturnType<typeof twoStepService>;
