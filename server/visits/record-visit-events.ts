// The one write of sign-ins and sign-outs. Every writer (kiosk journeys and sign-outs, the
// dashboard's quick and mass actions, automatic sign-outs, remote sign-in from a phone) hands
// its events here, in its own transaction, so none can forget a step: the server's attendance
// judgement, the insert (an event id already stored is the same event: a no-op, not a second
// visit), the change feed devices pull, and the visit pairing the logbook and reports read.
// A guard test (record-visit-events.guard.test.ts) fails for any other insert into visit_events.
import { sql } from 'drizzle-orm';
import { judgeEvent, type JudgedEvent } from '../attendance/attendance-judge';
import { judgeEvents } from '../attendance/attendance-judge-many';
import { pairVisits } from '../dashboard/visit-pairing';
import { pairNewEventsSql } from '../dashboard/pair-new-events';
import { visitEvents } from '../db/schema/visits';
import { feedChanges, type ChangeInput, type Tx } from '../sync/changes';
import type { BulkApplyContext } from '../sync/handlers';
import { insertJsonRows } from '../sync/json-rows';
import { eventChange } from './visits.projections';

type EventRow = Omit<typeof visitEvents.$inferInsert, 'entityId' | 'details'> & {
  kind: 'in' | 'out';
  areaId: string | null;
  journeyFlowId: string | null;
  userTypeId: string | null;
  deviceId: string | null;
  details: Record<string, unknown> | null;
};

export interface VisitEventInput extends EventRow {
  /** Judged for attendance as this source records it (the judgement replaces what the device
   * claimed); absent: stored as given, not judged (automatic sign-outs, remote sign-in). */
  judge?: { source: JudgedEvent['source']; journeyId?: string | null };
}

export interface RecordContext {
  entityId: string;
  /** A push's collector of feed changes (ApplyContext.change); absent: fed here, in `tx`. */
  change?: (c: ChangeInput) => void;
  /** A push's bulk apply: its feed lock is taken before the history is read and the events are
   * written, and the pairing runs in the push's last round trip. */
  bulk?: Pick<BulkApplyContext, 'serial' | 'serialWith' | 'atCommit'>;
}

export interface RecordedEvent {
  id: string;
  /** False when the id was stored already (a replay under another mutation id). */
  inserted: boolean;
  /** The details as stored: with attendance as the server judged it. */
  details: Record<string, unknown> | null;
}

const CHUNK = 500;

async function judged(tx: Tx, ctx: RecordContext, events: readonly VisitEventInput[]) {
  const details = events.map((e) => e.details);
  const asked = events.flatMap((e, i) => (e.judge ? [i] : []));
  if (asked.length === 0) return details;
  const subjects: JudgedEvent[] = asked.map((i) => {
    const e = events[i]!;
    return {
      eventId: e.id,
      personId: e.personId,
      kind: e.kind,
      areaId: e.areaId,
      journeyId: e.judge!.journeyId ?? null,
      journeyFlowId: e.journeyFlowId,
      userTypeId: e.userTypeId,
      at: e.at,
      details: e.details,
      source: e.judge!.source,
    };
  });
  // One event outside a batch: the single judgement; a run: one judgement for all of it.
  const verdicts =
    subjects.length === 1 && !ctx.bulk
      ? [await judgeEvent(tx, ctx.entityId, subjects[0]!)]
      : await judgeEvents(tx, ctx.entityId, subjects, ctx.bulk?.serial);
  asked.forEach((i, n) => (details[i] = verdicts[n]!));
  return details;
}

async function insertChunk(tx: Tx, ctx: RecordContext, rows: Array<typeof visitEvents.$inferInsert>) {
  if (ctx.bulk)
    // One jsonb parameter for the chunk (server/sync/json-rows.ts); the first chunk takes the feed
    // lock in its own round trip.
    return ctx.bulk.serialWith<{ id: string }>((gate) =>
      insertJsonRows(visitEvents, rows, sql`where ${gate} on conflict do nothing returning id`),
    );
  return tx.insert(visitEvents).values(rows).onConflictDoNothing().returning({ id: visitEvents.id });
}

/** Judges, inserts, feeds and pairs `events` in `tx`; answers each event as stored, in order. */
export async function recordVisitEvents(
  tx: Tx,
  ctx: RecordContext,
  events: readonly VisitEventInput[],
): Promise<RecordedEvent[]> {
  if (events.length === 0) return [];
  const details = await judged(tx, ctx, events);
  const rows = events.map(({ judge: _judge, ...e }, i) => ({ ...e, entityId: ctx.entityId, details: details[i]! }));
  const stored = new Set<string>();
  for (let i = 0; i < rows.length; i += CHUNK)
    for (const { id } of await insertChunk(tx, ctx, rows.slice(i, i + CHUNK))) stored.add(id.toLowerCase());
  const isStored = (r: { id: string }) => stored.has(r.id.toLowerCase());
  const written = rows.filter(isStored);
  const changes = written.map(eventChange);
  if (ctx.change) changes.forEach(ctx.change);
  else await feedChanges(tx, ctx.entityId, changes);
  if (ctx.bulk) {
    // The rows are at hand: paired without reading them back (server/dashboard/pair-new-events.ts).
    const pairing = pairNewEventsSql(ctx.entityId, written);
    if (pairing) ctx.bulk.atCommit(pairing);
  } else await pairVisits(tx, ctx.entityId, [...stored]);
  return rows.map((r) => ({ id: r.id, inserted: isStored(r), details: r.details }));
}
