// The timesheet's and time report's filters live in the URL (a reload or a shared link keeps
// them). Dates are the range's days; the browser's time zone goes with every request.
import { FIRST_PAGE } from '../../../../domain/constants';
import { timeZone } from './history-params';

export interface TimesheetParams {
  from?: string;
  to?: string;
  site?: string;
  userType?: string;
  person?: string;
  page: number;
}

const FILTER_KEYS = ['from', 'to', 'site', 'userType', 'person'] as const;

export function timesheetParamsFrom(search: URLSearchParams): TimesheetParams {
  const get = (k: string) => search.get(k) || undefined;
  const page = Number(get('page') ?? FIRST_PAGE);
  return {
    from: get('from'),
    to: get('to'),
    site: get('site'),
    userType: get('userType'),
    person: get('person'),
    page: Number.isInteger(page) && page > 0 ? page : FIRST_PAGE,
  };
}

export function timesheetSearchOf(p: TimesheetParams): string {
  const out = new URLSearchParams();
  for (const k of FILTER_KEYS) if (p[k]) out.set(k, p[k]);
  if (p.page !== FIRST_PAGE) out.set('page', String(p.page));
  return out.toString();
}

/** The filters an export takes (without the page), with the browser's time zone. */
export function timesheetFiltersOf(p: TimesheetParams): Record<string, string> {
  const out: Record<string, string> = { tz: timeZone() };
  for (const k of FILTER_KEYS) if (p[k]) out[k] = p[k];
  return out;
}

/** "7:30" in the language's digits (hours can pass 24 in a week's total). */
export function hoursIn(minutes: number, lang: string): string {
  const f = new Intl.NumberFormat(lang, { useGrouping: false });
  const two = new Intl.NumberFormat(lang, { minimumIntegerDigits: 2, useGrouping: false });
  const m = Math.abs(Math.round(minutes));
  return `${minutes < 0 ? '−' : ''}${f.format(Math.floor(m / 60))}:${two.format(m % 60)}`;
}
