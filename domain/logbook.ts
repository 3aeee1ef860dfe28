// The live logbook's rules (spec 1 §4 visit statuses): a visit is a sign-in event plus the
// person's next event when that is a sign-out. "Auto" events are marked `details.auto === true`
// (the area's auto sign-out job, or a kiosk that signs people in without them). The server
// computes the same rows in SQL; this pure version serves the device's local first render.
import { comparePresence } from './presence';
import { celsius, inUnit } from './temperature';

export const VISIT_STATUSES = ['signed_in', 'signed_out', 'auto_signed_in', 'auto_signed_out'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

export const LOGBOOK_SORTS = ['timeIn', 'timeOut', 'name', 'userType', 'site', 'area', 'status'] as const;
export type LogbookSort = (typeof LOGBOOK_SORTS)[number];

export interface LogbookEvent {
  id: string;
  personId: string;
  kind: 'in' | 'out';
  areaId: string | null;
  at: number;
  userTypeId?: string | null;
  details?: Record<string, unknown> | null;
}

export interface LogbookRow {
  id: string;
  personId: string;
  fullName: string;
  userTypeId: string | null;
  userTypeName: string | null;
  siteId: string | null;
  siteName: string | null;
  areaId: string | null;
  areaName: string | null;
  timeIn: number;
  timeOut: number | null;
  status: VisitStatus;
  host: string | null;
  stage: string | null;
  checks: LogbookChecks | null;
  pending?: boolean;
}

export interface LogbookFilter {
  siteId?: string;
  areaId?: string;
  userTypeId?: string;
  status?: VisitStatus;
  search?: string;
  sort?: LogbookSort;
  order?: 'asc' | 'desc';
  page?: number;
  limit?: number;
}

export interface LogbookLookups {
  person(id: string): { fullName: string; userTypeId?: string | null } | undefined;
  area(id: string): { name: string; siteId?: string | null } | undefined;
  site(id: string): { name: string } | undefined;
  userType(id: string): { name: string } | undefined;
}

const isAuto = (details: unknown): boolean =>
  Boolean(details && typeof details === 'object' && (details as { auto?: unknown }).auto === true);

export function statusOf(inDetails: unknown, out: { details?: unknown } | null): VisitStatus {
  if (out) return isAuto(out.details) ? 'auto_signed_out' : 'signed_out';
  return isAuto(inDetails) ? 'auto_signed_in' : 'signed_in';
}

function nameOf(value: unknown): string | null {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const named = o.fullName ?? o.full_name ?? o.name ?? o.status;
    if (typeof named === 'string') return named;
  }
  return null;
}

/** Reads the kiosk journey's details defensively: other features own their shape. */
export function detailText(details: unknown, key: 'host' | 'stage'): string | null {
  if (!details || typeof details !== 'object') return null;
  const value = (details as Record<string, unknown>)[key];
  if (value == null) return null;
  if (Array.isArray(value)) return value.map(nameOf).filter(Boolean).join(', ') || null;
  return nameOf(value);
}

/** What the journey's checks recorded: a reading in the unit it was taken in, and the mask
 * answer. Codes, not words: the UI and the exports translate them (formatChecks). */
export interface LogbookChecks {
  temperature?: { value: number; unit: 'c' | 'f' };
  mask?: boolean;
}

/** {value, unit}, the kiosk's {celsius, unit} or a bare number (°C) under `checks` or beside the stage. */
export function checksOf(details: unknown): LogbookChecks | null {
  if (!details || typeof details !== 'object') return null;
  const d = details as Record<string, unknown>;
  const o = (d.checks && typeof d.checks === 'object' ? d.checks : d) as Record<string, unknown>;
  const out: LogbookChecks = {};
  const temp = o.temperature as { value?: unknown; celsius?: unknown; unit?: unknown } | number | undefined;
  if (typeof temp === 'number') out.temperature = { value: temp, unit: 'c' };
  else if (temp && typeof temp === 'object') {
    const unit = temp.unit === 'f' || temp.unit === 'F' ? 'f' : 'c';
    const value =
      typeof temp.value === 'number'
        ? temp.value
        : typeof temp.celsius === 'number'
          ? inUnit(celsius(temp.celsius), unit)
          : null;
    if (value !== null) out.temperature = { value, unit };
  }
  if (typeof o.mask === 'boolean' || typeof o.mask === 'number') out.mask = Boolean(o.mask);
  return out.temperature || out.mask !== undefined ? out : null;
}

/** "Temperature 36.6 °C · Mask" in the reader's language; `t` is i18next's (keys under visitChecks). */
export function formatChecks(
  c: LogbookChecks | null,
  t: (key: string, params?: Record<string, unknown>) => string,
): string | null {
  if (!c) return null;
  const parts: string[] = [];
  if (c.temperature) parts.push(t(`visitChecks.temperature_${c.temperature.unit}`, { value: c.temperature.value }));
  if (c.mask !== undefined) parts.push(t(c.mask ? 'visitChecks.mask' : 'visitChecks.noMask'));
  return parts.join(' · ') || null;
}

/** The people a visit names as its host: the kiosk journey records their ids (`hostIds`). */
export function hostIdsOf(details: unknown): string[] {
  if (!details || typeof details !== 'object') return [];
  const ids = (details as { hostIds?: unknown }).hostIds;
  return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
}

