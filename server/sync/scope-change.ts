// Scope changes on the pull. Every cursor names, after a `~`, the fingerprint of the
// scope its rows were chosen under (domain/sync-scope-change.ts); the scopes themselves are kept
// by fingerprint in sync_scopes. A pull whose scope differs from the one its cursor names (a
// kiosk moved, site access or the window setting changed, or simply a new day) first sends the
// difference over the feed rows the device already has — puts for rows that entered the scope,
// deletes for rows that left — then goes on from where the device was. The outbox is the
// device's: nothing here touches it, and a device re-applies its pending mutations over a pull.
// A cursor from before scopes names no scope (the device may hold any row): its presence rows
// then leave with one delete per person after the rest (server/sync/aged-out.ts).
import { and, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { ANY_SCOPE, deviceScope, scopeFingerprint, windowsOf, type DeviceScope } from '../../domain/sync-scope-change';
import { companyDayStart, deviceKindOf, type ScopeWindows } from '../../domain/sync-scope';
import type { PermissionMap } from '../../domain/permissions';
import {
  needsLatest,
  receiverFor,
  rescopeMove,
  scopeDelete,
  SCOPED_TABLES,
  timeFieldOf,
  type TableName,
} from '../../sync/catalogue';
import { CURSOR_PREFIX, decodeCursor, encodeCursor } from '../../sync/protocol';
import { syncChanges } from '../db/schema/sync';
import { syncScopes } from '../db/schema/sync-scopes';
import type { Executor } from './changes';
import { withLatestPresence } from './aged-presence';
import { AGED_OUT_TABLE, agedOutPage, decodePerson, encodePerson } from './aged-out';
import type { ServerScopes } from './scope';

const SEP = '~';
const RESCOPE = 'r1.';
/** The second half of a change from before scopes: one delete per person (server/sync/aged-out.ts). */
const AGED_OUT = 'r2.';
const FP = /^[0-9a-z]{1,13}$/;
const B36 = /^[0-9a-z]{1,12}$/;

interface Rescope {
  /** The feed position the device has: the difference covers rows up to it. */
  pos: number;
  /** Rows up to this sequence are done. */
  done: number;
  /** The scope the device's rows were chosen under (ANY_SCOPE when unknown). */
  before: ScopeWindows;
  beforeFp: string | null;
  /** Sending the aged presence rows' deletes of a cursor from before scopes: the people after this one. */
  agedOut?: string;
}

export interface ScopeState {
  /** The cursor the feed's pull reads (without the fingerprint); 'invalid' forces a reset. */
  base: string | undefined;
  /** The windows this page's rows are chosen under, and their fingerprint for the answer's cursor. */
  windows: ScopeWindows;
  fp: string;
  /** The device's scope now: a reset starts over under it. */
  current: { windows: ScopeWindows; fp: string };
  rescope: Rescope | null;
}

async function remember(db: Executor, entityId: string, fp: string, scope: DeviceScope, now: number) {
  await db
    .insert(syncScopes)
    .values({ entityId, fingerprint: fp, scope, createdAt: new Date(now) })
    .onConflictDoNothing();
}

async function recall(db: Executor, entityId: string, fp: string | null): Promise<ScopeWindows | null> {
  if (!fp) return null;
  const [row] = await db
    .select({ scope: syncScopes.scope })
    .from(syncScopes)
    .where(and(eq(syncScopes.entityId, entityId), eq(syncScopes.fingerprint, fp)));
  return row ? windowsOf(row.scope) : null;
}

export interface ScopeInputs {
  zones: string[];
  place: NonNullable<Parameters<typeof deviceScope>[2]>;
}

/** Reads a pull's cursor against the device's scope now. */
export async function readScope(
  db: Executor,
  scopes: ServerScopes,
  ctx: { entityId: string; userId: string; permissions: PermissionMap },
  cursor: string | undefined,
  now: number,
  /** The time zones and place, when the pull already read them (server/sync/pull-state.ts). */
  inputs?: ScopeInputs,
): Promise<ScopeState> {
  const kind = deviceKindOf(ctx.permissions);
  const zones = inputs ? inputs.zones : await scopes.timeZones(db, ctx.entityId);
  const place = inputs
    ? inputs.place
    : scopes.devicePlace
      ? await scopes.devicePlace(db, ctx.entityId, ctx.userId, kind)
      : {};
  const scope = deviceScope(kind, companyDayStart(now, zones), place);
  const current = { windows: windowsOf(scope), fp: scopeFingerprint(scope) };
  const fresh = (base: string | undefined): ScopeState => ({ base, ...current, current, rescope: null });
  const cut = cursor ? cursor.lastIndexOf(SEP) : -1;
  const base = cursor && cut >= 0 ? cursor.slice(0, cut) : cursor;
  const named = cursor && cut >= 0 ? cursor.slice(cut + 1) : null;
  if (named !== null && !FP.test(named)) return fresh('invalid');
  if (named !== current.fp) await remember(db, ctx.entityId, current.fp, scope, now);
  if (base?.startsWith(AGED_OUT)) {
    const parts = base.slice(AGED_OUT.length).split('.');
    const target = await recall(db, ctx.entityId, named);
    const person = parts.length === 2 ? decodePerson(parts[1]!) : null;
    if (!B36.test(parts[0]!) || !person || !target || named === null) return fresh('invalid');
    const pos = parseInt(parts[0]!, 36);
    const rescope = { pos, done: pos, before: ANY_SCOPE, beforeFp: null, agedOut: person };
    return { base: encodeCursor(pos), windows: target, fp: named, current, rescope };
  }
  if (base?.startsWith(RESCOPE)) {
    // A difference being sent: finish it towards the scope it started for (a newer change follows).
    const parts = base.slice(RESCOPE.length).split('.');
    const target = await recall(db, ctx.entityId, named);
    if (parts.length !== 3 || !B36.test(parts[0]!) || !B36.test(parts[1]!) || !target || named === null)
      return fresh('invalid');
    const [pos, done] = [parseInt(parts[0]!, 36), parseInt(parts[1]!, 36)];
    const beforeFp = parts[2] === '-' ? null : parts[2]!;
    const before = (await recall(db, ctx.entityId, beforeFp)) ?? ANY_SCOPE;
    return { base: encodeCursor(pos), windows: target, fp: named, current, rescope: { pos, done, before, beforeFp } };
  }
  if (!base || named === current.fp) return fresh(base);
  if (!base.startsWith(CURSOR_PREFIX)) {
    // A first sync in progress keeps the scope it began under; the difference follows it.
    const began = await recall(db, ctx.entityId, named);
    return began && named ? { base, windows: began, fp: named, current, rescope: null } : fresh(base);
  }
  const pos = decodeCursor(base);
  if (pos === null) return fresh('invalid');
  const before = (await recall(db, ctx.entityId, named)) ?? ANY_SCOPE;
  return { ...fresh(base), rescope: { pos, done: 0, before, beforeFp: before === ANY_SCOPE ? null : named } };
}

export const tagCursor = (cursor: string, fp: string) => cursor + SEP + fp;

/** Feed rows a scope change may move: rows of scoped tables but `leftOut`, and of timed ones only
 * those not older than both windows (older rows are held alike by both: only if they decide presence). */
function movable(floor: number, leftOut: readonly string[]): SQL {
  const scoped = SCOPED_TABLES.filter((t) => !leftOut.includes(t));
  const tables = scoped.filter((t) => !Number.isFinite(floor) || !timeFieldOf(t));
  const timed = Number.isFinite(floor) ? scoped.filter((t) => timeFieldOf(t)) : [];
  return or(
    tables.length ? inArray(syncChanges.tbl, tables) : sql`false`,
    ...timed.map((t) =>
      and(eq(syncChanges.tbl, t), sql`(${syncChanges.data}->>${timeFieldOf(t)!})::double precision >= ${floor}`),
    ),
  )!;
}

/** One page of a scope change: the moves of up to `limit` feed rows the device already has. */
export async function rescopePage(
  db: Executor,
  scopes: ServerScopes,
  entityId: string,
  permissions: PermissionMap,
  st: ScopeState & { rescope: Rescope },
  limit: number,
  last: number,
) {
  const { pos, done, before, beforeFp } = st.rescope;
  const after = st.windows;
  const receive = receiverFor(permissions);
  // From before scopes, the presence rows leave after the rest, one delete a person (server/sync/aged-out.ts).
  const anyBefore = before.historyFrom === -Infinity && !!AGED_OUT_TABLE && !!scopes.agedOut;
  const agedOut = async (afterPerson: string, room: number) => {
    const page = await agedOutPage(db, scopes, entityId, receive, {
      historyFrom: after.historyFrom,
      afterPerson,
      limit: room,
    });
    return {
      changes: page.changes,
      cursor: page.more
        ? `${AGED_OUT}${pos.toString(36)}.${encodePerson(page.last)}${SEP}${st.fp}`
        : tagCursor(encodeCursor(pos), st.fp),
      hasMore: page.more || pos < last,
    };
  };
  if (st.rescope.agedOut) return agedOut(st.rescope.agedOut, limit);
  const rows = await db
    .select()
    .from(syncChanges)
    .where(
      and(
        eq(syncChanges.entityId, entityId),
        gt(syncChanges.seq, done),
        lte(syncChanges.seq, pos),
        eq(syncChanges.op, 'put'),
        movable(Math.min(before.historyFrom, after.historyFrom), anyBefore ? [AGED_OUT_TABLE!] : []),
      ),
    )
    .orderBy(syncChanges.seq)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const received = page.flatMap((r) => {
    const c = receive({ table: r.tbl, id: r.rowId, op: r.op, version: r.version, data: r.data });
    return c ? [c] : [];
  });
  // Whether an old presence row is its person's latest decides it under either scope.
  const older = { ...after, historyFrom: Math.max(before.historyFrom, after.historyFrom) };
  const asked = new Map<TableName, string[]>();
  for (const c of received)
    if (needsLatest(c.table, c.data, older)) {
      const table = c.table as TableName;
      asked.set(table, asked.get(table) ?? []);
      asked.get(table)!.push(c.id);
    }
  const superseded = new Set<string>();
  for (const [table, ids] of asked)
    for (const id of await scopes.superseded(db, entityId, table, ids)) superseded.add(`${table}:${id}`);
  const moved = received.flatMap((c) => {
    const latest = !superseded.has(`${c.table}:${c.id}`);
    const move = rescopeMove(c.table, c.data, before, after, latest);
    if (move === 'put') return [c];
    return move === 'del' ? [scopeDelete(c)] : [];
  });
  // A person's old sign-in put back never goes without the event that ends it (aged-presence.ts).
  const changes = await withLatestPresence(db, scopes, entityId, receive, moved, superseded, after);
  const more = rows.length > limit;
  const upTo = page.length ? Number(page[page.length - 1]!.seq) : pos;
  if (!more && anyBefore) {
    // The rest is done: the presence rows follow, in this answer while it has room.
    const room = limit - changes.length;
    if (room <= 0) return { changes, cursor: `${AGED_OUT}${pos.toString(36)}.-${SEP}${st.fp}`, hasMore: true };
    const next = await agedOut(decodePerson('-')!, room);
    return { ...next, changes: [...changes, ...next.changes] };
  }
  const cursor = more
    ? `${RESCOPE}${pos.toString(36)}.${upTo.toString(36)}.${beforeFp ?? '-'}${SEP}${st.fp}`
    : tagCursor(encodeCursor(pos), st.fp);
  return { changes, cursor, hasMore: more || pos < last };
}
