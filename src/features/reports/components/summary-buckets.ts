// The chart's buckets: one per day, or one per week starting on Monday when the range is
// longer than two months (a year of days is too many bars to read).
import { FIRST_DAY_OF_WEEK } from '../../../../domain/date-format';

export interface SummaryRow {
  day: string;
  user_type_id: string | null;
  user_type_name: string | null;
  site_id: string | null;
  site_name: string | null;
  area_id: string | null;
  area_name: string | null;
  count: number;
}

const DAY_MS = 86_400_000;
const WEEKLY_AFTER_DAYS = 62;

/** The Monday (FIRST_DAY_OF_WEEK) on or before a YYYY-MM-DD day. */
export function weekStart(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const back = (new Date(t).getUTCDay() - FIRST_DAY_OF_WEEK + 7) % 7;
  return new Date(t - back * DAY_MS).toISOString().slice(0, 10);
}

export function bucketsOf(days: string[], rows: SummaryRow[], none: string) {
  const weekly = days.length > WEEKLY_AFTER_DAYS;
  const keyOf = (d: string) => (weekly ? weekStart(d) : d);
  const starts = [...new Set(days.map(keyOf))];
  const index = new Map(starts.map((s, i) => [s, i]));
  const series = new Map<string, { name: string; counts: number[] }>();
  for (const r of rows) {
    const id = r.user_type_id ?? '';
    const s = series.get(id) ?? { name: r.user_type_name ?? none, counts: starts.map(() => 0) };
    s.counts[index.get(keyOf(r.day)) ?? 0]! += r.count;
    series.set(id, s);
  }
  return { weekly, starts, series: [...series.values()].sort((a, b) => a.name.localeCompare(b.name)) };
}
