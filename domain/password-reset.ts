// Password recovery and first passwords: the one-time link's rules and the payloads of its
// public calls. Messages are i18n keys, translated at the edge.
import * as v from 'valibot';
import { LANGUAGES } from './constants';
import { email } from './schemas/auth';

/** A link works for one hour, once; a newer link for the same person ends the older ones. */
export const PASSWORD_LINK_TTL_MS = 60 * 60 * 1000;
/** At most one mail per person per minute, so the public form cannot flood an inbox. */
export const PASSWORD_MAIL_INTERVAL_MS = 60 * 1000;
/** 32 random bytes in base64url. */
export const PASSWORD_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const PASSWORD_MIN_LENGTH = 8;

export const forgotPasswordSchema = v.object({
  email,
  /** The language of the page, for the answer; the mail goes in the person's own language. */
  lang: v.optional(v.picklist(LANGUAGES, 'validation.language')),
});
export type ForgotPasswordInput = v.InferOutput<typeof forgotPasswordSchema>;

export const newPasswordSchema = v.object({
  password: v.pipe(
    v.string('validation.required'),
    v.nonEmpty('validation.required'),
    v.minLength(PASSWORD_MIN_LENGTH, 'validation.password_too_short'),
    v.maxLength(200, 'validation.too_long'),
    v.check((p) => p.trim().length > 0, 'validation.required'),
  ),
});
export type NewPasswordInput = v.InferOutput<typeof newPasswordSchema>;

export type PasswordLinkState = 'usable' | 'used' | 'expired';

export function passwordLinkState(link: { usedAt: number | null; expiresAt: number }, now: number): PasswordLinkState {
  if (link.usedAt !== null) return 'used';
  return now >= link.expiresAt ? 'expired' : 'usable';
}
