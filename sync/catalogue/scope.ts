// Which rows of a scoped table a device holds (issue 21): the pull asks this for each change it
// may send. The rules themselves are domain/sync-scope.ts; this maps a table's declared scope
// onto them. A row out of scope is left out of a first sync and sent as a delete afterwards
// (the device may hold an older copy of it, or its own optimistic one).
import { eventInScope, expectedVisitInScope, type ScopeWindows } from '../../domain/sync-scope';
import type { RowScope } from './define';
import { isTableName, syncedTables } from './tables';

export const scopeOf = (table: string): RowScope | undefined =>
  isTableName(table) ? (syncedTables[table] as { scope?: RowScope }).scope : undefined;

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
  if (scope.kind === 'upcoming') return expectedVisitInScope(timeOf(data, scope.time), w);
  if (scope.kind === 'history') {
    const at = timeOf(data, scope.time);
    return at === null || at >= w.historyFrom;
  }
  const at = timeOf(data, 'at');
  if (at === null) return true;
  return eventInScope({ at, kind: data.kind === 'in' ? 'in' : 'out' }, w.historyFrom, latest, firstSync);
}
