// The history report's filters live in the URL (a reload or a shared link keeps them) and,
// as the admin's grid preference, on the server. This maps URL search params to a filter.
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../../../domain/constants';
import { VISIT_STATUSES, type VisitStatus } from '../../../../domain/logbook';
import { HISTORY_SORTS, type HistorySort } from '../../../../domain/schemas/reports';

export interface HistoryParams {
  from?: string;
  to?: string;
  site?: string;
  area?: string;
  userType?: string;
  person?: string;
  status?: VisitStatus;
  host?: string;
  stage?: string;
  checks?: 'with' | 'without';
  sort?: HistorySort;
  order?: 'asc' | 'desc';
  page: number;
  limit: number;
}

const FILTER_KEYS = ['from', 'to', 'site', 'area', 'userType', 'person', 'status', 'host', 'stage', 'checks'] as const;
const KEYS = [...FILTER_KEYS, 'sort', 'order', 'page', 'limit'] as const;
export const PAGE_SIZES = [10, 25, 50, 100];

export function paramsFrom(search: URLSearchParams): HistoryParams {
  const get = (k: string) => search.get(k) || undefined;
  const status = get('status');
  const sort = get('sort');
  const order = get('order');
  const checks = get('checks');
  const page = Number(get('page') ?? FIRST_PAGE);
  const limit = Number(get('limit') ?? DEFAULT_PAGE_SIZE);
  return {
    from: get('from'),
    to: get('to'),
    site: get('site'),
    area: get('area'),
    userType: get('userType'),
    person: get('person'),
    status: VISIT_STATUSES.includes(status as VisitStatus) ? (status as VisitStatus) : undefined,
    host: get('host'),
    stage: get('stage'),
    checks: checks === 'with' || checks === 'without' ? checks : undefined,
    sort: HISTORY_SORTS.includes(sort as HistorySort) ? (sort as HistorySort) : undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
    page: Number.isInteger(page) && page > 0 ? page : FIRST_PAGE,
    limit: PAGE_SIZES.includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}

/** Only the values that differ from the defaults, in a stable order. */
export function searchOf(p: HistoryParams): string {
  const out = new URLSearchParams();
  for (const k of KEYS) {
    const value = p[k];
    if (k === 'page' && value === FIRST_PAGE) continue;
    if (k === 'limit' && value === DEFAULT_PAGE_SIZE) continue;
    if (value !== undefined && value !== '') out.set(k, String(value));
  }
  return out.toString();
}

/** The filters an export takes (the page's, without paging), with the browser's time zone. */
export function filtersOf(p: HistoryParams): Record<string, string> {
  const out: Record<string, string> = { tz: timeZone() };
  for (const k of [...FILTER_KEYS, 'sort', 'order'] as const) {
    const value = p[k];
    if (value) out[k] = value;
  }
  return out;
}

export const timeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
