// The passport account (DESIGN ruling 12): one identity per person across companies. Pure rules
// and the wire schemas of its calls (spec 2 §7), shared by the server and the /passport page.
import * as v from 'valibot';
import { PERMISSION_KEYS } from './permissions';
import { newPasswordSchema } from './password-reset';

const DAY_MS = 86_400_000;

/** Whole days since the account was deactivated, for 'Reactivate My Passport Account' (spec 2 §9). */
export function daysSinceDeactivation(deactivatedAtMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - deactivatedAtMs) / DAY_MS));
}

const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.uuid'));

export const invitationInput = v.object({ invitation_id: uuid });
export const passportIdInput = v.object({
  id: v.pipe(
    v.string('validation.required'),
    v.nonEmpty('validation.required'),
    v.maxLength(2000, 'validation.too_long'),
  ),
});
export const changePasswordInput = v.object({
  current_password: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required')),
  password: newPasswordSchema.entries.password,
});

/** A role's allowed keys (the roles page): every other spec key is stored as allowed 0. */
export const rolePermissionsInput = v.object({
  allowed: v.pipe(
    v.array(v.picklist(PERMISSION_KEYS as [string, ...string[]], 'validation.required'), 'validation.required'),
    v.maxLength(PERMISSION_KEYS.length, 'validation.too_long'),
  ),
});

/** What check-activation-status and reactivate answer. */
export interface PassportStatus {
  active: boolean;
  deactivated_at: string | null;
  days_since_deactivation: number | null;
  /** The account's id sealed for the passport host's path (expires; see server/passport/passport-id-cipher.ts). */
  encrypted_id: string | null;
  /** The account id sealed for the pre-registration passport variant's passport_id (no expiry:
   * it only lets a visitor record join this passport, and only this person is given it). */
  visitor_passport_id: string | null;
}

export interface PassportAccountView {
  id: string;
  email: string;
  lang: string;
  active: boolean;
  companies: { entity_id: string; name: string; user_id: string; current: boolean }[];
  invitations: { id: string; entity_id: string; company_name: string; invited_at: string }[];
}
