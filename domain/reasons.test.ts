import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attendanceSituation, selectReason, type AttendanceMode, type Reason } from './reasons';

const late = (id: string): Reason => ({ id, name: `Late ${id}`, type: 'late_sign_in' });
const early = (id: string): Reason => ({ id, name: `Early ${id}`, type: 'early_sign_out' });
const mode = (reasons: Reason[]): AttendanceMode => ({
  id: 'm',
  name: 'Office hours',
  startMinutes: 9 * 60,
  endMinutes: 17 * 60,
  lateGraceMinutes: 15,
  earlyGraceMinutes: 15,
  workingDays: [1, 2, 3, 4, 5],
  attendanceCode: 'PRESENT',
  reasons,
});

describe('reasons', () => {
  it('is late after start plus grace, on a working day only', () => {
    expect(attendanceSituation(mode([]), 'in', 9 * 60 + 16, 1)).toBe('late_sign_in');
    expect(attendanceSituation(mode([]), 'in', 9 * 60 + 15, 1)).toBeNull();
    expect(attendanceSituation(mode([]), 'in', 10 * 60, 6)).toBeNull();
    expect(attendanceSituation(mode([]), 'out', 16 * 60, 2)).toBe('early_sign_out');
  });
  it('preselects the only reason, offers several, falls back to the code', () => {
    expect(selectReason(mode([late('a'), early('b')]), 'late_sign_in', false)).toEqual({
      kind: 'preselected',
      reason: late('a'),
    });
    expect(selectReason(mode([late('a'), late('c')]), 'late_sign_in', false)).toEqual({
      kind: 'choose',
      reasons: [late('a'), late('c')],
    });
    expect(selectReason(mode([early('b')]), 'late_sign_in', false)).toEqual({
      kind: 'code',
      attendanceCode: 'PRESENT',
    });
  });
  it('a late reason never applies to someone signed in, an early one never to someone signed out', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(late('x'), early('y'))), fc.boolean(), (reasons, signedIn) => {
        const lateChoice = selectReason(mode(reasons), 'late_sign_in', signedIn);
        const earlyChoice = selectReason(mode(reasons), 'early_sign_out', signedIn);
        if (signedIn) expect(lateChoice.kind).toBe('none');
        else expect(earlyChoice.kind).toBe('none');
      }),
    );
  });
});
