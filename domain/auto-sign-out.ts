// Automatic sign-out rules (spec 1 §3 "Site and area", §4 "Auto sign-out modes", "Area changes").
// Pure: the server job, the login-mode effects and the tests share these. Local midnight is
// found with Intl and the site's IANA zone (no hand-written offsets), so DST days are right.
import type { AutoSignOutMode, LoginMode } from './places';

/** The modes that end visits on their own (domain/places.ts holds every stored mode, 'none' too). */
export const TIMED_AUTO_SIGN_OUT_MODES = [
  'after 24 hours',
  'at midnight',
] as const satisfies readonly AutoSignOutMode[];
export type TimedAutoSignOutMode = (typeof TIMED_AUTO_SIGN_OUT_MODES)[number];

/** Why an automatic event happened: stored in the event's details, shown in the visit's history. */
export const AUTO_SIGN_OUT_REASONS = ['after_24_hours', 'at_midnight', 'login_mode_changed', 'access_removed'] as const;
export type AutoSignOutReason = (typeof AUTO_SIGN_OUT_REASONS)[number];

const DAY_MS = 86_400_000;

export interface OpenVisit {
  personId: string;
  /** The sign-in event that left the person signed in (their latest event). */
  signInEventId: string;
  areaId: string;
  signedInAt: number;
}

export interface DueSignOut {
  personId: string;
  signInEventId: string;
  areaId: string;
  /** The instant the person counts as signed out (24 h after sign-in, or the local midnight). */
  at: number;
  reason: AutoSignOutReason;
}

export const isTimedMode = (v: unknown): v is TimedAutoSignOutMode =>
  typeof v === 'string' && (TIMED_AUTO_SIGN_OUT_MODES as readonly string[]).includes(v);

const CHECK_IN_ONLY: readonly LoginMode[] = ['check in only', 'remote check in only'];
const REMOTE: readonly LoginMode[] = ['remote sign in/out', 'remote check in only'];

export const isCheckInOnly = (mode: string | null | undefined): boolean =>
  (CHECK_IN_ONLY as readonly unknown[]).includes(mode);

export const isRemoteMode = (mode: string | null | undefined): boolean => (REMOTE as readonly unknown[]).includes(mode);

/** Spec 1 §4: an area changed from a check-in-only mode to a sign in/out mode ends its open visits. */
export const loginModeChangeEndsVisits = (before: string | null | undefined, after: string | null | undefined) =>
  isCheckInOnly(before) && !isCheckInOnly(after) && after != null;

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function localParts(at: number, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at an instant (ms, east positive), read from Intl. */
export function zoneOffset(at: number, timeZone: string): number {
  const p = localParts(at, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The first instant after `at` whose local date is the next day: local 00:00, or, where a
 * DST change skips midnight, the first instant of that local day. */
export function nextLocalMidnight(at: number, timeZone: string): number {
  const p = localParts(at, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day + 1); // next local 00:00 as if it were UTC
  const candidates = new Set<number>();
  for (const probe of [wall - zoneOffset(at, timeZone), wall - zoneOffset(wall, timeZone)]) {
    candidates.add(wall - zoneOffset(probe, timeZone));
    candidates.add(probe);
  }
  // The earliest candidate that is already on the next local day (or later) is the day's start.
  let best = Infinity;
  for (const c of candidates) {
    if (c <= at) continue;
    const q = localParts(c, timeZone);
    if (Date.UTC(q.year, q.month - 1, q.day, q.hour, q.minute, q.second) >= wall && c < best) best = c;
  }
  return best;
}

/** When a visit that began at `signedInAt` is due to end under `mode` (null: never). */
export function dueAt(mode: string | null | undefined, signedInAt: number, timeZone: string): number | null {
  if (mode === 'after 24 hours') return signedInAt + DAY_MS;
  if (mode === 'at midnight') return nextLocalMidnight(signedInAt, timeZone);
  return null;
}

/**
 * The auto sign-outs due by `now`. Every open visit whose due instant has passed is returned,
 * however long ago (a job that was down at midnight catches up once when it starts); doubling
 * is prevented by the caller passing only people still signed in, not by a time window.
 */
export function dueSignOuts(
  visits: readonly OpenVisit[],
  areaOf: (areaId: string) => { mode: string | null; timeZone: string } | undefined,
  now: number,
): DueSignOut[] {
  const due: DueSignOut[] = [];
  for (const v of visits) {
    const area = areaOf(v.areaId);
    if (!area || !isTimedMode(area.mode)) continue;
    const at = dueAt(area.mode, v.signedInAt, area.timeZone);
    if (at === null || at > now) continue;
    due.push({
      personId: v.personId,
      signInEventId: v.signInEventId,
      areaId: v.areaId,
      at,
      reason: area.mode === 'after 24 hours' ? 'after_24_hours' : 'at_midnight',
    });
  }
  return due;
}

/** What a visit's history says about an event beyond in/out: the i18n key of its automatic
 * reason ("Auto signed out at midnight"), or that it came from a phone; null for plain events. */
export function eventNoteKey(details: unknown): string | null {
  if (!details || typeof details !== 'object') return null;
  const d = details as { auto?: unknown; reason?: unknown; remote?: unknown };
  if (d.auto === true && (AUTO_SIGN_OUT_REASONS as readonly unknown[]).includes(d.reason))
    return `autoSignOut.reasons.${d.reason as AutoSignOutReason}`;
  return d.remote === true ? 'autoSignOut.remote' : null;
}
