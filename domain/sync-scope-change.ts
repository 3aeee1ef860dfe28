// Scope changes: a device's scope is a value — its kind, the day its windows start,
// the history window, and the areas and journeys it holds — and a pull cursor names the scope
// its rows were chosen under by a fingerprint. When the scope a device has now differs, the
// server sends the difference: rows newly in scope as puts, rows that left as deletes. A new
// day is a scope change too, which is how yesterday's rows age out of a device that never
// syncs from scratch.
import * as v from 'valibot';
import { comparePresence, type PresenceEvent } from './presence';
import { HISTORY_WINDOW_DAYS, scopeWindows, type DeviceKind, type ScopeWindows } from './sync-scope';

/** The bounds of the company's history-window setting, in days. */
export const MIN_HISTORY_WINDOW_DAYS = 1;
export const MAX_HISTORY_WINDOW_DAYS = 90;

export interface DeviceScope {
  kind: DeviceKind;
  /** The first instant of "today" for the company (domain/sync-scope.ts companyDayStart). */
  dayStart: number;
  historyDays: number;
  /** The areas whose expected visits the device holds, sorted; null: every area. */
  areas: string[] | null;
  /** The journeys (and their flows) the device holds, sorted; null: every journey. */
  journeys: string[] | null;
}

export function deviceScope(
  kind: DeviceKind,
  dayStart: number,
  place: { areas?: readonly string[] | null; journeys?: readonly string[] | null; historyDays?: number | null } = {},
): DeviceScope {
  const sorted = (ids: readonly string[] | null | undefined) => (ids ? [...new Set(ids)].sort() : null);
  return {
    kind,
    dayStart,
    historyDays: place.historyDays ?? HISTORY_WINDOW_DAYS,
    areas: sorted(place.areas),
    journeys: sorted(place.journeys),
  };
}

export function windowsOf(s: DeviceScope): ScopeWindows {
  return {
    ...scopeWindows(s.kind, s.dayStart, s.historyDays),
    areas: s.areas ? new Set(s.areas) : null,
    journeys: s.journeys ? new Set(s.journeys) : null,
  };
}

/** What a device whose cursor names no known scope may hold (a cursor from before scopes): anything. */
export const ANY_SCOPE: ScopeWindows = { historyFrom: -Infinity, upcoming: null, areas: null, journeys: null };

/** 64 bits of FNV-1a over the scope's canonical form, in base 36: short enough for a cursor. */
export function scopeFingerprint(s: DeviceScope): string {
  const text = JSON.stringify([s.kind, s.dayStart, s.historyDays, s.areas, s.journeys]);
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(36);
}

/** What a scope change sends for one row: a put when it entered the scope, a delete when it
 * left; a put or a delete of a row a device already has, or lacks, changes nothing. */
export function scopeMove(heldBefore: boolean, heldNow: boolean): 'put' | 'del' | null {
  if (heldBefore === heldNow) return null;
  return heldNow ? 'put' : 'del';
}

/**
 * What a device that may hold any row (a cursor from before scopes) is sent for the presence rows
 * older than the window: one delete per person, of their newest row that left — older than the
 * window and not their latest sign-in. Every older row of theirs left too (older, and not the
 * latest), and the device's delete of an aged row takes the person's older rows with it
 * (domain/aged-presence.ts), so one delete a person drops exactly what a first sync leaves out,
 * and each person's rows leave at once: no page boundary shows an older sign-in as the latest.
 */
export function agedOutPerPerson<E extends PresenceEvent>(events: readonly E[], historyFrom: number): E[] {
  const byPerson = new Map<string, { latest: E; aged: E[] }>();
  for (const e of events) {
    const p = byPerson.get(e.personId) ?? byPerson.set(e.personId, { latest: e, aged: [] }).get(e.personId)!;
    if (comparePresence(p.latest, e) < 0) p.latest = e;
    if (e.at < historyFrom) p.aged.push(e);
  }
  return [...byPerson.values()].flatMap(({ latest, aged }) => {
    const left = aged.filter((e) => !(e === latest && e.kind === 'in'));
    return left.length ? [left.reduce((a, b) => (comparePresence(a, b) < 0 ? b : a))] : [];
  });
}

/** PUT /api/sync/history-window: the days of history an admin's device holds (the company's setting).
 * A value out of range gets a message naming the range, the same on the screen and from the API. */
export const historyWindowBody = v.object({
  history_days: v.pipe(
    v.number('validation.required'),
    v.integer('historyWindow.validation.days_range'),
    v.minValue(MIN_HISTORY_WINDOW_DAYS, 'historyWindow.validation.days_range'),
    v.maxValue(MAX_HISTORY_WINDOW_DAYS, 'historyWindow.validation.days_range'),
  ),
});
