// The pull's half of sync scopes (issue 21): which changes of a page a device holds. A first
// sync (no cursor, or a reset) reads the feed from the start under a snapshot cursor that
// remembers where the feed ended and when the snapshot began, so every page of it applies the
// same window; rows out of scope are left out of it. After it, a row out of scope is sent as a
// delete: the device may hold an older copy (an expected visit moved out of its window) or its
// own optimistic one (an old event it pushed after a week offline).
import { needsLatest, rowInScope, type TableName } from '../../sync/catalogue';
import { CURSOR_PREFIX, decodeCursor, encodeCursor } from '../../sync/protocol';
import { companyDayStart, deviceKindOf, scopeWindows, type ScopeWindows } from '../../domain/sync-scope';
import type { PermissionMap } from '../../domain/permissions';
import type { Executor } from './changes';

/** What the scope needs to know from the features' data (assembled in server/sync-registry.ts). */
export interface ServerScopes {
  /** Of these rows of a presence table, the ones a later row of the same person supersedes. */
  superseded(db: Executor, entityId: string, table: TableName, ids: string[]): Promise<Set<string>>;
  /** The time zones of the entity's sites: its day starts at the earliest of their midnights. */
  timeZones(db: Executor, entityId: string): Promise<string[]>;
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
) {
  const kind = deviceKindOf(permissions);
  const zones = await scopes.timeZones(db, entityId);
  const current = scopeWindows(kind, companyDayStart(now, zones));
  const first = snapshot ? scopeWindows(kind, companyDayStart(snapshot.at, zones)) : current;
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
    if (rowInScope(change.table, change.data, windowOf(seq), latest, isFirst(seq))) return [change];
    return isFirst(seq) ? [] : [{ ...change, op: 'del' as const, data: null }];
  });
}
