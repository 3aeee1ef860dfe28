// What an admin sends to create or change an attendance mode or a reason (spec 1 §3, §5), and
// the rules that need the mode and its other reasons. Messages are i18n keys (locales "attendance").
import * as v from 'valibot';
import { minutesOf } from './attendance';
import type { AttendanceMode, Reason } from './reasons';
import type { FieldErrors } from './validation';

export const REASON_NAME_MAX = 20;
export const PRESENTED_MIN = 20;
export const PRESENTED_MAX = 500;
export const MODE_NAME_MAX = 50;
export const CODE_MAX = 30;

const name = (max: number) =>
  v.pipe(
    v.string('attendance.validation.required'),
    v.trim(),
    v.minLength(1, 'attendance.validation.required'),
    v.maxLength(max, 'attendance.validation.too_long'),
  );
const time = v.pipe(
  v.string('attendance.validation.time'),
  v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'attendance.validation.time'),
);
const minutes = (min: number, max: number) =>
  v.pipe(
    v.number('attendance.validation.number'),
    v.integer('attendance.validation.number'),
    v.minValue(min, min >= 1 ? 'attendance.validation.duration' : 'attendance.validation.number'),
    v.maxValue(max, 'attendance.validation.number'),
  );
const version = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)));

export const modeInput = v.object({
  name: name(MODE_NAME_MAX),
  workingDays: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7)), 'attendance.validation.days'),
    v.minLength(1, 'attendance.validation.days'),
    v.maxLength(7, 'attendance.validation.days'),
  ),
  startTime: time,
  endTime: time,
  lateGraceMinutes: minutes(0, 720),
  earlyGraceMinutes: minutes(0, 720),
  attendanceCode: name(CODE_MAX),
  integration: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(50, 'attendance.validation.too_long'))),
    null,
  ),
  /** The version the editor loaded; another admin's save in between is a conflict. */
  version,
});
export type ModeInput = v.InferOutput<typeof modeInput>;

export const reasonInput = v.object({
  attendanceModeId: v.pipe(v.string('attendance.validation.required'), v.uuid('attendance.validation.required')),
  name: name(REASON_NAME_MAX),
  type: v.picklist(['late_sign_in', 'early_sign_out'], 'attendance.validation.required'),
  durationMinutes: minutes(1, 1440),
  startTime: time,
  endTime: time,
  attendanceCode: name(CODE_MAX),
  presented: v.pipe(
    v.string('attendance.validation.presented'),
    v.trim(),
    v.minLength(PRESENTED_MIN, 'attendance.validation.presented'),
    v.maxLength(PRESENTED_MAX, 'attendance.validation.too_long'),
  ),
  /** The mode's version the editor loaded. */
  version,
});
export type ReasonInput = v.InferOutput<typeof reasonInput>;

export const uniqueModeQuery = v.object({
  name: v.pipe(v.string('attendance.validation.required'), v.trim(), v.maxLength(200)),
  id: v.optional(v.pipe(v.string(), v.maxLength(64))),
});

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
export const nameTaken = (name: string, others: readonly string[]): boolean => others.some((o) => same(o, name));

export function modeRuleErrors(input: ModeInput): FieldErrors {
  const errors: FieldErrors = {};
  if (minutesOf(input.endTime) <= minutesOf(input.startTime))
    errors.endTime = ['attendance.validation.end_after_start'];
  return errors;
}

/** A mode's hours must still hold its reasons' ranges. */
export function modeKeepsReasons(input: ModeInput, reasons: readonly Reason[]): boolean {
  const start = minutesOf(input.startTime);
  const end = minutesOf(input.endTime);
  return reasons.every(
    (r) => r.startMinutes == null || r.endMinutes == null || (r.startMinutes >= start && r.endMinutes <= end),
  );
}

/** A reason's range inside the mode's, not overlapping another of its type; its name unique in the mode. */
export function reasonRuleErrors(input: ReasonInput, mode: AttendanceMode, others: readonly Reason[]): FieldErrors {
  const errors: FieldErrors = {};
  const start = minutesOf(input.startTime);
  const end = minutesOf(input.endTime);
  if (end <= start) errors.endTime = ['attendance.validation.end_after_start'];
  else if (start < mode.startMinutes || end > mode.endMinutes)
    errors.startTime = ['attendance.validation.outside_mode'];
  else if (
    others.some(
      (r) =>
        r.type === input.type &&
        r.startMinutes != null &&
        r.endMinutes != null &&
        start < r.endMinutes &&
        r.startMinutes < end,
    )
  )
    errors.startTime = ['attendance.validation.overlap'];
  if (
    nameTaken(
      input.name,
      others.map((r) => r.name),
    )
  )
    errors.name = ['attendance.validation.name_taken'];
  return errors;
}

const uuid = v.pipe(v.string('attendance.validation.required'), v.uuid('attendance.validation.required'));
export const reasonsQuery = v.object({
  user_id: uuid,
  area_id: uuid,
  action: v.optional(v.picklist(['in', 'out'], 'attendance.validation.required'), 'in'),
  journey_id: v.optional(uuid),
});
