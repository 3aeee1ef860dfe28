// Who is on site, derived from append-only sign-in/out events (DESIGN "Events, not overwrites").
// Events are ordered by corrected time, then by event id (UUIDv7), a total order every device
// and the server share, so any arrival order, duplication or interleaving derives the same state.

export type PresenceKind = 'in' | 'out';

export interface PresenceEvent {
  id: string;
  personId: string;
  kind: PresenceKind;
  areaId: string | null;
  /** Device time corrected by the device's measured offset to the server clock. */
  at: number;
}

export interface OnSite {
  personId: string;
  areaId: string | null;
  since: number;
  eventId: string;
}

export function comparePresence(a: PresenceEvent, b: PresenceEvent): number {
  return a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The latest event per person decides: signed in → on site. A repeated sign-out is a no-op. */
export function latestPerPerson(events: Iterable<PresenceEvent>): Map<string, PresenceEvent> {
  const latest = new Map<string, PresenceEvent>();
  for (const e of events) {
    const seen = latest.get(e.personId);
    if (!seen || comparePresence(seen, e) < 0) latest.set(e.personId, e);
  }
  return latest;
}

export function onSite(events: Iterable<PresenceEvent>): Map<string, OnSite> {
  const result = new Map<string, OnSite>();
  for (const e of latestPerPerson(events).values()) {
    if (e.kind === 'in') result.set(e.personId, { personId: e.personId, areaId: e.areaId, since: e.at, eventId: e.id });
  }
  return result;
}
