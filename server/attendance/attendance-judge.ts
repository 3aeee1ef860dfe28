// The server's own late/early judgement of a sign-in or sign-out as it applies the mutation
// (kiosk.journey, kiosk.signOut, visit.signIn/signOut from the mass action): the mode of the
// person's journey, the site's time zone and the event's time go through domain/attendance.ts,
// the same function the kiosk ran. What the device claimed (a reason id, a code) is only the
// person's pick among several reasons; the code stored is the server's.
import { and, desc, eq, lt, ne } from 'drizzle-orm';
import { judgeAttendance, type Situation } from '../../domain/attendance';
import { readJourneySettings } from '../../domain/journey';
import type { AttendanceMode } from '../../domain/reasons';
import { attendanceRecords } from '../db/schema/attendance';
import { journeyFlows, journeys } from '../db/schema/journeys';
import { attendanceModes } from '../db/schema/kiosk-config';
import { areas, sites } from '../db/schema/places';
import { visitEvents } from '../db/schema/visits';
import type { Executor } from '../sync/changes';

export interface JudgedEvent {
  eventId: string;
  personId: string;
  kind: 'in' | 'out';
  areaId: string | null;
  journeyId?: string | null;
  journeyFlowId?: string | null;
  userTypeId: string | null;
  at: number;
  details: Record<string, unknown> | null | undefined;
  source: 'kiosk' | 'dashboard';
}

/** What the event's details say about attendance once judged (absent when no mode applies). */
export interface AttendanceDetails {
  reasonId?: string;
  attendanceCode?: string;
  lateness?: Situation;
}

export const str = (x: unknown) => (typeof x === 'string' && x ? x : null);

type JourneyModes = Array<{ id: string; settings: ReturnType<typeof readJourneySettings> }>;

/** The attendance mode of the event's journey (journeys ordered by id); shared with judgeEvents. */
export function modeIdOf(all: JourneyModes, journeyId: string | null, userTypeId: string | null) {
  // No journey named: the kiosk's rule, the first journey with a mode shown to the person's type.
  const journey = journeyId
    ? all.find((j) => j.id === journeyId)
    : all.find(
        (j) =>
          j.settings.attendance_mode_id &&
          (j.settings.shown_user_types.length === 0 || j.settings.shown_user_types.includes(userTypeId ?? '')),
      );
  return journey?.settings.attendance_mode_id;
}

async function modeOf(tx: Executor, entityId: string, e: JudgedEvent): Promise<AttendanceMode | null> {
  let journeyId = e.journeyId ?? str(e.details?.journeyId);
  const flowId = e.journeyFlowId ?? str(e.details?.journeyFlowId);
  if (!journeyId && flowId) {
    const [flow] = await tx
      .select({ journeyId: journeyFlows.journeyId })
      .from(journeyFlows)
      .where(and(eq(journeyFlows.entityId, entityId), eq(journeyFlows.id, flowId)));
    journeyId = flow?.journeyId ?? null;
  }
  const all = (
    await tx
      .select({ id: journeys.id, settings: journeys.settings })
      .from(journeys)
      .where(eq(journeys.entityId, entityId))
      .orderBy(journeys.id)
  ).map((j) => ({ id: j.id, settings: readJourneySettings(j.settings) }));
  const modeId = modeIdOf(all, journeyId, e.userTypeId);
  if (!modeId) return null;
  const [mode] = await tx
    .select()
    .from(attendanceModes)
    .where(and(eq(attendanceModes.entityId, entityId), eq(attendanceModes.id, modeId)));
  return mode ?? null;
}

async function timeZoneOf(tx: Executor, entityId: string, areaId: string | null): Promise<string> {
  if (!areaId) return 'UTC';
  const [row] = await tx
    .select({ timeZone: sites.timeZone })
    .from(areas)
    .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
    .where(and(eq(areas.entityId, entityId), eq(areas.id, areaId)));
  return row?.timeZone ?? 'UTC';
}

/** On site just before this event: the person's latest earlier event was a sign-in. */
async function wasSignedIn(tx: Executor, entityId: string, e: JudgedEvent): Promise<boolean> {
  const [last] = await tx
    .select({ kind: visitEvents.kind })
    .from(visitEvents)
    .where(
      and(
        eq(visitEvents.entityId, entityId),
        eq(visitEvents.personId, e.personId),
        lt(visitEvents.at, e.at),
        ne(visitEvents.id, e.eventId),
      ),
    )
    .orderBy(desc(visitEvents.at))
    .limit(1);
  return last?.kind === 'in';
}

/** The mode that applies to the event and the domain's verdict on it; null when no mode applies. */
export async function verdictFor(tx: Executor, entityId: string, e: JudgedEvent) {
  const mode = await modeOf(tx, entityId, e);
  if (!mode) return null;
  const verdict = judgeAttendance(mode, {
    action: e.kind,
    signedIn: await wasSignedIn(tx, entityId, e),
    at: e.at,
    timeZone: await timeZoneOf(tx, entityId, e.areaId),
    reasonId: str(e.details?.reasonId),
  });
  return { mode, verdict };
}

/** The event's details without what the device claimed about attendance. */
export function withoutAttendance(details: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const { reasonId: _r, attendanceCode: _c, lateness: _l, ...rest } = details ?? {};
  return rest;
}

type Judged = NonNullable<Awaited<ReturnType<typeof verdictFor>>>;

/** The attendance_records row of a judged event (shared with judgeEvents). */
export const attendanceRecordOf = (entityId: string, e: JudgedEvent, { mode, verdict }: Judged) => ({
  entityId,
  id: e.eventId,
  personId: e.personId,
  kind: e.kind,
  areaId: e.areaId,
  attendanceModeId: mode.id,
  situation: verdict.situation,
  reasonId: verdict.reason?.id ?? null,
  reasonName: verdict.reason?.name ?? null,
  attendanceCode: verdict.attendanceCode,
  source: e.source,
  at: e.at,
});

/** The details to store: the device's, with attendance as the server decided it. */
export function judgedDetails(e: JudgedEvent, judged: Judged | null): Record<string, unknown> {
  const base = withoutAttendance(e.details);
  if (!judged) return base;
  const { verdict } = judged;
  const out: AttendanceDetails = {
    ...(verdict.reason ? { reasonId: verdict.reason.id } : {}),
    ...(verdict.attendanceCode ? { attendanceCode: verdict.attendanceCode } : {}),
    ...(verdict.situation ? { lateness: verdict.situation } : {}),
  };
  return { ...base, ...out };
}

/**
 * Judges the event, records it in attendance_records (once per event id) and returns the
 * details to store: the device's, with attendance as the server decided it.
 */
export async function judgeEvent(tx: Executor, entityId: string, e: JudgedEvent): Promise<Record<string, unknown>> {
  const judged = await verdictFor(tx, entityId, e);
  if (judged)
    await tx
      .insert(attendanceRecords)
      .values(attendanceRecordOf(entityId, e, judged))
      .onConflictDoNothing();
  return judgedDetails(e, judged);
}
