// The emergency tables on this device, read as domain values. Optimistic rows whose mutation
// the server refused are dropped (or, for an end, rolled back) here, so a refused start, mark
// or end never shows as if it had happened.
import type { RollCallMark, RollCallStatus } from '../../../../domain/emergency';
import type { SessionInfo } from '../../../../domain/emergency-sessions';
import type { GatehouseDb } from '../../../db/schema';

export interface SessionRow extends SessionInfo {
  pending?: number;
  endMutationId?: string;
  endedAtBefore?: number | null;
  endedByBefore?: string | null;
}

export interface MarkRow extends RollCallMark {
  pending?: number;
}

export const sessionsTable = (db: GatehouseDb) => db.table<SessionRow, string>('emergencySessions');
export const marksTable = (db: GatehouseDb) => db.table<MarkRow, string>('rollCallMarks');

export interface Refused {
  starts: Set<string>;
  ends: Map<string, string>;
  marks: Set<string>;
}

/** What the server refused, from the needs-attention list: session ids, end mutation ids (→ message), mark ids. */
export async function refusedByServer(db: GatehouseDb): Promise<Refused> {
  const refused: Refused = { starts: new Set(), ends: new Map(), marks: new Set() };
  const rows = await db.rejected.toArray();
  for (const r of rows) {
    const args = (r.args ?? {}) as { sessionId?: string; markId?: string };
    if (r.name === 'emergency.start' && args.sessionId) refused.starts.add(args.sessionId);
    else if (r.name === 'emergency.end') refused.ends.set(r.mutationId, r.message);
    else if (r.name === 'emergency.mark' && args.markId) refused.marks.add(args.markId);
  }
  return refused;
}

export interface LocalSession extends SessionInfo {
  pending: boolean;
  /** The server's message when it refused this device's end. */
  endRefused: string | null;
}

export function toSessions(rows: readonly SessionRow[], refused: Refused): LocalSession[] {
  return rows.filter((r) => !refused.starts.has(r.id)).map((r) => {
    const endRefused = r.endMutationId ? refused.ends.get(r.endMutationId) ?? null : null;
    return {
      id: r.id, name: r.name, siteIds: r.siteIds ?? [], startedAt: r.startedAt, startedBy: r.startedBy ?? null,
      endedAt: endRefused !== null ? r.endedAtBefore ?? null : r.endedAt ?? null,
      endedBy: endRefused !== null ? r.endedByBefore ?? null : r.endedBy ?? null,
      pending: Boolean(r.pending), endRefused,
    };
  });
}

export interface LocalMark extends RollCallMark { pending: boolean }

export function toMarks(rows: readonly MarkRow[], refused: Refused): LocalMark[] {
  return rows.filter((m) => !refused.marks.has(m.id)).map((m) => ({
    id: m.id, sessionId: m.sessionId, personId: m.personId, status: m.status as RollCallStatus, at: m.at,
    markedBy: m.markedBy ?? null, deviceId: m.deviceId ?? null, settles: Boolean(m.settles), pending: Boolean(m.pending),
  }));
}
