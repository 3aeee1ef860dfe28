// Reads of who is still signed in where, and the one write every automatic sign-out goes
// through: 'out' events handed to recordVisitEvents (server/visits), in the caller's transaction.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { arrayParam } from '../db/array-param';
import type { AutoSignOutReason } from '../../domain/auto-sign-out';
import type { Executor, Tx } from '../sync/changes';
import { recordVisitEvents } from '../visits/record-visit-events';

export interface OpenVisitRow {
  entityId: string;
  personId: string;
  signInEventId: string;
  areaId: string;
  signedInAt: number;
  receivedAt?: number | null;
  userTypeId: string | null;
  mode: string | null;
  loginMode: string | null;
  timeZone: string;
}

export interface AutoEvent {
  personId: string;
  signInEventId: string;
  areaId: string;
  at: number;
  reason: AutoSignOutReason;
}

/** Open visits (sign-ins that are the person's latest event), optionally narrowed. */
export async function openVisits(
  db: Executor,
  where: { entityId?: string; areaId?: string; userTypeId?: string; withModeOnly?: boolean },
): Promise<OpenVisitRow[]> {
  const res = (await db.execute(sql`
    select v.entity_id, v.person_id, v.id, v.area_id, v.time_in, coalesce(v.user_type_id, u.user_type_id) as user_type_id,
           a.auto_sign_out_mode, a.login_mode, s.time_zone, e.received_at
    from visits v
    left join visit_events e on e.entity_id = v.entity_id and e.id = v.id
    join areas a on a.entity_id = v.entity_id and a.id = v.area_id
    join sites s on s.entity_id = a.entity_id and s.id = a.site_id
    join users u on u.entity_id = v.entity_id and u.id = v.person_id
    where v.out_event_id is null
      ${where.entityId ? sql`and v.entity_id = ${where.entityId}` : sql``}
      ${where.areaId ? sql`and v.area_id = ${where.areaId}` : sql``}
      ${where.userTypeId ? sql`and coalesce(v.user_type_id, u.user_type_id) = ${where.userTypeId}` : sql``}
      ${where.withModeOnly ? sql`and a.auto_sign_out_mode in ('after 24 hours', 'at midnight')` : sql``}
      and not exists (
        select 1 from visit_events l
        where l.entity_id = v.entity_id and l.person_id = v.person_id
          and (l.at > v.time_in or (l.at = v.time_in and l.id > v.id))
      )`)) as unknown as { rows: Array<Record<string, unknown>> };
  return res.rows.map((r) => ({
    entityId: String(r.entity_id),
    personId: String(r.person_id),
    signInEventId: String(r.id),
    areaId: String(r.area_id),
    signedInAt: Number(r.time_in),
    userTypeId: r.user_type_id == null ? null : String(r.user_type_id),
    mode: r.auto_sign_out_mode == null ? null : String(r.auto_sign_out_mode),
    loginMode: r.login_mode == null ? null : String(r.login_mode),
    timeZone: String(r.time_zone ?? 'UTC'),
    // When the sign-in reached the server (a late backlog is held a day).
    receivedAt: r.received_at == null ? null : new Date(r.received_at as string | Date).getTime(),
  }));
}

/** A UUIDv7 made from the event's instant and its cause: the same sign-out computed by two
 * servers, or twice after a restart, is the same row, so it is written once. */
export function autoEventId(signInEventId: string, reason: AutoSignOutReason, at: number): string {
  const hash = createHash('sha256').update(`${signInEventId}:${reason}`).digest();
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(Math.max(0, at), 0, 6);
  hash.copy(bytes, 6, 0, 10);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Writes the sign-outs (skipping any already written) with their feed entries and pairings. */
export async function writeAutoSignOuts(
  tx: Tx,
  entityId: string,
  events: readonly AutoEvent[],
  receivedAt: number,
): Promise<number> {
  if (events.length === 0) return 0;
  // Still open now (a batch may be written a moment after it was computed).
  const open = (await tx.execute(sql`
    select id from visits where entity_id = ${entityId} and out_event_id is null
      and id = any(${arrayParam(events.map((e) => e.signInEventId))}::uuid[])`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  const stillOpen = new Set(open.rows.map((r) => String(r.id)));
  const rows = events
    .filter((e) => stillOpen.has(e.signInEventId))
    .map((e) => ({
      id: autoEventId(e.signInEventId, e.reason, e.at),
      personId: e.personId,
      kind: 'out' as const,
      areaId: e.areaId,
      journeyFlowId: null,
      userTypeId: null,
      at: e.at,
      deviceId: null,
      mutationId: null,
      recordedBy: null,
      receivedAt: new Date(receivedAt),
      details: { auto: true, reason: e.reason, signInEventId: e.signInEventId },
    }));
  // Not judged for attendance: the person did not act (see docs/decisions.md).
  return (await recordVisitEvents(tx, { entityId }, rows)).filter((r) => r.inserted).length;
}
