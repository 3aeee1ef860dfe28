// Attendance-mode reasons (spec 1 §4 "Reasons"): late sign-in applies to signed-out people,
// early sign-out to signed-in people; one reason is preselected, several are chosen from,
// none falls back to the mode's attendance code.
import * as v from 'valibot';

export const attendanceReason = v.object({
  id: v.string(),
  name: v.string(),
  type: v.picklist(['late_sign_in', 'early_sign_out']),
  attendanceCode: v.optional(v.nullable(v.string())),
  // When the reason applies (minutes since local midnight, inside the mode's hours),
  // how long it excuses, and the text the person is shown. Older rows carry none of them.
  durationMinutes: v.optional(v.nullable(v.number())),
  startMinutes: v.optional(v.nullable(v.number())),
  endMinutes: v.optional(v.nullable(v.number())),
  presented: v.optional(v.nullable(v.string())),
});
export type Reason = v.InferOutput<typeof attendanceReason>;

/** An attendance mode as devices hold it (the sync catalogue's `attendanceModes` row). */
export const attendanceMode = v.object({
  id: v.string(),
  name: v.string(),
  /** Minutes since local midnight. */
  startMinutes: v.number(),
  endMinutes: v.number(),
  lateGraceMinutes: v.number(),
  earlyGraceMinutes: v.number(),
  /** ISO weekdays 1 (Monday) to 7. */
  workingDays: v.array(v.number()),
  attendanceCode: v.string(),
  reasons: v.array(attendanceReason),
  integration: v.optional(v.nullable(v.string())),
  version: v.optional(v.number()),
});
export type AttendanceMode = v.InferOutput<typeof attendanceMode>;

export type ReasonChoice =
  | { kind: 'none' }
  | { kind: 'preselected'; reason: Reason }
  | { kind: 'choose'; reasons: Reason[] }
  | { kind: 'code'; attendanceCode: string };

/** Late when signing in after start + grace; early when signing out before end − grace. */
export function attendanceSituation(
  mode: AttendanceMode,
  action: 'in' | 'out',
  localMinutes: number,
  isoWeekday: number,
): 'late_sign_in' | 'early_sign_out' | null {
  if (!mode.workingDays.includes(isoWeekday)) return null;
  if (action === 'in' && localMinutes > mode.startMinutes + mode.lateGraceMinutes && localMinutes < mode.endMinutes)
    return 'late_sign_in';
  if (action === 'out' && localMinutes < mode.endMinutes - mode.earlyGraceMinutes && localMinutes > mode.startMinutes)
    return 'early_sign_out';
  return null;
}

/** A reason with a time range applies only inside it (start inclusive, end exclusive). */
export function reasonAppliesAt(reason: Reason, localMinutes: number | undefined): boolean {
  if (localMinutes === undefined || reason.startMinutes == null || reason.endMinutes == null) return true;
  return localMinutes >= reason.startMinutes && localMinutes < reason.endMinutes;
}

/** What the kiosk asks: a late reason only for someone signed out, an early one only for someone signed in. */
export function selectReason(
  mode: AttendanceMode,
  situation: 'late_sign_in' | 'early_sign_out' | null,
  signedIn: boolean,
  localMinutes?: number,
): ReasonChoice {
  if (!situation) return { kind: 'none' };
  if (situation === 'late_sign_in' && signedIn) return { kind: 'none' };
  if (situation === 'early_sign_out' && !signedIn) return { kind: 'none' };
  const reasons = mode.reasons.filter((r) => r.type === situation && reasonAppliesAt(r, localMinutes));
  if (reasons.length === 1) return { kind: 'preselected', reason: reasons[0]! };
  if (reasons.length > 1) return { kind: 'choose', reasons };
  return { kind: 'code', attendanceCode: mode.attendanceCode };
}
