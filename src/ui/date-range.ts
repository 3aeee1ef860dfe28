// The rules of a date-range filter, apart from its screen: reading what a person typed (one day
// or two, DD/MM/YYYY, in Latin or Arabic-Indic digits), the presets (weeks start on Monday) and
// the text a chosen range is shown as (the app's one date formatter).
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_PATTERN, FIRST_DAY_OF_WEEK, formatDate } from '../../domain/date-format';
import { latinDigits } from './typed-date';

dayjs.extend(customParseFormat);

/** Days as the API takes them (YYYY-MM-DD); no `from` is the page's default range. */
export interface DateRange {
  from?: string;
  to?: string;
}

export const DATE_RANGE_PRESETS = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'last30Days'] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

const ISO = 'YYYY-MM-DD';

function dayOf(text: string): string | null {
  for (const format of [DATE_PATTERN, 'D/M/YYYY', ISO]) {
    const d = dayjs(text, format, true);
    if (d.isValid()) return d.format(ISO);
  }
  return null;
}

/** What was typed: `{}` for nothing (the default range), the range, or null when it is no date. */
export function parseDateRange(input: string): DateRange | null {
  const text = latinDigits(input).trim();
  if (!text) return {};
  const days = text.match(/\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}/g);
  // Nothing but the days and a separator between them ("–", "-", "to", "a", "إلى"…).
  if (!days || days.length > 2) return null;
  const parsed = days.map((d) => dayOf(/^\d{4}-/.test(d) ? d : d.replace(/[.-]/g, '/')));
  if (parsed.some((d) => d === null)) return null;
  const [a, b = a] = parsed as string[];
  return a! <= b! ? { from: a, to: b } : { from: b, to: a };
}

/** The range a preset names, counted from `today` (the device's local day). */
export function presetRange(preset: DateRangePreset, today: Date): Required<DateRange> {
  const d = dayjs(today).startOf('day');
  // Days back to this week's Monday (FIRST_DAY_OF_WEEK), whatever dayjs's locale says.
  const weekStart = d.subtract((d.day() - FIRST_DAY_OF_WEEK + 7) % 7, 'day');
  const range = (from: dayjs.Dayjs, to: dayjs.Dayjs) => ({ from: from.format(ISO), to: to.format(ISO) });
  switch (preset) {
    case 'today':
      return range(d, d);
    case 'yesterday':
      return range(d.subtract(1, 'day'), d.subtract(1, 'day'));
    case 'thisWeek':
      return range(weekStart, d);
    case 'lastWeek':
      return range(weekStart.subtract(7, 'day'), weekStart.subtract(1, 'day'));
    case 'thisMonth':
      return range(d.startOf('month'), d);
    case 'last30Days':
      return range(d.subtract(29, 'day'), d);
  }
}

/** "DD/MM/YYYY – DD/MM/YYYY", or one day when the range is one day; '' for the default. */
export function formatDateRange(r: DateRange, lang: string): string {
  if (!r.from) return '';
  const to = r.to ?? r.from;
  return to === r.from ? formatDate(r.from, lang) : `${formatDate(r.from, lang)} – ${formatDate(to, lang)}`;
}