/** The host column: a recorded name, else the names of the recorded host ids. */
export function hostText(details: unknown, nameOf: (id: string) => string | undefined): string | null {
  return (
    detailText(details, 'host') ??
    (hostIdsOf(details)
      .map(nameOf)
      .filter((x): x is string => Boolean(x))
      .join(', ') ||
      null)
  );
}

/** Pairs each sign-in of `ins` with the person's next event in `all`, if that is a sign-out. */
export function visitsFrom(
  all: readonly LogbookEvent[],
  lookups: LogbookLookups,
  range: { from: number; to: number },
  pendingIds?: ReadonlySet<string>,
): LogbookRow[] {
  const byPerson = new Map<string, LogbookEvent[]>();
  for (const e of all) {
    const list = byPerson.get(e.personId);
    if (list) list.push(e);
    else byPerson.set(e.personId, [e]);
  }
  const rows: LogbookRow[] = [];
  for (const list of byPerson.values()) {
    list.sort((a, b) => comparePresence(a as never, b as never));
    list.forEach((e, i) => {
      if (e.kind !== 'in' || e.at < range.from || e.at >= range.to) return;
      const next = list[i + 1];
      const out = next && next.kind === 'out' ? next : null;
      const person = lookups.person(e.personId);
      const area = e.areaId ? lookups.area(e.areaId) : undefined;
      const siteId = area?.siteId ?? null;
      const userTypeId = e.userTypeId ?? person?.userTypeId ?? null;
      rows.push({
        id: e.id,
        personId: e.personId,
        fullName: person?.fullName ?? '',
        userTypeId,
        userTypeName: userTypeId ? (lookups.userType(userTypeId)?.name ?? null) : null,
        siteId,
        siteName: siteId ? (lookups.site(siteId)?.name ?? null) : null,
        areaId: e.areaId,
        areaName: area?.name ?? null,
        timeIn: e.at,
        timeOut: out?.at ?? null,
        status: statusOf(e.details, out),
        host: hostText(e.details, (id) => lookups.person(id)?.fullName),
        stage: detailText(e.details, 'stage'),
        checks: checksOf(e.details),
        pending: Boolean(pendingIds && (pendingIds.has(e.id) || (out && pendingIds.has(out.id)))),
      });
    });
  }
  return rows;
}

const sortKey = (r: LogbookRow, sort: LogbookSort): string | number => {
  switch (sort) {
    case 'timeOut':
      return r.timeOut ?? Number.MAX_SAFE_INTEGER;
    case 'name':
      return r.fullName.toLocaleLowerCase();
    case 'userType':
      return (r.userTypeName ?? '').toLocaleLowerCase();
    case 'site':
      return (r.siteName ?? '').toLocaleLowerCase();
    case 'area':
      return (r.areaName ?? '').toLocaleLowerCase();
    case 'status':
      return r.status;
    default:
      return r.timeIn;
  }
};

export function matches(r: LogbookRow, f: LogbookFilter): boolean {
  if (f.siteId && r.siteId !== f.siteId) return false;
  if (f.areaId && r.areaId !== f.areaId) return false;
  if (f.userTypeId && r.userTypeId !== f.userTypeId) return false;
  if (f.status && r.status !== f.status) return false;
  const needle = f.search?.trim().toLocaleLowerCase();
  return !needle || r.fullName.toLocaleLowerCase().includes(needle);
}

/** Filters, sorts (ties by sign-in id) and pages; the default is newest sign-in first. */
export function pageOf(rows: readonly LogbookRow[], f: LogbookFilter): { data: LogbookRow[]; count: number } {
  const sort = f.sort ?? 'timeIn';
  const dir = (f.order ?? (sort === 'timeIn' ? 'desc' : 'asc')) === 'asc' ? 1 : -1;
  const kept = rows
    .filter((r) => matches(r, f))
    .sort((a, b) => {
      const x = sortKey(a, sort);
      const y = sortKey(b, sort);
      return (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * dir;
    });
  const limit = f.limit ?? 10;
  const start = ((f.page ?? 1) - 1) * limit;
  return { data: kept.slice(start, start + limit), count: kept.length };
}

export interface DailyCounts {
  total: number;
  onSite: number;
  byUserType: Array<{ id: string | null; name: string | null; count: number }>;
  bySite: Array<{ id: string | null; name: string | null; count: number }>;
}

export function countsOf(rows: readonly LogbookRow[]): DailyCounts {
  const group = (key: (r: LogbookRow) => [string | null, string | null]) => {
    const m = new Map<string | null, { id: string | null; name: string | null; count: number }>();
    for (const r of rows) {
      const [id, name] = key(r);
      const g = m.get(id) ?? { id, name, count: 0 };
      g.count++;
      m.set(id, g);
    }
    return [...m.values()].sort((a, b) => b.count - a.count || String(a.name).localeCompare(String(b.name)));
  };
  return {
    total: rows.length,
    onSite: rows.filter((r) => r.status === 'signed_in' || r.status === 'auto_signed_in').length,
    byUserType: group((r) => [r.userTypeId, r.userTypeName]),
    bySite: group((r) => [r.siteId, r.siteName]),
  };
}
