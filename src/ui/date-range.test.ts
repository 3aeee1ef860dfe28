import { describe, expect, it } from 'vitest';
import { formatDateRange, parseDateRange, presetRange } from './date-range';

describe('a date range typed, picked from a preset and shown', () => {
  it('reads one day or two, day first, in either order and in Arabic digits', () => {
    expect(parseDateRange('15/01/2026')).toEqual({ from: '2026-01-15', to: '2026-01-15' });
    expect(parseDateRange('01/01/2026 – 15/01/2026')).toEqual({ from: '2026-01-01', to: '2026-01-15' });
    expect(parseDateRange('15/01/2026-01/01/2026')).toEqual({ from: '2026-01-01', to: '2026-01-15' });
    expect(parseDateRange('1/2/2026 to 3.2.2026')).toEqual({ from: '2026-02-01', to: '2026-02-03' });
    expect(parseDateRange('١٥/٠١/٢٠٢٦')).toEqual({ from: '2026-01-15', to: '2026-01-15' });
    expect(parseDateRange('  ')).toEqual({});
  });

  it('refuses what is not a real day', () => {
    expect(parseDateRange('31/02/2026')).toBeNull();
    expect(parseDateRange('yesterday')).toBeNull();
    expect(parseDateRange('01/01/2026 02/01/2026 03/01/2026')).toBeNull();
  });

  it('counts weeks from Monday', () => {
    const wednesday = new Date(2026, 0, 14, 15);
    expect(presetRange('today', wednesday)).toEqual({ from: '2026-01-14', to: '2026-01-14' });
    expect(presetRange('yesterday', wednesday)).toEqual({ from: '2026-01-13', to: '2026-01-13' });
    expect(presetRange('thisWeek', wednesday)).toEqual({ from: '2026-01-12', to: '2026-01-14' });
    expect(presetRange('lastWeek', wednesday)).toEqual({ from: '2026-01-05', to: '2026-01-11' });
    expect(presetRange('thisWeek', new Date(2026, 0, 18))).toEqual({ from: '2026-01-12', to: '2026-01-18' });
    expect(presetRange('thisMonth', wednesday)).toEqual({ from: '2026-01-01', to: '2026-01-14' });
    expect(presetRange('last30Days', wednesday)).toEqual({ from: '2025-12-16', to: '2026-01-14' });
  });

  it('shows DD/MM/YYYY, one day once', () => {
    expect(formatDateRange({ from: '2026-01-01', to: '2026-01-15' }, 'en')).toBe('01/01/2026 – 15/01/2026');
    expect(formatDateRange({ from: '2026-01-15', to: '2026-01-15' }, 'en')).toBe('15/01/2026');
    expect(formatDateRange({}, 'en')).toBe('');
  });
});
