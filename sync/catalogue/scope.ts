// Which rows of a scoped table a device holds: the pull asks this for each change it
// may send. The rules themselves are domain/sync-scope.ts; this maps a table's declared scope
// onto them. A row out of scope is left out of a first sync and sent as a delete afterwards
// (the device may hold an older copy of it, or its own optimistic one; scopeDelete).
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
 * older than the window (is it its person's latest event?). A first sync and a later pull hold
 * the same rows; the difference is that a later pull sends a row out of scope as a delete.
 */
export function rowInScope(
  table: string,
  data: Record<string, unknown> | null,
  w: ScopeWindows,
  latest: boolean,
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
  return eventInScope({ at, kind: data.kind === 'in' ? 'in' : 'out' }, w.historyFrom, latest);
}

/**
 * The delete a later pull sends for a row that left the device's scope. A presence row's carries
 * the row: it left by age, so its person's older rows left with it, and the device drops them
 * in the same transaction (sync/aged-presence.ts) — even when it never held this row itself (an
 * old sign-out pushed late by another device).
 */
export function scopeDelete<C extends { table: string; data: Record<string, unknown> | null }>(
  change: C,
): C & { op: 'del' } {
  return { ...change, op: 'del', data: scopeOf(change.table)?.kind === 'presence' ? change.data : null };
}

/**
 * What a scope change sends for a row the device may hold: it held it if a first sync under the
 * old scope gives it, and holds it after if a first sync under the new scope does. Rows older
 * than both windows are held alike by both (server/sync/scope-change.ts does not read them).
 */
export function rescopeMove(
  table: string,
  data: Record<string, unknown> | null,
  before: ScopeWindows,
  after: ScopeWindows,
  latest: boolean,
): 'put' | 'del' | null {
  return scopeMove(rowInScope(table, data, before, latest), rowInScope(table, data, after, latest));
}
