// TOTP (RFC 6238) through the otpauth package, and recovery codes. The time comes from the
// caller so tests can move the clock; the step a code matched is returned so replays can be refused.
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  RECOVERY_ALPHABET,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  TOTP_WINDOW,
  normaliseCode,
} from '../../domain/two-step';

const ISSUER = 'Gatehouse';

const totpOf = (secretBase32: string, label = 'Gatehouse') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });

export const newSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads from the QR code. */
export const otpauthUrl = (secretBase32: string, label: string): string => totpOf(secretBase32, label).toString();

/** The time step the code belongs to when it is valid at `now` (± the window), else null. */
export function matchedStep(secretBase32: string, code: string, now: number): number | null {
  const delta = totpOf(secretBase32).validate({ token: normaliseCode(code), timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
  );
}

/** Recovery codes are random (50 bits), so a plain SHA-256 is enough to keep them unreadable. */
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(normaliseCode(code)).digest('hex');
