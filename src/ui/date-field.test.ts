import { describe, expect, it } from 'vitest';
import { displayDate, parseDisplayDate } from './date-field';

describe('dates typed and shown as DD/MM/YYYY', () => {
  it('reads a typed day first, and the API form, into YYYY-MM-DD', () => {
    expect(parseDisplayDate('31/03/2027')).toBe('2027-03-31');
    expect(parseDisplayDate(' 01/12/2026 ')).toBe('2026-12-01');
    expect(parseDisplayDate('2027-03-31')).toBe('2027-03-31');
  });

  it('refuses what is not a real day rather than guessing', () => {
    expect(parseDisplayDate('31/02/2027')).toBeNull();
    expect(parseDisplayDate('03/31/2027')).toBeNull();
    expect(parseDisplayDate('tomorrow')).toBeNull();
    expect(parseDisplayDate('')).toBeNull();
  });

  it('shows the API form day first and leaves anything else as it is', () => {
    expect(displayDate('2027-03-31')).toBe('31/03/2027');
    expect(displayDate('soon')).toBe('soon');
  });
});
