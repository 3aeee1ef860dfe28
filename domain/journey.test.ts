import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decideRegistration,
  readFlowSettings,
  registrationNotRequiredOk,
  requestedOutputs,
  decideVisit,
  stageSignsIn,
  visitStage,
  REGISTRATION_METHODS,
} from './journey';

describe('registration methods', () => {
  it('decides what a new person of each method gets', () => {
    expect(decideRegistration('registration allowed', false)).toEqual({ kind: 'register' });
    expect(decideRegistration('pre-registration with approval required', false)).toEqual({
      kind: 'register_pending_approval',
    });
    expect(decideRegistration('pre-registered by admin', false)).toEqual({
      kind: 'refused',
      code: 'registration_unavailable',
    });
    expect(decideRegistration('pre-registered only', true)).toEqual({ kind: 'needs_expected_visit' });
    expect(decideRegistration('registration not required', false)).toEqual({ kind: 'no_registration' });
  });
  it('allows at most one "registration not required" type per journey', () => {
    expect(registrationNotRequiredOk(['registration allowed', 'registration not required'])).toBe(true);
    expect(registrationNotRequiredOk(['registration not required', 'registration not required'])).toBe(false);
  });
  it('every method has a decision', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REGISTRATION_METHODS), fc.boolean(), (m, e) => {
        expect(decideRegistration(m, e).kind).toBeTruthy();
      }),
    );
  });
});

describe('visit stage', () => {
  it('derives the seven stages', () => {
    expect(visitStage({ compliance: null, approvalRequired: false, adminDecision: null })).toBe('compliance pending');
    expect(visitStage({ compliance: 'failed', approvalRequired: false, adminDecision: null })).toBe(
      'compliance failed',
    );
    expect(visitStage({ compliance: 'passed', approvalRequired: false, adminDecision: null })).toBe('ready to sign in');
    expect(visitStage({ compliance: 'not_required', approvalRequired: true, adminDecision: null })).toBe(
      'waiting for admin approval',
    );
    expect(visitStage({ compliance: 'wrong_explained', approvalRequired: false, adminDecision: null })).toBe(
      'waiting for admin approval (compliance failed)',
    );
    expect(visitStage({ compliance: 'passed', approvalRequired: true, adminDecision: 'rejected' })).toBe(
      'rejected by admin',
    );
    expect(visitStage({ compliance: 'wrong_explained', approvalRequired: true, adminDecision: 'approved' })).toBe(
      'approved by admin',
    );
  });
  it('only ready or approved visits sign in', () => {
    expect(stageSignsIn('ready to sign in')).toBe(true);
    expect(stageSignsIn('waiting for admin approval')).toBe(false);
  });
  it('holds a visit whose required certificate is missing, and fails one with a positive test', () => {
    const base = { compliance: 'passed', approvalRequired: false, adminDecision: null } as const;
    expect(visitStage({ ...base, document: 'held' })).toBe('waiting for admin approval');
    expect(visitStage({ ...base, document: 'refused' })).toBe('compliance failed');
    expect(visitStage({ ...base, document: 'ok' })).toBe('ready to sign in');
    // A positive test is not something an explained answer can wave through.
    expect(visitStage({ ...base, compliance: 'wrong_explained', document: 'refused' })).toBe('compliance failed');
    expect(visitStage({ ...base, document: 'held', adminDecision: 'approved' })).toBe('approved by admin');
  });
  it('decides only a waiting visit: approved goes in, refused stays out, a decided one is refused', () => {
    expect(decideVisit('waiting for admin approval', 'approved')).toEqual({
      ok: true,
      stage: 'approved by admin',
      signsIn: true,
    });
    expect(decideVisit('waiting for admin approval (compliance failed)', 'rejected')).toEqual({
      ok: true,
      stage: 'rejected by admin',
      signsIn: false,
    });
    for (const stage of ['approved by admin', 'rejected by admin', 'ready to sign in', 'compliance failed'])
      expect(decideVisit(stage, 'approved')).toEqual({ ok: false, code: 'visit_decided' });
  });
});

describe('flow settings', () => {
  it('fills defaults and lists requested outputs', () => {
    const s = readFlowSettings({ print_badge: true, door_relay: true });
    expect(s.temperature_threshold).toBe(37.5);
    expect(requestedOutputs(s)).toEqual(['print_badge', 'door_relay']);
  });
});
