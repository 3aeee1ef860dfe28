// Sync scopes: which history a device holds. Every device keeps what decides who is
// on site now (each person's latest event when it is a sign-in, however old) and today's events;
// an admin's device adds a window of history; a kiosk holds expected visits from yesterday to a
// few days ahead. Older history stays on the server and is read from it on demand.
import { isAllowed, KIOSK_DEVICE_PERMISSION, type PermissionMap } from './permissions';
import { latestPerPerson, type PresenceEvent } from './presence';
import { localDay, localMidnight } from './timesheet';

const DAY_MS = 86_400_000;

/** Days of history before today an admin's device holds (the dashboard's 14-day chart works offline). */
export const HISTORY_WINDOW_DAYS = 14;
/** Days after today a kiosk holds expected visits for (a visitor may arrive with next week's QR code). */
export const KIOSK_EXPECTED_DAYS_AHEAD = 7;

export type DeviceKind = 'kiosk' | 'admin' | 'other';

/** A kiosk's token first: it never holds history; a caller who may see the dashboard holds the window. */
export function deviceKindOf(permissions: PermissionMap): DeviceKind {
  if (isAllowed(permissions, KIOSK_DEVICE_PERMISSION)) return 'kiosk';
  if (isAllowed(permissions, 'dashboard')) return 'admin';
  return 'other';
}

/** The first instant of the local day that contains `at` in `timeZone` (the timesheet's rule). */
export function startOfLocalDay(at: number, timeZone: string): number {
  return localMidnight(localDay(at, timeZone), timeZone);
}

/** "Today" for a company with sites in several zones starts at the earliest of their midnights. */
export function companyDayStart(now: number, timeZones: readonly string[]): number {
  const starts = timeZones.flatMap((z) => {
    try {
      return [startOfLocalDay(now, z)];
    } catch {
      return []; // a zone Intl does not know: the others (or UTC) decide
    }
  });
  return starts.length ? Math.min(...starts) : startOfLocalDay(now, 'UTC');
}

export interface ScopeWindows {
  /** History rows (events, visit records) at or after this instant are held. */
  historyFrom: number;
  /** Expected visits held: [from, to); null holds them all. */
  upcoming: { from: number; to: number } | null;
  /** Areas whose expected visits are held (one without an area always is); null or absent: every area. */
  areas?: ReadonlySet<string> | null;
  /** Journeys held with their flows; null or absent: every journey. */
  journeys?: ReadonlySet<string> | null;
}

export function scopeWindows(kind: DeviceKind, dayStart: number, historyDays = HISTORY_WINDOW_DAYS): ScopeWindows {
  return {
    historyFrom: kind === 'admin' ? dayStart - historyDays * DAY_MS : dayStart,
    upcoming:
      kind === 'kiosk' ? { from: dayStart - DAY_MS, to: dayStart + (KIOSK_EXPECTED_DAYS_AHEAD + 1) * DAY_MS } : null,
  };
}

/**
 * Whether an event belongs to the scope. `latest` says whether it is its person's latest event.
 * An event older than the window is held only while it is its person's latest sign-in: a latest
 * sign-out decides nothing once the sign-ins it ended are gone, and its delete takes them with it
 * (domain/aged-presence.ts), so an aged sign-out never stays on a device.
 */
export function eventInScope(e: Pick<PresenceEvent, 'kind' | 'at'>, historyFrom: number, latest: boolean): boolean {
  return e.at >= historyFrom || (latest && e.kind === 'in');
}

/** The events a new device receives out of a whole history (what the server's first sync sends). */
export function scopedEvents<E extends PresenceEvent>(events: readonly E[], historyFrom: number): E[] {
  const latest = new Set([...latestPerPerson(events).values()].map((e) => e.id));
  return events.filter((e) => eventInScope(e, historyFrom, latest.has(e.id)));
}

/** Whether a row naming this area (or none) is held: a kiosk's expected visits are its area's. */
export function areaInScope(areaId: unknown, w: ScopeWindows): boolean {
  return !w.areas || typeof areaId !== 'string' || w.areas.has(areaId);
}

/** Whether a journey (or a flow of it) is held: a kiosk holds the journeys of its area. */
export function journeyInScope(journeyId: unknown, w: ScopeWindows): boolean {
  return !w.journeys || typeof journeyId !== 'string' || w.journeys.has(journeyId);
}

/** Whether an expected visit belongs to the scope; one without a time is always held. */
export function expectedVisitInScope(visitAt: number | null | undefined, w: ScopeWindows): boolean {
  if (!w.upcoming || visitAt === null || visitAt === undefined) return true;
  return visitAt >= w.upcoming.from && visitAt < w.upcoming.to;
}
