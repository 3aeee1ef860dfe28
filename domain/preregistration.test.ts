import { describe, expect, it } from 'vitest';
import {
  expiryMessageCode,
  formatVisitDate,
  formatVisitTime,
  isVisitInPast,
  linkExpiredPath,
  linkStateOf,
  normaliseVisitTime,
  parseLinkExpiredQuery,
  photoProblems,
  isPhotoRequired,
  reasonCodeOf,
  to24HourTime,
  visitInstant,
} from './preregistration';
import {
  canApply,
  decisionOutcome,
  initialStatusFor,
  qrWindowOf,
  visitMetadataOf,
  type VisitFacts,
} from './preregistration-visit';

describe('link states (spec 2 §4)', () => {
  it('expired wins over confirmed; confirmed applies only to the pre-registration link', () => {
    expect(linkStateOf({ is_expired: true, reason: 'VISIT_DELETED', is_confirmed: true }, 'preregistration')).toEqual({
      kind: 'expired',
      reason: 'VISIT_DELETED',
    });
    expect(linkStateOf({ is_expired: false, is_confirmed: true }, 'preregistration')).toEqual({ kind: 'confirmed' });
    expect(linkStateOf({ is_expired: false, is_confirmed: true }, 'compliance')).toEqual({ kind: 'open' });
    expect(linkStateOf({ is_expired: false, is_confirmed: false }, 'preregistration')).toEqual({ kind: 'open' });
  });

  it('maps every reason as DESIGN ruling 4 says', () => {
    expect(reasonCodeOf('VISIT_REJECTED')).toBe('not_approved');
    expect(reasonCodeOf('VISIT_DELETED')).toBe('deleted');
    expect(reasonCodeOf('VISIT_EXPIRED')).toBe('missed');
    expect(reasonCodeOf('SCAN_EXPIRED')).toBe('missed');
    expect(reasonCodeOf('ARRIVED')).toBe('arrived');
    expect(reasonCodeOf(undefined)).toBe('arrived');
  });

  it('chooses the message for each link and case', () => {
    expect(expiryMessageCode({ link: 'preregistration', reason: 'VISIT_REJECTED' })).toBe(
      'preregistration.not_approved',
    );
    expect(expiryMessageCode({ link: 'preregistration', reason: 'SCAN_EXPIRED' })).toBe('preregistration.missed');
    expect(expiryMessageCode({ link: 'preregistration' })).toBe('preregistration.fallback');
    expect(expiryMessageCode({ link: 'preregistration', reason: 'OTHER' })).toBe('preregistration.arrived');
    expect(expiryMessageCode({ link: 'preregistration', confirmed: true })).toBe('preregistration.confirmed');
    expect(expiryMessageCode({ link: 'compliance', reason: 'VISIT_DELETED' })).toBe('compliance.deleted');
    expect(expiryMessageCode({ link: 'compliance', reason: 'OTHER' })).toBe('compliance.arrived');
    expect(expiryMessageCode({ link: 'compliance' })).toBe('compliance.fallback');
    expect(expiryMessageCode({ link: 'compliance', message: 'Err' })).toBe('err');
  });

  it('round-trips the /link-expired query', () => {
    const path = linkExpiredPath('compliance', { kind: 'expired', reason: 'VISIT_REJECTED' }, true);
    expect(path).toBe('/link-expired?link=compliance&reason=VISIT_REJECTED&userHasPassport=true');
    const q = new URLSearchParams(path.split('?')[1]);
    expect(expiryMessageCode(parseLinkExpiredQuery((k) => q.get(k)))).toBe('compliance.not_approved');
    expect(linkExpiredPath('preregistration', { kind: 'failed' })).toBe('/link-expired?message=Err');
    expect(linkExpiredPath('preregistration', { kind: 'confirmed' })).toBe('/link-expired?confirmed=true');
  });
});

