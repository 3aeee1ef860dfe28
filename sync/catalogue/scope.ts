// Which rows of a scoped table a device holds (issue 21): the pull asks this for each change it
// may send. The rules themselves are domain/sync-scope.ts; this maps a table's declared scope
// onto them. A row out of scope is left out of a first sync and sent as a delete afterwards
// (the device may hold an older copy of it, or its own optimistic one).
import {
  areaInScope,
  eventInScope,
  expectedVisitInScope,
  journeyInScope,
  type ScopeWindows,
} from '../../domain/sync-scope';
import { scopeMove } from '../../domain/sync-scope-change';
import type { RowScope } from './define';
import { isTableName, syncedTables, TABLE_NAMES } from './tables';

export const scopeOf = (table: string): RowScope | undefined =>
  isTableName(table) ? (syncedTables[table] as { scope?: RowScope }).scope : undefined;

/** The tables whose rows depend on a device's scope (a scope change re-reads only these). */
export const SCOPED_TABLES = TABLE_NAMES.filter((t) => scopeOf(t));

/** The field a table's rows are timed by, for tables whose window ages them out. */
export function timeFieldOf(table: string): string | null {
  const scope = scopeOf(table);
  if (scope?.kind === 'presence') return 'at';
  return scope?.kind === 'history' ? scope.time : null;
}

const timeOf = (data: Record<string, unknown>, field: string): number | null => {
  const at = data[field];
  return typeof at === 'number' ? at : null;
};

/** Whether a presence row needs to know if it is its person's latest (it is older than the window). */
export function needsLatest(table: string, data: Record<string, unknown> | null, w: ScopeWindows): boolean {
  if (scopeOf(table)?.kind !== 'presence' || !data) return false;
  const at = timeOf(data, 'at');
  return at !== null && at < w.historyFrom;
}

/**
 * Whether a put of `table` belongs to the device's scope. `latest` answers for presence rows
 * older than the window (is it its person's latest event?); `firstSync` is true for rows of the
 * device's first sync.
 */
export function rowInScope(
  table: string,
  data: Record<string, unknown> | null,
  w: ScopeWindows,
  latest: boolean,
  firstSync: boolean,
): boolean {
  const scope = scopeOf(table);
  if (!scope || !data) return true;
  if (scope.kind === 'upcoming')
    return expectedVisitInScope(timeOf(data, scope.time), w) && (!scope.area || areaInScope(data[scope.area], w));
  if (scope.kind === 'journey') return journeyInScope(data[scope.journey], w);
  if (scope.kind === 'history') {
    const at = timeOf(data, scope.time);
    return at === null || at >= w.historyFrom;
  }
  const at = timeOf(data, 'at');
  if (at === null) return true;
  return eventInScope({ at, kind: data.kind === 'in' ? 'in' : 'out' }, w.historyFrom, latest, firstSync);
}

/**
 * What a scope change sends for a row the device may hold: before, the rows a first sync under
 * the old scope gave, and a person's latest event a later pull may have added; after, what a
 * first sync under the new scope gives, and each person's latest event even when it is a
 * sign-out: the device may hold an older sign-in of that person (received while it was their
 * latest), which must never become their latest on the device. Rows older than both windows are
 * held alike by both.
 */
export function rescopeMove(
  table: string,
  data: Record<string, unknown> | null,
  before: ScopeWindows,
  after: ScopeWindows,
  latest: boolean,
): 'put' | 'del' | null {
  const surely = rowInScope(table, data, before, latest, true);
  const maybe = surely || rowInScope(table, data, before, latest, false);
  return scopeMove(surely ? true : maybe ? 'maybe' : false, rowInScope(table, data, after, latest, false));
}
