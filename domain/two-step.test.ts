// Two-step rules: code shapes, replay by time step, who must enrol, and exactly when
// each live account pop-up is shown (spec 2 §4).
import { describe, expect, it } from 'vitest';
import {
  codeKind,
  formatRecoveryCode,
  mustEnrol,
  normaliseCode,
  ownTwoStepEvent,
  packagePopupOf,
  roleChanged,
  securityPopupOnJoin,
  securityPopupShown,
  stepAccepted,
  type PopupViewer,
} from './two-step';

const viewer: PopupViewer = { id: 'u1', entityId: 'e1', roleId: 'r1', isOtpEnabled: false, isTechTeam: false };
const policy = { entity_id: 'e1', updated_by: 'admin', isOtpEnabled: true, otp_roles: ['r1'] };

describe('codes', () => {
  it('tells a six-digit code from a recovery code, ignoring spaces, dashes and case', () => {
    expect(codeKind('123 456')).toBe('totp');
    expect(codeKind('ABCDE-FGH23')).toBe('recovery');
    expect(codeKind('12345')).toBe('invalid');
    expect(codeKind('abcde-fghi1')).toBe('invalid');
    expect(normaliseCode(' Ab-Cd ')).toBe('abcd');
    expect(formatRecoveryCode('abcdefgh23')).toBe('abcde-fgh23');
  });

  it('accepts a time step only once, and never an older one', () => {
    expect(stepAccepted(100, null)).toBe(true);
    expect(stepAccepted(101, 100)).toBe(true);
    expect(stepAccepted(100, 100)).toBe(false);
    expect(stepAccepted(99, 100)).toBe(false);
  });
});

describe('who must enrol', () => {
  it('is a role in otp_roles while the company has two-step on, without two-step yet', () => {
    expect(mustEnrol({ twoStep: true, otpRoles: ['r1'] }, 'r1', false)).toBe(true);
    expect(mustEnrol({ twoStep: true, otpRoles: ['r1'] }, 'r1', true)).toBe(false);
    expect(mustEnrol({ twoStep: true, otpRoles: ['r2'] }, 'r1', false)).toBe(false);
    expect(mustEnrol({ twoStep: false, otpRoles: ['r1'] }, 'r1', false)).toBe(false);
  });
});

describe('live pop-ups', () => {
  it("shows 'Security Policy Updated' only under all four conditions", () => {
    expect(securityPopupShown(policy, viewer)).toBe(true);
    expect(securityPopupShown({ ...policy, updated_by: 'u1' }, viewer)).toBe(false);
    expect(securityPopupShown(policy, { ...viewer, isOtpEnabled: true })).toBe(false);
    expect(securityPopupShown({ ...policy, otp_roles: ['r2'] }, viewer)).toBe(false);
    expect(securityPopupShown({ ...policy, isOtpEnabled: false }, viewer)).toBe(false);
    expect(securityPopupShown({ ...policy, entity_id: 'e2' }, viewer)).toBe(false);
  });

  it('recognises the own two-step event only', () => {
    expect(ownTwoStepEvent({ ...policy, entity_user_id: 'u1' }, viewer)).toBe(true);
    expect(ownTwoStepEvent({ ...policy, entity_user_id: 'u2' }, viewer)).toBe(false);
  });

  it('names the package pop-up by the action, never for the tech team', () => {
    expect(packagePopupOf({ entity_id: 'e1', action: 'upgrade' }, viewer)).toBe('upgraded');
    expect(packagePopupOf({ entity_id: 'e1', action: 'downgrade' }, viewer)).toBe('downgraded');
    expect(packagePopupOf({ entity_id: 'e1' }, viewer)).toBe('changed');
    expect(packagePopupOf({ entity_id: 'e1', action: 'upgrade' }, { ...viewer, isTechTeam: true })).toBeNull();
    expect(packagePopupOf({ entity_id: 'e2', action: 'upgrade' }, viewer)).toBeNull();
  });
});

describe('what is read when the socket joins', () => {
  it("owes 'Security Policy Updated' when the server now says the person must enrol, outside enrolment", () => {
    expect(securityPopupOnJoin({ must_enrol: true }, viewer, '/')).toBe(true);
    expect(securityPopupOnJoin({ must_enrol: false }, viewer, '/')).toBe(false);
    expect(securityPopupOnJoin({ must_enrol: true }, { ...viewer, isOtpEnabled: true }, '/')).toBe(false);
    expect(securityPopupOnJoin({ must_enrol: true }, { ...viewer, isTechTeam: true }, '/')).toBe(false);
    for (const path of ['/otp-error', '/two-step', '/passport'])
      expect(securityPopupOnJoin({ must_enrol: true }, viewer, path)).toBe(false);
  });

  it('sees a changed role or permission, whatever the order of the keys', () => {
    const held = { id: 'r1', permissions: { users: true, dashboard: true } };
    expect(roleChanged(held, { id: 'r1', permissions: { dashboard: true, users: true } })).toBe(false);
    expect(roleChanged(held, { id: 'r1', permissions: { dashboard: true, users: false } })).toBe(true);
    expect(roleChanged(held, { id: 'r1', permissions: { dashboard: true } })).toBe(true);
    expect(roleChanged(held, { id: 'r2', permissions: held.permissions })).toBe(true);
  });
});
