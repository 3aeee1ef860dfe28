// The pull's half of sync scopes: which changes of a page a device holds. A first
// sync (no cursor, or a reset) reads the feed from the start under a snapshot cursor that
// remembers where the feed ended and when the snapshot began, so every page of it applies the
// same window; rows out of scope are left out of it. After it, a row out of scope is sent as a
// delete: the device may hold an older copy (an expected visit moved out of its window) or its
// own optimistic one (an old event it pushed after a week offline).
import { sql, type SQL } from 'drizzle-orm';
import { needsLatest, rowInScope, scopeDelete, scopeOf, TABLE_NAMES, type TableName } from '../../sync/catalogue';
import { CURSOR_PREFIX, decodeCursor, encodeCursor } from '../../sync/protocol';
import {
  companyDayStart,
  deviceKindOf,
  scopeWindows,
  type DeviceKind,
  type ScopeWindows,
} from '../../domain/sync-scope';
import type { PermissionMap } from '../../domain/permissions';
import type { Executor } from './changes';

/** What the scope needs to know from the features' data (assembled in server/sync-registry.ts). */
export interface ServerScopes {
  /** Of these rows of a presence table, the ones a later row of the same person supersedes. */
  superseded(db: Executor, entityId: string, table: TableName, ids: string[]): Promise<Set<string>>;
  /** The ids of these people's latest rows of a presence table (server/sync/aged-presence.ts). */
  latest?(db: Executor, entityId: string, table: TableName, personIds: string[]): Promise<string[]>;
  /** For people after `afterPerson` in id order, up to `limit` with one: each one's newest
   * presence row older than `historyFrom` that is not their latest sign-in, as its feed row has
   * it (server/sync/aged-out.ts). */
  agedOut?(
    db: Executor,
    entityId: string,
    table: TableName,
    o: { historyFrom: number; afterPerson: string; limit: number },
  ): Promise<{
    picks: Array<{ personId: string; id: string; version: number; data: Record<string, unknown> | null }>;
    more: boolean;
  }>;
  /** The time zones of the entity's sites: its day starts at the earliest of their midnights. */
  timeZones(db: Executor, entityId: string): Promise<string[]>;
  /** SQL, the ids of a presence table's rows a first sync may keep: those from `historyFrom` on,
   * and sign-ins that no strictly later row of the same person follows (ties are left to
   * `superseded`). Judged by the table's own rows, which the feed's copies mirror. */
  keptIds?(entityId: string, table: TableName, historyFrom: number): SQL | null;
  /** timeZones and devicePlace as SQL values (json), read by a pull in one statement with its
   * other state (server/sync/pull-state.ts); devicePlaceFrom reads the value back. */
  timeZonesSql?(entityId: string): SQL;
  devicePlaceSql?(entityId: string, userId: string, kind: DeviceKind): SQL;
  devicePlaceFrom?(
    value: unknown,
    kind: DeviceKind,
  ): { areas: string[] | null; journeys: string[] | null; historyDays: number | null };
  /** A device's areas, journeys and history window (server/sync/scope-change.ts); none: every one. */
  devicePlace?(
    db: Executor,
    entityId: string,
    userId: string,
    kind: DeviceKind,
  ): Promise<{ areas: string[] | null; journeys: string[] | null; historyDays: number | null }>;
}

/** A first sync in progress: the feed's last sequence when it began, and the time it began. */
export interface Snapshot {
  end: number;
  at: number;
}
export interface PullPosition {
  seq: number;
  snapshot?: Snapshot;
}

const SNAPSHOT_PREFIX = 's1.';
const b36 = /^[0-9a-z]{1,12}$/;

export function encodePullCursor(seq: number, snapshot?: Snapshot): string {
  if (!snapshot || seq >= snapshot.end) return encodeCursor(seq);
  return SNAPSHOT_PREFIX + [seq, snapshot.end, snapshot.at].map((n) => n.toString(36)).join('.');
}

/** null: a cursor this server never gave (answered with a reset). */
export function decodePullCursor(cursor: string | undefined): PullPosition | null {
  if (!cursor || cursor.startsWith(CURSOR_PREFIX)) {
    const seq = decodeCursor(cursor);
    return seq === null ? null : { seq };
  }
  if (!cursor.startsWith(SNAPSHOT_PREFIX)) return null;
  const parts = cursor.slice(SNAPSHOT_PREFIX.length).split('.');
  if (parts.length !== 3 || !parts.every((p) => b36.test(p))) return null;
  const [seq, end, at] = parts.map((p) => parseInt(p, 36)) as [number, number, number];
  return seq <= end ? { seq, snapshot: { end, at } } : null;
}

