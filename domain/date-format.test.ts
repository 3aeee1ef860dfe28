import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDate, formatDateTime, formatDayMonth, formatTime } from './date-format';

// 3 February 2027, 14:05:09 local time: day and month differ, so MM/DD would show 02/03.
const AT = new Date(2027, 1, 3, 14, 5, 9).getTime();

describe('one date format for the whole app: DD/MM/YYYY, 24-hour time', () => {
  it('puts the day first in English, never the US month-first order', () => {
    expect(formatDate(AT, 'en')).toBe('03/02/2027');
    expect(formatDate(AT, 'en')).not.toBe(
      new Date(AT).toLocaleDateString('en-US', { day: '2-digit', month: '2-digit', year: 'numeric' }),
    );
    expect(formatDateTime(AT, 'en')).toBe('03/02/2027 14:05');
    expect(formatDateTime(AT, 'en', { seconds: true })).toBe('03/02/2027 14:05:09');
    expect(formatDateTime(AT, 'es')).toBe('03/02/2027 14:05');
    expect(formatDayMonth(AT, 'en')).toBe('03/02');
    expect(formatTime(AT, 'en')).toBe('14:05');
  });

  it('shows an API calendar day as written, not shifted by the time zone', () => {
    expect(formatDate('2027-03-31', 'en')).toBe('31/03/2027');
    expect(formatDate('2027-01-01', 'es')).toBe('01/01/2027');
  });

  it('keeps day-first order in Arabic, in the digits the language uses', () => {
    const n = (x: number, w: number) =>
      new Intl.NumberFormat('ar', { minimumIntegerDigits: w, useGrouping: false }).format(x);
    expect(formatDate(AT, 'ar')).toBe(`${n(3, 2)}/${n(2, 2)}/${n(2027, 4)}`);
    expect(formatTime(AT, 'ar')).toBe(`${n(14, 2)}:${n(5, 2)}`);
  });

  it('shows a missing instant as a dash', () => {
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatTime(undefined, 'en')).toBe('—');
  });

  it('reads back the same day, month and year for any instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1971, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true }), (d) => {
        const [day, month, year] = formatDate(d, 'en').split('/').map(Number);
        expect([day, month, year]).toEqual([d.getDate(), d.getMonth() + 1, d.getFullYear()]);
      }),
    );
  });
});
