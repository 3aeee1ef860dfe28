// The attendance screens' words and form: day names in the admin's language, and what the mode
// form refuses before anything is sent (the server's schema, run on the form's own payload).
import { describe, expect, it } from 'vitest';
import { modeInput, modeRuleErrors } from '../../../domain/attendance-schemas';
import { parse } from '../../../domain/validation';
import { weekdayName } from './weekday-names';

describe('weekday names', () => {
  it('name ISO weekdays from Monday (1) to Sunday (7) in the page’s language', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((d) => weekdayName(d, 'en'))).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    expect(weekdayName(1, 'es')).toMatch(/^lun/);
    expect(weekdayName(5, 'ar')).toBe('الجمعة');
  });
});

describe('the attendance mode form', () => {
  // The payload as mode-form-page.tsx builds it: a blank number input becomes NaN.
  const payload = (patch: Record<string, unknown> = {}) => ({
    name: 'Office hours',
    workingDays: [1, 2, 3, 4, 5],
    startTime: '09:00',
    endTime: '17:00',
    lateGraceMinutes: 15,
    earlyGraceMinutes: 15,
    attendanceCode: 'LATE',
    integration: null,
    ...patch,
  });
  const errorsOf = (p: unknown) => {
    const r = parse(modeInput, p);
    return r.ok ? modeRuleErrors(r.value) : r.errors;
  };

  it('accepts a complete mode', () => {
    expect(errorsOf(payload())).toEqual({});
  });

  it('refuses a blank grace period, no working days, and an end before the start', () => {
    expect(errorsOf(payload({ lateGraceMinutes: Number.NaN })).lateGraceMinutes).toEqual([
      'attendance.validation.number',
    ]);
    expect(errorsOf(payload({ workingDays: [] })).workingDays).toEqual(['attendance.validation.days']);
    expect(errorsOf(payload({ startTime: '17:00', endTime: '09:00' })).endTime).toEqual([
      'attendance.validation.end_after_start',
    ]);
  });

  it('refuses a name of only spaces and a time that is not HH:mm', () => {
    expect(errorsOf(payload({ name: '   ' })).name).toEqual(['attendance.validation.required']);
    expect(errorsOf(payload({ startTime: '9:00' })).startTime).toEqual(['attendance.validation.time']);
  });
});