interface PageChange {
  seq: number;
  change: { table: string; id: string; op: 'put' | 'del'; version: number; data: Record<string, unknown> | null };
}

/** The changes of one page a device holds, the ones it may no longer hold turned into deletes. */
export async function scopePage(
  db: Executor,
  scopes: ServerScopes,
  entityId: string,
  permissions: PermissionMap,
  page: PageChange[],
  snapshot: Snapshot | undefined,
  now: number,
  /** The windows of the scope the cursor names (server/sync/scope-change.ts), for every row of the page. */
  windows?: ScopeWindows,
) {
  const kind = deviceKindOf(permissions);
  const zones = windows ? [] : await scopes.timeZones(db, entityId);
  const current = windows ?? scopeWindows(kind, companyDayStart(now, zones));
  const first = windows ?? (snapshot ? scopeWindows(kind, companyDayStart(snapshot.at, zones)) : current);
  const isFirst = (seq: number) => !!snapshot && seq <= snapshot.end;
  const windowOf = (seq: number): ScopeWindows => (isFirst(seq) ? first : current);
  // Rows older than the window count only if they are their person's latest: one lookup a table.
  const asked = new Map<TableName, string[]>();
  for (const { seq, change } of page)
    if (change.op === 'put' && needsLatest(change.table, change.data, windowOf(seq)))
      (
        asked.get(change.table as TableName) ?? asked.set(change.table as TableName, []).get(change.table as TableName)!
      ).push(change.id);
  const superseded = new Set<string>();
  for (const [table, ids] of asked)
    for (const id of await scopes.superseded(db, entityId, table, ids)) superseded.add(`${table}:${id}`);
  return page.flatMap(({ seq, change }) => {
    if (change.op === 'del') return [change];
    const latest = !superseded.has(`${change.table}:${change.id}`);
    if (rowInScope(change.table, change.data, windowOf(seq), latest)) return [change];
    return isFirst(seq) ? [] : [scopeDelete(change)];
  });
}

/**
 * The feed rows of a first sync that scopePage would certainly leave out, as a condition on
 * `sync_changes`, so the pull does not read them at all (most of a company's history): rows of
 * history tables older than the window, and presence rows older than it that are sign-outs or
 * that a later event of the same person supersedes (ServerScopes.keptIds). Rows after the
 * snapshot are never skipped, and what is read still goes through scopePage, so the rows sent are
 * the same.
 */
export async function firstSyncSkip(
  db: Executor,
  scopes: ServerScopes,
  entityId: string,
  permissions: PermissionMap,
  snapshot: Snapshot | undefined,
  windows?: ScopeWindows,
): Promise<SQL | undefined> {
  if (!snapshot) return undefined;
  const w =
    windows ??
    scopeWindows(deviceKindOf(permissions), companyDayStart(snapshot.at, await scopes.timeZones(db, entityId)));
  const older = (field: string) =>
    sql`(case when jsonb_typeof(sync_changes.data -> ${field}) = 'number' then (sync_changes.data ->> ${field})::numeric < ${w.historyFrom} else false end)`;
  const parts = TABLE_NAMES.flatMap((table) => {
    const scope = scopeOf(table);
    if (scope?.kind === 'history') return [sql`(sync_changes.tbl = ${table} and ${older(scope.time)})`];
    if (scope?.kind !== 'presence') return [];
    const kept = scopes.keptIds?.(entityId, table, w.historyFrom);
    // A put whose row is not kept (a hashed set: ids are never null); deletes are always read.
    if (kept)
      return [sql`(sync_changes.tbl = ${table} and sync_changes.op = 'put' and sync_changes.row_id not in (${kept}))`];
    const out = sql`(sync_changes.data ->> 'kind') is distinct from 'in'`;
    return [sql`(sync_changes.tbl = ${table} and ${older('at')} and ${out})`];
  });
  if (parts.length === 0) return undefined;
  return sql`not (sync_changes.seq <= ${snapshot.end} and (${sql.join(parts, sql` or `)}))`;
}
