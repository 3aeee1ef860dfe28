// Two-step authentication (spec 1 §4 and §6, spec 2 §4): who must use it, which codes
// are accepted, and which live account pop-up a socket event deserves. Pure rules only; the
// TOTP arithmetic itself is the otpauth package's (server/two-step/totp.ts).
import * as v from 'valibot';

/** RFC 6238 defaults every authenticator app understands. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** One step either side, for a phone clock a little off. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes allowed per person within the window before the code step locks. */
export const OTP_MAX_FAILURES = 5;
export const OTP_FAILURE_WINDOW_MS = 15 * 60 * 1000;

const TOTP_PATTERN = /^\d{6}$/;
/** Recovery codes: ten characters from an unambiguous alphabet, shown as xxxxx-xxxxx. */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_PATTERN = /^[a-z2-9]{10}$/;

/** What a person typed, without spaces or dashes, lower-cased (codes are read aloud and copied). */
export function normaliseCode(raw: string): string {
  return raw.replace(/[\s-]/g, '').toLowerCase();
}

export type CodeKind = 'totp' | 'recovery' | 'invalid';

export function codeKind(raw: string): CodeKind {
  const code = normaliseCode(raw);
  if (TOTP_PATTERN.test(code)) return 'totp';
  return RECOVERY_PATTERN.test(code) ? 'recovery' : 'invalid';
}

/** Shows a recovery code in two halves so it is easier to copy by hand. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A TOTP code matched time step `step`; it counts only if no code of that step or later was used. */
export function stepAccepted(step: number, lastUsedStep: number | null): boolean {
  return lastUsedStep === null || step > lastUsedStep;
}

export const codeSchema = v.object({
  code: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.maxLength(32, 'validation.too_long'),
    v.check((c) => codeKind(c) !== 'invalid', 'twoStep.validation.code_format'),
  ),
});
export type CodeInput = v.InferOutput<typeof codeSchema>;

export interface TwoStepPolicy {
  /** The company's two-step switch. */
  twoStep: boolean;
  otpRoles: readonly string[];
}

/** Spec 1 §6: the company has two-step on and the person's role is in otp_roles. */
export function roleRequiresTwoStep(policy: TwoStepPolicy, roleId: string): boolean {
  return policy.twoStep && policy.otpRoles.includes(roleId);
}

/** Such a person without two-step may only enrol (and log out) until they have it. */
export function mustEnrol(policy: TwoStepPolicy, roleId: string, isOtpEnabled: boolean): boolean {
  return !isOtpEnabled && roleRequiresTwoStep(policy, roleId);
}

/** The parts of the socket payloads (sync/events.ts) these rules read. */
export interface TwoStepEventLike {
  entity_id: string;
  updated_by: string;
  isOtpEnabled: boolean;
  entity_user_id?: string;
  otp_roles?: string[];
}
export interface PackageEventLike {
  entity_id: string;
  action?: 'upgrade' | 'downgrade';
}

export interface PopupViewer {
  id: string;
  entityId: string;
  roleId: string;
  isOtpEnabled: boolean;
  isTechTeam: boolean;
}

/**
 * Spec 2 §4: 'Security Policy Updated' only when the entity policy changed (this event), someone
 * else changed it, the viewer has not enabled two-step and the viewer's role is in the list.
 */
export function securityPopupShown(event: TwoStepEventLike, viewer: PopupViewer): boolean {
  if (event.entity_id !== viewer.entityId || event.updated_by === viewer.id || viewer.isOtpEnabled) return false;
  return roleRequiresTwoStep({ twoStep: event.isOtpEnabled, otpRoles: event.otp_roles ?? [] }, viewer.roleId);
}

/** Where a person is already being sent to enrol: no pop-up says it again there. */
const ENROL_PATHS = ['/otp-error', '/two-step', '/passport'];

/**
 * Read on every join of the entity room: an event sent before the socket joined
 * (a login's first seconds, a reconnect) is not replayed, so the state it announced is read instead.
 * The login already sent a person who had to enrol to /otp-error; if the server now says they must,
 * the policy changed since, and 'Security Policy Updated' shows as the event would have shown it.
 */
export function securityPopupOnJoin(state: { must_enrol: boolean }, viewer: PopupViewer, pathname: string): boolean {
  return state.must_enrol && !viewer.isOtpEnabled && !viewer.isTechTeam && !ENROL_PATHS.includes(pathname);
}

/** The role or its permissions differ from what the session holds: 'Permissions Updated' is owed. */
export function roleChanged(
  held: { id: string; permissions: Record<string, unknown> },
  now: { id: string; permissions: Record<string, unknown> },
): boolean {
  if (held.id !== now.id) return true;
  const keys = new Set([...Object.keys(held.permissions), ...Object.keys(now.permissions)]);
  for (const k of keys) if (JSON.stringify(held.permissions[k]) !== JSON.stringify(now.permissions[k])) return true;
  return false;
}

/** The viewer's own two-step was switched: their other sessions end (the server revokes them). */
export function ownTwoStepEvent(event: TwoStepEventLike, viewer: PopupViewer): boolean {
  return event.entity_id === viewer.entityId && event.entity_user_id === viewer.id;
}

export type PackagePopup = 'upgraded' | 'downgraded' | 'changed';

/** Spec 1 §4 "Package change": never for the tech-team account (it is the one making them). */
export function packagePopupOf(event: PackageEventLike, viewer: PopupViewer): PackagePopup | null {
  if (viewer.isTechTeam || event.entity_id !== viewer.entityId) return null;
  if (event.action === 'upgrade') return 'upgraded';
  if (event.action === 'downgrade') return 'downgraded';
  return 'changed';
}
