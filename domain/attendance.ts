// Late sign-in / early sign-out decided for one event. The kiosk runs this on
// the device and the server runs it again when it applies the mutation; the server's answer is
// what is stored. Time is the event's instant read in the SITE's time zone (IANA), not the device's.
import { attendanceSituation, selectReason, type AttendanceMode, type Reason } from './reasons';

export type Situation = 'late_sign_in' | 'early_sign_out';

/** Minutes since local midnight and ISO weekday (1 = Monday) of `at` in `timeZone`; UTC when unknown. */
export function localMoment(at: number, timeZone: string | null | undefined): { minutes: number; weekday: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: timeZone || 'UTC',
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    }).formatToParts(new Date(at));
  } catch {
    return localMoment(at, 'UTC');
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { minutes: Number(get('hour')) * 60 + Number(get('minute')), weekday: weekday || 1 };
}

export interface AttendanceEvent {
  action: 'in' | 'out';
  /** Whether the person was on site before this event. */
  signedIn: boolean;
  at: number;
  timeZone: string | null | undefined;
  /** The reason the person (or admin) picked, when several were offered. */
  reasonId?: string | null;
}

export interface AttendanceVerdict {
  situation: Situation | null;
  /** What the person is asked on the kiosk. */
  choice: ReturnType<typeof selectReason>;
  reason: Reason | null;
  attendanceCode: string | null;
}

/**
 * The stored outcome: the only reason is taken; of several, the picked one if it is one of them
 * (else none, and the mode's code); no reason → the mode's code. Off a working day: no code.
 */
export function judgeAttendance(mode: AttendanceMode, e: AttendanceEvent): AttendanceVerdict {
  const { minutes, weekday } = localMoment(e.at, e.timeZone);
  const situation = attendanceSituation(mode, e.action, minutes, weekday);
  const choice = selectReason(mode, situation, e.signedIn, minutes);
  const working = mode.workingDays.includes(weekday);
  let reason: Reason | null = null;
  if (choice.kind === 'preselected') reason = choice.reason;
  if (choice.kind === 'choose') reason = choice.reasons.find((r) => r.id === e.reasonId) ?? null;
  const attendanceCode = reason?.attendanceCode || (working ? mode.attendanceCode : null);
  return { situation: choice.kind === 'none' ? null : situation, choice, reason, attendanceCode };
}

/** "HH:mm" ↔ minutes since midnight. */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const hhmmOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
