// Attendance modes and their reasons (spec 1 §3–§5, spec 2 §7 "Attendance").
// Each method finds the record in the caller's company first (else 404), then checks the
// permission, then the payload; writes go through the change feed under its lock, so the name
// checks and the version check cannot race another admin's save.
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { hhmmOf, minutesOf } from '../../domain/attendance';
import {
  modeInput,
  modeKeepsReasons,
  modeRuleErrors,
  nameTaken,
  reasonInput,
  reasonRuleErrors,
  uniqueModeQuery,
  reasonsQuery,
  type ModeInput,
  type ReasonInput,
} from '../../domain/attendance-schemas';
import { readJourneySettings } from '../../domain/journey';
import type { Reason } from '../../domain/reasons';
import type { FieldErrors } from '../../domain/validation';
import type { Db } from '../db/database';
import { journeys } from '../db/schema/journeys';
import { attendanceModes } from '../db/schema/kiosk-config';
import { users } from '../db/schema/people';
import { areas } from '../db/schema/places';
import { ApiError, invalid, notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { parseOrThrow } from '../http/validate';
import { withFeed, type Tx } from '../sync/changes';
import { verdictFor } from './attendance-judge';
import { modeChange, modeGone, type ModeRow } from './attendance.projections';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const reasonWire = (r: Reason) => ({
  ...r,
  startTime: r.startMinutes == null ? null : hhmmOf(r.startMinutes),
  endTime: r.endMinutes == null ? null : hhmmOf(r.endMinutes),
});
export const modeWire = (m: ModeRow) => ({
  id: m.id,
  name: m.name,
  workingDays: m.workingDays,
  startTime: hhmmOf(m.startMinutes),
  endTime: hhmmOf(m.endMinutes),
  startMinutes: m.startMinutes,
  endMinutes: m.endMinutes,
  lateGraceMinutes: m.lateGraceMinutes,
  earlyGraceMinutes: m.earlyGraceMinutes,
  attendanceCode: m.attendanceCode,
  integration: m.integration,
  version: m.version,
  reasons: m.reasons.map(reasonWire),
});

const fail = (errors: FieldErrors) => {
  if (Object.keys(errors).length) throw invalid(errors);
};
const conflict = () => new ApiError(409, 'version_conflict');

export function attendanceService(db: Db, now: () => number, onChanged: (entityId: string) => void) {
  async function modes(x: Db | Tx, entityId: string) {
    return x.select().from(attendanceModes).where(eq(attendanceModes.entityId, entityId)).orderBy(attendanceModes.name);
  }
  async function ownMode(x: Db | Tx, ctx: RequestContext, id: string): Promise<ModeRow> {
    const [row] = UUID.test(id)
      ? await x
          .select()
          .from(attendanceModes)
          .where(and(eq(attendanceModes.entityId, ctx.entityId), eq(attendanceModes.id, id)))
      : [];
    if (!row) throw notFound();
    return row;
  }
  async function modeOfReason(x: Db | Tx, ctx: RequestContext, reasonId: string): Promise<ModeRow> {
    const found = UUID.test(reasonId)
      ? (await modes(x, ctx.entityId)).find((m) => m.reasons.some((r) => r.id === reasonId))
      : undefined;
    if (!found) throw notFound();
    return found;
  }
  const stale = (row: ModeRow, version: number | undefined) => version !== undefined && version !== row.version;

  async function save(tx: Tx, row: ModeRow, patch: Partial<ModeRow>) {
    const [updated] = await tx
      .update(attendanceModes)
      .set({ ...patch, version: row.version + 1 })
      .where(and(eq(attendanceModes.entityId, row.entityId), eq(attendanceModes.id, row.id)))
      .returning();
    return { result: updated!, changes: [modeChange(updated!)] };
  }

  const reasonOf = (input: ReasonInput, id: string): Reason => ({
    id,
    name: input.name,
    type: input.type,
    attendanceCode: input.attendanceCode,
    durationMinutes: input.durationMinutes,
    startMinutes: minutesOf(input.startTime),
    endMinutes: minutesOf(input.endTime),
    presented: input.presented,
  });

  async function writeReason(ctx: RequestContext, input: ReasonInput, reasonId: string | null) {
    const row = await withFeed(db, ctx.entityId, async (tx) => {
      const mode = await ownMode(tx, ctx, input.attendanceModeId);
      if (reasonId && !mode.reasons.some((r) => r.id === reasonId)) throw notFound();
      if (stale(mode, input.version)) throw conflict();
      const others = mode.reasons.filter((r) => r.id !== reasonId);
      fail(reasonRuleErrors(input, { ...mode, reasons: others }, others));
      const next = reasonOf(input, reasonId ?? uuidv7());
      const reasons = reasonId ? mode.reasons.map((r) => (r.id === reasonId ? next : r)) : [...mode.reasons, next];
      return save(tx, mode, { reasons });
    });
    onChanged(ctx.entityId);
    return modeWire(row);
  }

  return {
    async list(ctx: RequestContext) {
      assertAllowed(ctx, 'show_attendance_modes');
      return (await modes(db, ctx.entityId)).map(modeWire);
    },

    async get(ctx: RequestContext, id: string) {
      const row = await ownMode(db, ctx, id);
      assertAllowed(ctx, 'show_attendance_modes');
      return modeWire(row);
    },

    /** GET /api/attendance-mode/unique: the availability flag of a name (spec 2 §5). */
    async unique(ctx: RequestContext, query: unknown) {
      const q = parseOrThrow(uniqueModeQuery, query);
      const others = (await modes(db, ctx.entityId)).filter((m) => m.id !== q.id).map((m) => m.name);
      return { available: q.name.length > 0 && !nameTaken(q.name, others) };
    },

    async create(ctx: RequestContext, body: unknown) {
      assertAllowed(ctx, 'add_attendance_mode');
      const input = parseOrThrow(modeInput, body);
      fail(modeRuleErrors(input));
      const row = await withFeed(db, ctx.entityId, async (tx) => {
        if (
          nameTaken(
            input.name,
            (await modes(tx, ctx.entityId)).map((m) => m.name),
          )
        )
          fail({ name: ['attendance.validation.name_taken'] });
        const [created] = await tx
          .insert(attendanceModes)
          .values({ entityId: ctx.entityId, id: uuidv7(), ...fields(input), reasons: [] })
          .returning();
        return { result: created!, changes: [modeChange(created!)] };
      });
      onChanged(ctx.entityId);
      return modeWire(row);
    },

    async update(ctx: RequestContext, id: string, body: unknown) {
      await ownMode(db, ctx, id);
      assertAllowed(ctx, 'add_attendance_mode');
      const input = parseOrThrow(modeInput, body);
      fail(modeRuleErrors(input));
      const row = await withFeed(db, ctx.entityId, async (tx) => {
        const mode = await ownMode(tx, ctx, id);
        if (stale(mode, input.version)) throw conflict();
        const others = (await modes(tx, ctx.entityId)).filter((m) => m.id !== id).map((m) => m.name);
        if (nameTaken(input.name, others)) fail({ name: ['attendance.validation.name_taken'] });
        if (!modeKeepsReasons(input, mode.reasons)) fail({ startTime: ['attendance.validation.reasons_outside'] });
        return save(tx, mode, fields(input));
      });
      onChanged(ctx.entityId);
      return modeWire(row);
    },

    async createReason(ctx: RequestContext, body: unknown) {
      assertAllowed(ctx, 'add_reason');
      const input = parseOrThrow(reasonInput, body);
      await ownMode(db, ctx, input.attendanceModeId);
      return writeReason(ctx, input, null);
    },

    async updateReason(ctx: RequestContext, reasonId: string, body: unknown) {
      await modeOfReason(db, ctx, reasonId);
      assertAllowed(ctx, 'add_reason');
      return writeReason(ctx, parseOrThrow(reasonInput, body), reasonId);
    },

    /** DELETE /api/{row}/{id}: only the rows named here; anything else is 404. */
    async remove(ctx: RequestContext, rowName: string, id: string) {
      if (rowName === 'reason') {
        await modeOfReason(db, ctx, id);
        assertAllowed(ctx, 'add_reason');
        await withFeed(db, ctx.entityId, async (tx) => {
          const mode = await modeOfReason(tx, ctx, id);
          return save(tx, mode, { reasons: mode.reasons.filter((r) => r.id !== id) });
        });
      } else if (rowName === 'attendance_mode') {
        await ownMode(db, ctx, id);
        assertAllowed(ctx, 'add_attendance_mode');
        await withFeed(db, ctx.entityId, async (tx) => {
          const mode = await ownMode(tx, ctx, id);
          const used = (await tx.select().from(journeys).where(eq(journeys.entityId, ctx.entityId))).filter(
            (j) => !j.deletedAt && readJourneySettings(j.settings).attendance_mode_id === id,
          );
          if (used.length)
            throw new ApiError(400, 'attendance_mode_in_use', undefined, {
              journeys: used.map((j) => j.name).join(', '),
            });
          await tx
            .delete(attendanceModes)
            .where(and(eq(attendanceModes.entityId, ctx.entityId), eq(attendanceModes.id, id)));
          return { result: null, changes: [modeGone(mode)] };
        });
      } else throw notFound();
      onChanged(ctx.entityId);
    },

    /** GET /api/get_reasons_should_check_in_visit: what a sign-in / sign-out of this person in
     * this area would be asked now (the kiosk's question, answered by the server). */
    async reasonsForVisit(ctx: RequestContext, query: unknown) {
      const q = parseOrThrow(reasonsQuery, query);
      const [person] = await db
        .select({ id: users.id, userTypeId: users.userTypeId })
        .from(users)
        .where(and(eq(users.entityId, ctx.entityId), eq(users.id, q.user_id)));
      const [area] = await db
        .select({ id: areas.id })
        .from(areas)
        .where(and(eq(areas.entityId, ctx.entityId), eq(areas.id, q.area_id)));
      if (!person || !area) throw notFound();
      const judged = await verdictFor(db, ctx.entityId, {
        eventId: '00000000-0000-0000-0000-000000000000',
        personId: person.id,
        kind: q.action,
        areaId: area.id,
        journeyId: q.journey_id ?? null,
        userTypeId: person.userTypeId,
        at: now(),
        details: null,
        source: 'dashboard',
      });
      const choice = judged?.verdict.choice ?? { kind: 'none' as const };
      return {
        should_check: choice.kind === 'preselected' || choice.kind === 'choose',
        situation: judged?.verdict.situation ?? null,
        attendance_mode_id: judged?.mode.id ?? null,
        reasons:
          choice.kind === 'preselected'
            ? [reasonWire(choice.reason)]
            : choice.kind === 'choose'
              ? choice.reasons.map(reasonWire)
              : [],
        preselected: choice.kind === 'preselected' ? choice.reason.id : null,
        attendance_code: judged?.verdict.attendanceCode ?? null,
      };
    },

    /** GET /api/attendance_code/{entityId}/{id}: the codes in use for integration {id} ("none": no
     * integration); with add_reason, those a reason of attendance_mode_id has not taken yet. */
    async codes(
      ctx: RequestContext,
      integration: string,
      query: { add_reason?: unknown; attendance_mode_id?: unknown },
    ) {
      const all = await modes(db, ctx.entityId);
      const modeId = typeof query.attendance_mode_id === 'string' ? query.attendance_mode_id : null;
      const mode = modeId ? all.find((m) => m.id === modeId) : null;
      if (modeId && !mode) throw notFound();
      const mine = all.filter((m) => (m.integration ?? 'none') === integration);
      const codes = new Set(
        mine.flatMap((m) => [
          m.attendanceCode,
          ...m.reasons.flatMap((r) => (r.attendanceCode ? [r.attendanceCode] : [])),
        ]),
      );
      const addReason = query.add_reason === '1' || query.add_reason === 'true';
      if (addReason && mode) for (const r of mode.reasons) if (r.attendanceCode) codes.delete(r.attendanceCode);
      return [...codes].sort().map((code) => ({ id: code, name: code }));
    },
  };
}

function fields(input: ModeInput) {
  return {
    name: input.name,
    workingDays: [...new Set(input.workingDays)].sort(),
    startMinutes: minutesOf(input.startTime),
    endMinutes: minutesOf(input.endTime),
    lateGraceMinutes: input.lateGraceMinutes,
    earlyGraceMinutes: input.earlyGraceMinutes,
    attendanceCode: input.attendanceCode,
    integration: input.integration || null,
  };
}

export type AttendanceService = ReturnType<typeof attendanceService>;
