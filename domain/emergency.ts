// Roll-call rules (DESIGN "Events, not overwrites"): a person's status in an emergency session
// is derived from append-only marks, ordered by corrected time then mark id, so every device
// and the server derive the same status from the same marks in any order, with any repeats.

export const ROLL_CALL_STATUSES = ['unaccounted', 'safe', 'injured', 'missing', 'left_site'] as const;
export type RollCallStatus = (typeof ROLL_CALL_STATUSES)[number];

/** The statuses a warden can tap; 'unaccounted' is where everyone starts. */
export const MARKABLE_STATUSES = [
  'safe',
  'injured',
  'missing',
  'left_site',
] as const satisfies readonly RollCallStatus[];
export type MarkableStatus = (typeof MARKABLE_STATUSES)[number];

/** Located people: the roll call knows where they are. */
export const ACCOUNTED_STATUSES: readonly RollCallStatus[] = ['safe', 'injured', 'left_site'];

export const isAccounted = (status: RollCallStatus): boolean => ACCOUNTED_STATUSES.includes(status);

/** Two devices marking one person differently this close together is a conflict to settle. */
export const CONFLICT_WINDOW_MS = 2 * 60 * 1000;

export interface RollCallMark {
  id: string;
  sessionId: string;
  personId: string;
  status: RollCallStatus;
  /** Device time corrected by the device's measured offset to the server clock. */
  at: number;
  /** The warden's user id; null for marks implied by a kiosk sign-in or sign-out. */
  markedBy: string | null;
  /** Who tapped it: two taps from one device are a correction, from two devices a possible conflict. */
  deviceId: string | null;
  /** A person settled a conflict with this mark: marks before it are no longer contested. */
  settles?: boolean;
}

export interface PersonStatus {
  personId: string;
  status: RollCallStatus;
  latest: RollCallMark | null;
  /** Every device's latest differing mark within the window of the latest mark, latest mark included. Empty when uncontested. */
  conflict: RollCallMark[];
}

export function compareMarks(a: Pick<RollCallMark, 'at' | 'id'>, b: Pick<RollCallMark, 'at' | 'id'>): number {
  return a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

const markerOf = (m: RollCallMark): string | null => (m.markedBy === null ? null : `${m.markedBy}|${m.deviceId ?? ''}`);

/**
 * One person's status from their marks. The latest mark decides. It is contested when another
 * device's latest mark (made after the last settling mark) differs from it and is no more than
 * CONFLICT_WINDOW_MS older. Kiosk-implied marks (markedBy null) decide but never conflict.
 */
export function statusOf(personId: string, marks: readonly RollCallMark[]): PersonStatus {
  let latest: RollCallMark | null = null;
  let lastSettle: RollCallMark | null = null;
  for (const m of marks) {
    if (!latest || compareMarks(latest, m) < 0) latest = m;
    if (m.settles && (!lastSettle || compareMarks(lastSettle, m) < 0)) lastSettle = m;
  }
  if (!latest) return { personId, status: 'unaccounted', latest: null, conflict: [] };
  const latestMarker = markerOf(latest);
  if (latestMarker === null || latest.settles) return { personId, status: latest.status, latest, conflict: [] };

  const perMarker = new Map<string, RollCallMark>();
  for (const m of marks) {
    const marker = markerOf(m);
    if (marker === null || (lastSettle && compareMarks(m, lastSettle) <= 0)) continue;
    const seen = perMarker.get(marker);
    if (!seen || compareMarks(seen, m) < 0) perMarker.set(marker, m);
  }
  const rivals = [...perMarker.entries()]
    .filter(
      ([marker, m]) => marker !== latestMarker && m.status !== latest.status && latest.at - m.at <= CONFLICT_WINDOW_MS,
    )
    .map(([, m]) => m);
  const conflict = rivals.length ? [...rivals, latest].sort(compareMarks) : [];
  return { personId, status: latest.status, latest, conflict };
}

/** Every person's status from a bag of marks (duplicates by id count once). */
export function rollCallStatuses(marks: Iterable<RollCallMark>): Map<string, PersonStatus> {
  const byPerson = new Map<string, Map<string, RollCallMark>>();
  for (const m of marks) {
    let own = byPerson.get(m.personId);
    if (!own) byPerson.set(m.personId, (own = new Map()));
    own.set(m.id, m);
  }
  const out = new Map<string, PersonStatus>();
  for (const [personId, own] of byPerson) out.set(personId, statusOf(personId, [...own.values()]));
  return out;
}
