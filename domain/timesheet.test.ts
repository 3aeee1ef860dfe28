// Timesheet answers worked out by hand: a 09:00–17:00 Monday–Friday mode, a late sign-in and an
// early sign-out with their reasons and codes, a night shift over midnight, and the two DST days
// of Europe/London (23 and 25 hours).
import { describe, expect, it } from 'vitest';
import type { AttendanceMode } from './reasons';
import {
  hoursText,
  localMidnight,
  splitAtMidnight,
  timesheetOf,
  weekOf,
  type AttendanceMark,
  type TimesheetVisit,
} from './timesheet';

const mode: AttendanceMode = {
  id: 'm1',
  name: 'Office',
  startMinutes: 9 * 60,
  endMinutes: 17 * 60,
  lateGraceMinutes: 5,
  earlyGraceMinutes: 5,
  workingDays: [1, 2, 3, 4, 5],
  attendanceCode: 'P',
  reasons: [],
};
const modes = new Map([[mode.id, mode]]);
const z = (s: string) => Date.parse(s);
const mark = (at: string, m: Partial<AttendanceMark> = {}): AttendanceMark => ({
  situation: null,
  reasonName: null,
  attendanceCode: 'P',
  modeId: 'm1',
  at: z(at),
  ...m,
});
let n = 0;
const visit = (
  tz: string,
  inAt: string,
  outAt: string | null,
  extra: Partial<TimesheetVisit> = {},
): TimesheetVisit => ({
  id: `v${++n}`,
  personId: 'p1',
  timeZone: tz,
  timeIn: z(inAt),
  timeOut: outAt ? z(outAt) : null,
  ...extra,
});
const NOW = z('2026-12-01T00:00:00Z');

describe('timesheet', () => {
  it('a late sign-in and an early sign-out keep their reasons and codes, against the mode’s 8 hours', () => {
    const late = mark('2026-03-02T09:30:00Z', {
      situation: 'late_sign_in',
      reasonName: 'Train delay',
      attendanceCode: 'L1',
    });
    const early = mark('2026-03-03T15:00:00Z', {
      situation: 'early_sign_out',
      reasonName: 'Doctor',
      attendanceCode: 'E1',
    });
    const sheet = timesheetOf(
      'p1',
      [
        visit('UTC', '2026-03-02T09:30:00Z', '2026-03-02T17:00:00Z', { in: late, out: mark('2026-03-02T17:00:00Z') }),
        visit('UTC', '2026-03-03T09:00:00Z', '2026-03-03T15:00:00Z', { in: mark('2026-03-03T09:00:00Z'), out: early }),
      ],
      modes,
      { from: '2026-03-01', to: '2026-03-31' },
      NOW,
    );
    expect(sheet.days.map((d) => [d.day, d.minutes, d.expectedMinutes])).toEqual([
      ['2026-03-02', 450, 480],
      ['2026-03-03', 360, 480],
    ]);
    expect(sheet.days[0]!.late?.reasonName).toBe('Train delay');
    expect(sheet.days[0]!.codes).toEqual(['L1', 'P']);
    expect(sheet.days[0]!.early).toBeNull();
    expect(sheet.days[1]!.early?.reasonName).toBe('Doctor');
    expect(sheet.days[1]!.codes).toEqual(['P', 'E1']);
    expect(sheet.weeks).toEqual([{ week: '2026-03-02', minutes: 810 }]);
    expect(sheet.totalMinutes).toBe(810);
  });

  it('splits a night shift at the site’s midnight, not UTC’s', () => {
    // Madrid is UTC+1 in January: 22:00 Friday to 06:00 Saturday local.
    const sheet = timesheetOf(
      'p1',
      [visit('Europe/Madrid', '2026-01-09T21:00:00Z', '2026-01-10T05:00:00Z', { in: mark('2026-01-09T21:00:00Z') })],
      modes,
      { from: '2026-01-01', to: '2026-01-31' },
      NOW,
    );
    expect(sheet.days.map((d) => [d.day, d.minutes, d.expectedMinutes, d.lastOut])).toEqual([
      ['2026-01-09', 120, 480, z('2026-01-09T23:00:00Z')],
      ['2026-01-10', 360, 0, z('2026-01-10T05:00:00Z')],
    ]);
    expect(sheet.weeks).toEqual([{ week: '2026-01-05', minutes: 480 }]);
  });

  it('counts 25 hours on the day clocks go back and 23 on the day they go forward', () => {
    // 22:00 BST Saturday 24 Oct to 06:00 GMT Sunday: 2 h, then 7 h (01:00 happens twice).
    const autumn = timesheetOf(
      'p1',
      [visit('Europe/London', '2026-10-24T21:00:00Z', '2026-10-25T06:00:00Z')],
      modes,
      { from: '2026-10-24', to: '2026-10-25' },
      NOW,
    );
    expect(autumn.days.map((d) => [d.day, d.minutes])).toEqual([
      ['2026-10-24', 120],
      ['2026-10-25', 420],
    ]);
    expect(autumn.totalMinutes).toBe(540);
    // 00:00 GMT to 03:00 BST on 29 March is 2 hours; that day ends at 23:00 UTC.
    expect(splitAtMidnight(z('2026-03-29T00:00:00Z'), z('2026-03-29T02:00:00Z'), 'Europe/London')).toEqual([
      { day: '2026-03-29', start: z('2026-03-29T00:00:00Z'), end: z('2026-03-29T02:00:00Z') },
    ]);
    expect(localMidnight('2026-03-30', 'Europe/London')).toBe(z('2026-03-29T23:00:00Z'));
    expect(localMidnight('2026-10-25', 'Europe/London')).toBe(z('2026-10-24T23:00:00Z'));
    expect(localMidnight('2026-10-26', 'Europe/London')).toBe(z('2026-10-26T00:00:00Z'));
  });

  it('leaves out days outside the range and counts a visit still open up to now', () => {
    const sheet = timesheetOf(
      'p1',
      [visit('UTC', '2026-05-31T22:00:00Z', '2026-06-01T02:00:00Z'), visit('UTC', '2026-06-02T08:00:00Z', null)],
      modes,
      { from: '2026-06-01', to: '2026-06-30' },
      z('2026-06-02T10:15:00Z'),
    );
    expect(sheet.days.map((d) => [d.day, d.minutes, d.open, d.expectedMinutes])).toEqual([
      ['2026-06-01', 120, false, null],
      ['2026-06-02', 135, true, null],
    ]);
  });

  it('weeks start on Monday; hours read as h:mm', () => {
    expect(weekOf('2026-03-08')).toBe('2026-03-02');
    expect(weekOf('2026-03-09')).toBe('2026-03-09');
    expect(hoursText(450)).toBe('7:30');
    expect(hoursText(2405)).toBe('40:05');
  });
});