describe('dates and times (spec 2 §5)', () => {
  it('formats YYYY-MM-DD and HH:mm:ss', () => {
    expect(formatVisitDate({ year: 2026, month: 3, day: 7 })).toBe('2026-03-07');
    expect(formatVisitTime({ hour: 9, minute: 5 })).toBe('09:05:00');
  });
  it('converts 12-hour h:mm A times', () => {
    expect(to24HourTime('3:05 PM')).toBe('15:05:00');
    expect(to24HourTime('12:00 AM')).toBe('00:00:00');
    expect(to24HourTime('12:30 pm')).toBe('12:30:00');
    expect(to24HourTime('13:00 PM')).toBeNull();
    expect(normaliseVisitTime('09:30')).toBe('09:30:00');
    expect(normaliseVisitTime('25:00:00')).toBeNull();
  });
  it('computes the instant with the visitor offset and refuses the past', () => {
    expect(visitInstant('2026-01-15', '10:00:00', 0)).toBe(Date.UTC(2026, 0, 15, 10));
    expect(visitInstant('2026-01-15', '10:00:00', -60)).toBe(Date.UTC(2026, 0, 15, 9));
    expect(visitInstant('2026-02-30', '10:00:00')).toBeNull();
    const now = Date.UTC(2026, 0, 15, 9, 30, 20);
    expect(isVisitInPast(Date.UTC(2026, 0, 15, 9, 30), now)).toBe(false);
    expect(isVisitInPast(Date.UTC(2026, 0, 15, 9, 29), now)).toBe(true);
  });
});

describe('photo rules (spec 1 §5)', () => {
  it('accepts the edges and refuses outside them', () => {
    expect(photoProblems({ type: 'png', bytes: 3 * 1024 * 1024, width: 250, height: 300 })).toEqual([]);
    expect(photoProblems({ type: 'jpeg', bytes: 1000, width: 4096, height: 2688 })).toEqual([]);
    expect(photoProblems({ type: 'png', bytes: 3 * 1024 * 1024 + 1, width: 249, height: 300 })).toEqual([
      'photo_too_large',
      'photo_dimensions',
    ]);
    expect(photoProblems({ type: 'gif', bytes: 10, width: 300, height: 300 })).toEqual(['photo_type']);
    expect(photoProblems({ type: 'png', bytes: 10, width: 300, height: 2689 })).toEqual(['photo_dimensions']);
  });
  it('is required only when the flow asks and none is stored', () => {
    expect(isPhotoRequired({ is_image_required: 1 }, null)).toBe(true);
    expect(isPhotoRequired({ is_image_required: 1 }, '/photo')).toBe(false);
    expect(isPhotoRequired({ is_image_required: 0 }, null)).toBe(false);
  });
});

describe('visit life', () => {
  const base: VisitFacts = {
    status: 'approved',
    deletedAt: null,
    visitAt: 1_000_000_000,
    graceMinutes: 30,
    confirmedAt: null,
    arrivedAt: null,
  };
  it('gives the reason a link expired', () => {
    expect(visitMetadataOf({ ...base, status: 'rejected' }, 0)).toMatchObject({
      is_expired: true,
      reason: 'VISIT_REJECTED',
    });
    expect(visitMetadataOf({ ...base, deletedAt: 5 }, 0)).toMatchObject({ is_expired: true, reason: 'VISIT_DELETED' });
    expect(visitMetadataOf(base, base.visitAt + 31 * 60_000)).toMatchObject({
      is_expired: true,
      reason: 'VISIT_EXPIRED',
    });
    expect(visitMetadataOf({ ...base, arrivedAt: 3 }, 0)).toMatchObject({ is_expired: true, reason: 'ARRIVED' });
    expect(visitMetadataOf({ ...base, confirmedAt: 3 }, base.visitAt)).toEqual({
      is_expired: false,
      reason: null,
      is_confirmed: true,
    });
  });
  it('allows each approval action only from its state', () => {
    expect(canApply('approve-visit', 'pending')).toBe(true);
    expect(canApply('approve-rejected-visit', 'pending')).toBe(false);
    expect(canApply('reject-approved-visit', 'approved')).toBe(true);
    expect(decisionOutcome('approve', 'approved')).toBe('noop');
    expect(decisionOutcome('reject', 'approved')).toBe('apply');
  });
  it('starts a self-registered visit by registration method', () => {
    expect(initialStatusFor('registration allowed')).toBe('expected');
    expect(initialStatusFor('pre-registration with approval required')).toBe('pending');
    expect(initialStatusFor('pre-registered by admin')).toBeNull();
  });
  it('gives the QR a window with at least 30 minutes of grace', () => {
    expect(qrWindowOf(0, 10)).toEqual({ nbf: -12 * 3600_000, exp: 30 * 60_000 });
  });
});
