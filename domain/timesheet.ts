// Timesheet: hours per person per day against their attendance mode. Days are the
// SITE's calendar days (IANA time zone), so a visit over midnight is split at the site's local
// midnight, and a DST day really has 23 or 25 hours. Weeks start on Monday (domain/date-format).
import type { AttendanceMode } from './reasons';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

/** What the server judged at a sign-in or sign-out (attendance_records). */
export interface AttendanceMark {
  situation: 'late_sign_in' | 'early_sign_out' | null;
  reasonName: string | null;
  attendanceCode: string | null;
  modeId: string;
  at: number;
}

export interface TimesheetVisit {
  id: string;
  personId: string;
  timeZone: string;
  timeIn: number;
  /** null: still on site (counted up to now). */
  timeOut: number | null;
  in?: AttendanceMark | null;
  out?: AttendanceMark | null;
}

export interface TimesheetDay {
  day: string;
  minutes: number;
  firstIn: number;
  lastOut: number | null;
  /** The mode's working minutes that day; 0 off a working day; null without a mode. */
  expectedMinutes: number | null;
  late: AttendanceMark | null;
  early: AttendanceMark | null;
  codes: string[];
  open: boolean;
}

export interface TimesheetPerson {
  personId: string;
  days: TimesheetDay[];
  weeks: Array<{ week: string; minutes: number }>;
  totalMinutes: number;
}

const parts = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string) {
  let f = parts.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    parts.set(tz, f);
  }
  return f;
}

/** The wall clock of `at` in `tz`, read as if it were UTC, minus `at`: the zone's offset. */
function offsetMs(tz: string, at: number): number {
  const p = Object.fromEntries(
    formatter(tz)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return wall - Math.floor(at / 1000) * 1000;
}

/** YYYY-MM-DD of an instant in a time zone. */
export function localDay(at: number, tz: string): string {
  const p = Object.fromEntries(
    formatter(tz)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}`;
}

/** The instant a calendar day starts in a time zone (offset taken twice: DST changes at night). */
export function localMidnight(day: string, tz: string): number {
  const guess = Date.parse(`${day}T00:00:00Z`);
  const first = guess - offsetMs(tz, guess);
  return guess - offsetMs(tz, first);
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The parts of [start, end) on each local calendar day of `tz`. */
export function splitAtMidnight(start: number, end: number, tz: string) {
  const out: Array<{ day: string; start: number; end: number }> = [];
  let from = start;
  while (from < end) {
    const day = localDay(from, tz);
    const midnight = localMidnight(nextDay(day), tz);
    const to = Math.min(end, midnight);
    out.push({ day, start: from, end: to });
    from = to;
  }
  return out;
}

/** The Monday of a day's week. */
export function weekOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const isoWeekday = ((new Date(t).getUTCDay() + 6) % 7) + 1;
  return new Date(t - (isoWeekday - 1) * DAY_MS).toISOString().slice(0, 10);
}

const isoWeekdayOf = (day: string) => ((new Date(Date.parse(`${day}T00:00:00Z`)).getUTCDay() + 6) % 7) + 1;

export function expectedMinutes(mode: AttendanceMode | undefined, day: string): number | null {
  if (!mode) return null;
  return mode.workingDays.includes(isoWeekdayOf(day)) ? Math.max(0, mode.endMinutes - mode.startMinutes) : 0;
}

/**
 * One person's timesheet for the days from..to (inclusive): visits (any order) split at the
 * site's midnight, minutes summed per day and per Monday week. A late sign-in counts on the day
 * it happened, an early sign-out on the day of the sign-out.
 */
export function timesheetOf(
  personId: string,
  visits: TimesheetVisit[],
  modes: ReadonlyMap<string, AttendanceMode>,
  range: { from: string; to: string },
  now: number,
): TimesheetPerson {
  const days = new Map<string, TimesheetDay & { ms: number }>();
  const dayOf = (day: string, at: number) => {
    let d = days.get(day);
    if (!d) {
      d = {
        day,
        minutes: 0,
        ms: 0,
        firstIn: at,
        lastOut: null,
        expectedMinutes: null,
        late: null,
        early: null,
        codes: [],
        open: false,
      };
      days.set(day, d);
    }
    return d;
  };
  const inRange = (day: string) => day >= range.from && day <= range.to;
  const sorted = [...visits].filter((v) => v.personId === personId).sort((a, b) => a.timeIn - b.timeIn);
  for (const v of sorted) {
    const end = v.timeOut ?? Math.max(v.timeIn, now);
    const pieces = splitAtMidnight(v.timeIn, end, v.timeZone);
    if (pieces.length === 0) pieces.push({ day: localDay(v.timeIn, v.timeZone), start: v.timeIn, end: v.timeIn });
    pieces.forEach((p, i) => {
      if (!inRange(p.day)) return;
      const d = dayOf(p.day, p.start);
      d.ms += p.end - p.start;
      d.firstIn = Math.min(d.firstIn, p.start);
      const last = i === pieces.length - 1;
      if (last && v.timeOut == null) d.open = true;
      else d.lastOut = Math.max(d.lastOut ?? 0, p.end);
      const marks = [i === 0 ? v.in : null, last && v.timeOut != null ? v.out : null];
      const modeId = v.in?.modeId ?? v.out?.modeId;
      if (modeId && d.expectedMinutes == null) d.expectedMinutes = expectedMinutes(modes.get(modeId), p.day);
      if (i === 0 && v.in?.situation === 'late_sign_in' && !d.late) d.late = v.in;
      if (last && v.timeOut != null && v.out?.situation === 'early_sign_out') d.early = v.out;
      for (const m of marks)
        if (m?.attendanceCode && !d.codes.includes(m.attendanceCode)) d.codes.push(m.attendanceCode);
    });
  }
  const list = [...days.values()]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map(({ ms, ...d }) => ({ ...d, minutes: Math.round(ms / MINUTE) }));
  const weeks = new Map<string, number>();
  for (const d of list) weeks.set(weekOf(d.day), (weeks.get(weekOf(d.day)) ?? 0) + d.minutes);
  return {
    personId,
    days: list,
    weeks: [...weeks].map(([week, minutes]) => ({ week, minutes })),
    totalMinutes: list.reduce((n, d) => n + d.minutes, 0),
  };
}

/** "7:30" for 450 minutes (hours can pass 24 in a week's total). */
export function hoursText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(minutes);
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}
