import { describe, expect, it } from 'vitest';
import { bucketsOf, weekStart } from './summary-buckets';

const row = (day: string, type: string, count: number) => ({
  day,
  user_type_id: type,
  user_type_name: type,
  site_id: null,
  site_name: null,
  area_id: null,
  area_name: null,
  count,
});

describe('summary chart buckets', () => {
  it('starts weeks on Monday', () => {
    expect(weekStart('2026-01-15')).toBe('2026-01-12'); // a Thursday
    expect(weekStart('2026-01-12')).toBe('2026-01-12'); // a Monday
    expect(weekStart('2026-01-18')).toBe('2026-01-12'); // a Sunday
  });

  it('keeps days for short ranges and stacks user types', () => {
    const b = bucketsOf(
      ['2026-01-10', '2026-01-11'],
      [row('2026-01-10', 'Staff', 2), row('2026-01-11', 'Visitor', 1)],
      '-',
    );
    expect(b.weekly).toBe(false);
    expect(b.series).toEqual([
      { name: 'Staff', counts: [2, 0] },
      { name: 'Visitor', counts: [0, 1] },
    ]);
  });

  it('groups a long range by week from Monday', () => {
    const days = Array.from({ length: 70 }, (_, i) =>
      new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
    );
    const b = bucketsOf(
      days,
      [row('2026-01-12', 'Staff', 1), row('2026-01-18', 'Staff', 2), row('2026-01-19', 'Staff', 4)],
      '-',
    );
    expect(b.weekly).toBe(true);
    expect(b.starts[0]).toBe('2025-12-29');
    expect(b.series[0]!.counts.slice(0, 4)).toEqual([0, 0, 3, 4]);
  });
});
