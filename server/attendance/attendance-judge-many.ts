// judgeEvent for a run of events (a push batch of sign-ins): the same verdicts from the
// same domain function, with a fixed number of queries per batch instead of several per event.
// An event's "signed in before it" also sees the earlier events of the same batch, as it would
// had they been applied one by one.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { arrayParam } from '../db/array-param';
import { judgeAttendance } from '../../domain/attendance';
import { readJourneySettings } from '../../domain/journey';
import { attendanceRecords } from '../db/schema/attendance';
import { journeyFlows, journeys } from '../db/schema/journeys';
import { attendanceModes } from '../db/schema/kiosk-config';
import { areas, sites } from '../db/schema/places';
import type { Executor } from '../sync/changes';
import { attendanceRecordOf, judgedDetails, modeIdOf, str, type JudgedEvent } from './attendance-judge';

type Mode = typeof attendanceModes.$inferSelect;

const uuidList = (ids: readonly string[]) => sql`${arrayParam(ids)}::uuid[]`;

/** Each person's latest event before each given event (not the event itself), from the database. */
async function latestBefore(tx: Executor, entityId: string, events: readonly JudgedEvent[]) {
  const result = (await tx.execute(sql`
    select x.id, p.kind, p.at from unnest(${uuidList(events.map((e) => e.eventId))},
      ${uuidList(events.map((e) => e.personId))},
      ${arrayParam(events.map((e) => e.at))}::bigint[]) as x(id, person_id, at)
    left join lateral (
      select v.kind, v.at from visit_events v
      where v.entity_id = ${entityId} and v.person_id = x.person_id and v.at < x.at and v.id <> x.id
      order by v.at desc limit 1
    ) p on true`)) as unknown as { rows: Array<{ id: string; kind: 'in' | 'out' | null; at: string | number | null }> };
  return new Map(result.rows.map((r) => [r.id, r.kind ? { kind: r.kind, at: Number(r.at) } : null]));
}

/** Judges every event, records attendance_records in one insert, and returns each event's details.
 * `beforeHistory` runs before the people's earlier events are read (a push takes its feed lock
 * there: a concurrent push may write those events; the configuration read before it, no push writes). */
export async function judgeEvents(
  tx: Executor,
  entityId: string,
  events: readonly JudgedEvent[],
  beforeHistory?: () => Promise<void>,
): Promise<Array<Record<string, unknown>>> {
  if (events.length === 0) return [];
  const all = (
    await tx
      .select({ id: journeys.id, settings: journeys.settings })
      .from(journeys)
      .where(eq(journeys.entityId, entityId))
      .orderBy(journeys.id)
  ).map((j) => ({ id: j.id, settings: readJourneySettings(j.settings) }));
  if (!all.some((j) => j.settings.attendance_mode_id)) return events.map((e) => judgedDetails(e, null));

  const flowOf = (e: JudgedEvent) =>
    (e.journeyId ?? str(e.details?.journeyId)) ? null : (e.journeyFlowId ?? str(e.details?.journeyFlowId));
  const flowIds = [...new Set(events.flatMap((e) => flowOf(e) ?? []))];
  const journeyOfFlow = new Map(
    flowIds.length
      ? (
          await tx
            .select({ id: journeyFlows.id, journeyId: journeyFlows.journeyId })
            .from(journeyFlows)
            .where(and(eq(journeyFlows.entityId, entityId), inArray(journeyFlows.id, flowIds)))
        ).map((f) => [f.id, f.journeyId])
      : [],
  );
  const modeIds = events.map((e) => {
    const flow = flowOf(e);
    const journeyId = e.journeyId ?? str(e.details?.journeyId) ?? (flow ? (journeyOfFlow.get(flow) ?? null) : null);
    return modeIdOf(all, journeyId, e.userTypeId) ?? null;
  });
  const wanted = [...new Set(modeIds.flatMap((id) => id ?? []))];
  const modes = new Map<string, Mode>(
    wanted.length
      ? (
          await tx
            .select()
            .from(attendanceModes)
            .where(and(eq(attendanceModes.entityId, entityId), inArray(attendanceModes.id, wanted)))
        ).map((m) => [m.id, m])
      : [],
  );
  const judgedIdx = events.flatMap((_, i) => (modes.has(modeIds[i] ?? '') ? [i] : []));
  if (judgedIdx.length === 0) return events.map((e) => judgedDetails(e, null));

  const areaIds = [...new Set(judgedIdx.flatMap((i) => events[i]!.areaId ?? []))];
  const zoneOf = new Map(
    areaIds.length
      ? (
          await tx
            .select({ id: areas.id, timeZone: sites.timeZone })
            .from(areas)
            .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
            .where(and(eq(areas.entityId, entityId), inArray(areas.id, areaIds)))
        ).map((r) => [r.id, r.timeZone])
      : [],
  );
  await beforeHistory?.();
  const stored = await latestBefore(
    tx,
    entityId,
    judgedIdx.map((i) => events[i]!),
  );
  const byPerson = new Map<string, JudgedEvent[]>();
  for (const e of events)
    byPerson
      .set(e.personId, byPerson.get(e.personId) ?? [])
      .get(e.personId)!
      .push(e);
  const records: Array<ReturnType<typeof attendanceRecordOf>> = [];
  const out = events.map((e, i) => {
    const mode = modes.get(modeIds[i] ?? '');
    if (!mode) return judgedDetails(e, null);
    // The latest earlier event: stored, or one of this batch's (applied before this one would be).
    let last = stored.get(e.eventId) ?? null;
    for (const o of byPerson.get(e.personId)!)
      if (o.eventId !== e.eventId && o.at < e.at && (!last || o.at > last.at)) last = { kind: o.kind, at: o.at };
    const verdict = judgeAttendance(mode, {
      action: e.kind,
      signedIn: last?.kind === 'in',
      at: e.at,
      timeZone: (e.areaId ? zoneOf.get(e.areaId) : null) ?? 'UTC',
      reasonId: str(e.details?.reasonId),
    });
    records.push(attendanceRecordOf(entityId, e, { mode, verdict }));
    return judgedDetails(e, { mode, verdict });
  });
  for (let i = 0; i < records.length; i += 500)
    await tx
      .insert(attendanceRecords)
      .values(records.slice(i, i + 500))
      .onConflictDoNothing();
  return out;
}
