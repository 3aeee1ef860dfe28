// What a pull reads besides the feed page, in one statement: the feed's last
// sequence, the scope's inputs (the sites' time zones and the device's place), the device's last
// applied seq and when it was last seen, and its latest rejections — and, for a cursor that can
// only go on from where it is (a plain `c1.` cursor), the page of feed rows after it. On PGlite
// every statement takes its turn on the one connection: a pull that waited its turn seven times
// behind pushes now waits once. One statement also reads one snapshot, so the page never holds
// a row committed after the `last` it answers with.
import { sql, type SQL } from 'drizzle-orm';
import { deviceKindOf } from '../../domain/sync-scope';
import type { PermissionMap } from '../../domain/permissions';
import { decodeCursor } from '../../sync/protocol';
import type { Executor } from './changes';
import { executePrepared } from '../db/prepared';
import type { ServerScopes } from './scope';
import type { ScopeInputs } from './scope-change';

export interface FeedRow {
  tbl: string;
  rowId: string;
  seq: number;
  op: 'put' | 'del';
  version: number;
  data: Record<string, unknown> | null;
}
export interface LoggedRejection {
  seq: number;
  mutationId: string;
  name: string;
  args: unknown;
  code: string | null;
}
export interface PullState {
  last: number;
  /** Null when the scopes cannot be read as SQL (then readScope reads them itself). */
  inputs: ScopeInputs | null;
  device: { lastSeq: number; lastSeenAt: number } | null;
  rejected: LoggedRejection[];
  /** The page after the cursor's sequence (limit + 1 rows), when the cursor was a plain one. */
  rows: { after: number; rows: FeedRow[] } | null;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The feed rows after a plain cursor's sequence, read ahead; null for any other cursor. */
function plainSeq(cursor: string | undefined): number | null {
  if (!cursor) return null;
  const cut = cursor.lastIndexOf('~');
  return decodeCursor(cut >= 0 ? cursor.slice(0, cut) : cursor) || null;
}

export async function readPullState(
  db: Executor,
  scopes: ServerScopes | undefined,
  ctx: { entityId: string; userId: string; permissions: PermissionMap },
  q: { deviceId: string; cursor?: string; limit: number },
  rejectionsKept: number,
): Promise<PullState> {
  const { entityId, userId } = ctx;
  const kind = deviceKindOf(ctx.permissions);
  const asSql = scopes?.timeZonesSql && scopes.devicePlaceSql && scopes.devicePlaceFrom;
  const zones: SQL = asSql ? scopes.timeZonesSql!(entityId) : sql`null`;
  const place: SQL = asSql ? scopes.devicePlaceSql!(entityId, userId, kind) : sql`null`;
  const after = plainSeq(q.cursor);
  const page: SQL =
    after === null
      ? sql`null`
      : sql`(select coalesce(json_agg(json_build_object('tbl', c.tbl, 'rowId', c.row_id, 'seq', c.seq, 'op', c.op,
          'version', c.version, 'data', c.data) order by c.seq), '[]'::json)
        from (select * from sync_changes where entity_id = ${entityId} and seq > ${after}
          order by seq limit ${q.limit + 1}) c)`;
  // Planned once on PGlite (server/db/prepared.ts): planning this statement cost more than running it.
  const [found] = await executePrepared<{
    last: unknown;
    zones: unknown;
    place: unknown;
    device: unknown;
    rejected: unknown;
    page: unknown;
  }>(
    db,
    sql`select
      (select last from sync_counters where entity_id = ${entityId}) as last,
      ${zones} as zones,
      ${place} as place,
      (select json_build_object('lastSeq', d.last_seq, 'lastSeenAt', floor(extract(epoch from d.last_seen_at) * 1000))
        from devices d where d.entity_id = ${entityId} and d.id = ${q.deviceId} and d.user_id = ${userId}) as device,
      (select coalesce(json_agg(json_build_object('seq', r.seq, 'mutationId', r.mutation_id, 'name', r.name,
          'args', r.args, 'code', r.code) order by r.seq desc), '[]'::json)
        from (select seq, mutation_id, name, args, code from mutation_log where entity_id = ${entityId}
          and device_id = ${q.deviceId} and user_id = ${userId} and status = 'rejected'
          order by seq desc limit ${rejectionsKept}) r) as rejected,
      ${page} as page`,
  );
  const row = found!;
  const device = row.device === null ? null : json<{ lastSeq: number; lastSeenAt: number }>(row.device);
  return {
    last: Number(row.last ?? 0),
    inputs: asSql ? { zones: json<string[]>(row.zones), place: scopes.devicePlaceFrom!(json(row.place), kind) } : null,
    device: device && { lastSeq: Number(device.lastSeq), lastSeenAt: Number(device.lastSeenAt) },
    rejected: json<LoggedRejection[]>(row.rejected),
    rows: after === null ? null : { after, rows: json<FeedRow[]>(row.page).map((r) => ({ ...r, seq: Number(r.seq) })) },
  };
}
