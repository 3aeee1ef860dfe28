// The logbook's filters live in the URL (so a reload or a shared link keeps them) and, as
// the admin's grid preference, on the server. This maps URL search params to a filter.
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../../../domain/constants';
import {
  LOGBOOK_SORTS,
  VISIT_STATUSES,
  type LogbookFilter,
  type LogbookSort,
  type VisitStatus,
} from '../../../../domain/logbook';

export interface LogbookParams extends LogbookFilter {
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

const KEYS = ['from', 'to', 'site', 'area', 'userType', 'status', 'search', 'sort', 'order', 'page', 'limit'] as const;

export function paramsFrom(search: URLSearchParams): LogbookParams {
  const get = (k: string) => search.get(k) || undefined;
  const status = get('status');
  const sort = get('sort');
  const order = get('order');
  const page = Number(get('page') ?? FIRST_PAGE);
  const limit = Number(get('limit') ?? DEFAULT_PAGE_SIZE);
  return {
    from: get('from'),
    to: get('to'),
    siteId: get('site'),
    areaId: get('area'),
    userTypeId: get('userType'),
    status: VISIT_STATUSES.includes(status as VisitStatus) ? (status as VisitStatus) : undefined,
    search: get('search'),
    sort: LOGBOOK_SORTS.includes(sort as LogbookSort) ? (sort as LogbookSort) : undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
    page: Number.isInteger(page) && page > 0 ? page : FIRST_PAGE,
    limit: [10, 25, 50, 100].includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}

/** Only the values that differ from the defaults, in a stable order. */
export function searchOf(p: LogbookParams): string {
  const out = new URLSearchParams();
  const values: Record<(typeof KEYS)[number], string | number | undefined> = {
    from: p.from,
    to: p.to,
    site: p.siteId,
    area: p.areaId,
    userType: p.userTypeId,
    status: p.status,
    search: p.search,
    sort: p.sort,
    order: p.order,
    page: p.page === FIRST_PAGE ? undefined : p.page,
    limit: p.limit === DEFAULT_PAGE_SIZE ? undefined : p.limit,
  };
  for (const k of KEYS) if (values[k] !== undefined && values[k] !== '') out.set(k, String(values[k]));
  return out.toString();
}

export function todayOf(now = Date.now()): string {
  const d = new Date(now);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Today's view (no range, or a range of just today) renders from the device's own data first. */
export function isToday(p: LogbookParams, now = Date.now()): boolean {
  const today = todayOf(now);
  return (!p.from || p.from === today) && (!p.to || p.to === today);
}

export const timeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
