import { describe, expect, it } from 'vitest';
import { parseDisplayDate } from './date-field';
import { parseDisplayTime } from './time-field';

describe('times typed as 24-hour HH:mm', () => {
  it('reads a typed time, with or without its colon, into HH:mm', () => {
    expect(parseDisplayTime('14:30')).toBe('14:30');
    expect(parseDisplayTime(' 9:05 ')).toBe('09:05');
    expect(parseDisplayTime('1430')).toBe('14:30');
    expect(parseDisplayTime('23.59')).toBe('23:59');
    expect(parseDisplayTime('10:00:00')).toBe('10:00');
  });

  it('reads Arabic-Indic and Persian digits as the same time', () => {
    expect(parseDisplayTime('١٨:٤٥')).toBe('18:45');
    expect(parseDisplayTime('۰۷:۳۰')).toBe('07:30');
  });

  it('refuses what is not a time of day rather than guessing', () => {
    expect(parseDisplayTime('24:00')).toBeNull();
    expect(parseDisplayTime('12:60')).toBeNull();
    expect(parseDisplayTime('2:30 PM')).toBeNull();
    expect(parseDisplayTime('14')).toBeNull();
    expect(parseDisplayTime('')).toBeNull();
  });

  it('reads a day typed in Arabic-Indic digits as the same day', () => {
    expect(parseDisplayDate('٠٣/١٢/٢٠٢٦')).toBe('2026-12-03');
  });
});
