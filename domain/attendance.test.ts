import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hhmmOf, judgeAttendance, localMoment, minutesOf } from './attendance';
import { modeRuleErrors, reasonRuleErrors, type ModeInput, type ReasonInput } from './attendance-schemas';
import type { AttendanceMode, Reason } from './reasons';

const reason = (id: string, type: Reason['type'], start: number, end: number, code = `C-${id}`): Reason => ({
  id,
  name: id,
  type,
  attendanceCode: code,
  startMinutes: start,
  endMinutes: end,
  durationMinutes: 30,
  presented: 'A reason text of twenty characters',
});
const mode = (reasons: Reason[]): AttendanceMode => ({
  id: 'm',
  name: 'Office',
  startMinutes: 9 * 60,
  endMinutes: 17 * 60,
  lateGraceMinutes: 15,
  earlyGraceMinutes: 10,
  workingDays: [1, 2, 3, 4, 5],
  attendanceCode: 'PRESENT',
  reasons,
});
// Thursday 15 January 2026, in UTC.
const at = (h: number, m = 0) => Date.UTC(2026, 0, 15, h, m);

describe('localMoment', () => {
  it("reads the instant on the site's clock", () => {
    expect(localMoment(at(5, 30), 'Asia/Dubai')).toEqual({ minutes: 9 * 60 + 30, weekday: 4 });
    expect(localMoment(at(2), 'America/New_York')).toEqual({ minutes: 21 * 60, weekday: 3 });
    expect(localMoment(at(2), 'Not/AZone')).toEqual({ minutes: 120, weekday: 4 });
  });
  it('round-trips HH:mm', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1439 }), (m) => minutesOf(hhmmOf(m)) === m));
  });
});

describe('judgeAttendance', () => {
  const late = reason('bus', 'late_sign_in', 9 * 60 + 15, 11 * 60);
  const lateAfternoon = reason('doctor', 'late_sign_in', 11 * 60, 17 * 60);
  const early1 = reason('family', 'early_sign_out', 12 * 60, 17 * 60);
  const early2 = reason('sick', 'early_sign_out', 9 * 60, 12 * 60);

  it('preselects the one late reason whose range holds the time; stores its code', () => {
    const v = judgeAttendance(mode([late, lateAfternoon]), {
      action: 'in',
      signedIn: false,
      at: at(10),
      timeZone: 'UTC',
    });
    expect(v.choice).toEqual({ kind: 'preselected', reason: late });
    expect(v).toMatchObject({ situation: 'late_sign_in', attendanceCode: 'C-bus' });
  });
  it('is on time within the grace, and off on a weekend: the on-time code, then none', () => {
    const onTime = judgeAttendance(mode([late]), { action: 'in', signedIn: false, at: at(9, 15), timeZone: 'UTC' });
    expect(onTime).toMatchObject({ situation: null, attendanceCode: 'PRESENT', reason: null });
    const saturday = judgeAttendance(mode([late]), {
      action: 'in',
      signedIn: false,
      at: Date.UTC(2026, 0, 17, 12),
      timeZone: 'UTC',
    });
    expect(saturday).toMatchObject({ situation: null, attendanceCode: null });
  });
  it('offers several early reasons and keeps the pick only if it is one of them', () => {
    const m = mode([
      { ...early1, startMinutes: null, endMinutes: null },
      { ...early2, startMinutes: null, endMinutes: null },
    ]);
    const base = { action: 'out' as const, signedIn: true, at: at(14), timeZone: 'UTC' };
    expect(judgeAttendance(m, base).choice.kind).toBe('choose');
    expect(judgeAttendance(m, { ...base, reasonId: 'sick' })).toMatchObject({ attendanceCode: 'C-sick' });
    expect(judgeAttendance(m, { ...base, reasonId: 'other' })).toMatchObject({
      reason: null,
      attendanceCode: 'PRESENT',
    });
  });
  it('falls back to the mode code when no reason of the type exists; never asks the signed-in to explain lateness', () => {
    expect(judgeAttendance(mode([]), { action: 'in', signedIn: false, at: at(10), timeZone: 'UTC' })).toMatchObject({
      situation: 'late_sign_in',
      choice: { kind: 'code', attendanceCode: 'PRESENT' },
    });
    expect(
      judgeAttendance(mode([late]), { action: 'in', signedIn: true, at: at(10), timeZone: 'UTC' }).choice.kind,
    ).toBe('none');
  });
});

describe('rules', () => {
  const input = (patch: Partial<ReasonInput>): ReasonInput => ({
    attendanceModeId: 'm',
    name: 'New',
    type: 'late_sign_in',
    durationMinutes: 10,
    startTime: '09:30',
    endTime: '10:00',
    attendanceCode: 'X',
    presented: 'A reason text of twenty characters',
    ...patch,
  });
  const existing = [reason('Bus', 'late_sign_in', 10 * 60, 11 * 60)];
  it('keeps a reason inside the mode, apart from its type, and its name unique', () => {
    const m = mode(existing);
    expect(reasonRuleErrors(input({}), m, existing)).toEqual({});
    expect(reasonRuleErrors(input({ startTime: '08:00' }), m, existing).startTime).toEqual([
      'attendance.validation.outside_mode',
    ]);
    expect(reasonRuleErrors(input({ endTime: '10:30' }), m, existing).startTime).toEqual([
      'attendance.validation.overlap',
    ]);
    expect(reasonRuleErrors(input({ endTime: '10:30', type: 'early_sign_out' }), m, existing)).toEqual({});
    expect(reasonRuleErrors(input({ name: 'bus ' }), m, existing).name).toEqual(['attendance.validation.name_taken']);
  });
  it('wants a mode to end after it starts', () => {
    const m = { startTime: '10:00', endTime: '09:00' } as ModeInput;
    expect(modeRuleErrors(m).endTime).toEqual(['attendance.validation.end_after_start']);
  });
});
