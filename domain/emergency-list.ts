// The emergency list: everyone on site now (from sign-in/out events), with what a warden needs
// to find them (site, area, user type, phone, host, time in), filtered and grouped by site.
import { stageAwaitsDecision } from './journey';
import { latestPerPerson, type PresenceEvent } from './presence';

export interface ListPerson {
  id: string;
  fullName: string;
  phone?: string | null;
  countryCode?: string | null;
  image?: string | null;
  userTypeId?: string | null;
}

/** A sign-in event as the device stores it: the journey's details may name the host. */
export interface ListEvent extends PresenceEvent {
  userTypeId?: string | null;
  details?: Record<string, unknown> | null;
  /** Stands for a kiosk visit waiting at reception (waitingEvents), not a recorded sign-in. */
  waiting?: boolean;
}

/** How long a kiosk visit still waiting for reception's decision counts as someone in the
 * building (a visitor who left without one drops off after it). */
export const WAITING_WINDOW_MS = 12 * 3_600_000;

export interface WaitingVisit {
  id: string;
  personId: string;
  areaId: string | null;
  at: number;
  stage: string;
  details?: Record<string, unknown> | null;
}

/** Kiosk visits waiting at reception (a certificate to check, an approval the journey asks): the
 * visitor is in the building though not signed in, so the emergency list and the roll call count
 * them, marked as waiting, until reception decides (an approval signs them in, later; a refusal
 * sends them away) or the window ends. One 'in' each at the visit's time and area. */
export function waitingEvents(visits: Iterable<WaitingVisit>, now: number): ListEvent[] {
  const out: ListEvent[] = [];
  for (const v of visits)
    // A kiosk clock a little ahead puts a visit "in the future": it counts all the same.
    if (v.areaId && stageAwaitsDecision(v.stage) && now - v.at < WAITING_WINDOW_MS)
      out.push({
        id: `waiting:${v.id}`,
        personId: v.personId,
        kind: 'in',
        areaId: v.areaId,
        at: v.at,
        details: v.details ?? null,
        waiting: true,
      });
  return out;
}

export interface ListRow {
  personId: string;
  fullName: string;
  phone: string | null;
  image: string | null;
  areaId: string;
  siteId: string | null;
  userTypeId: string | null;
  hostName: string | null;
  since: number;
  /** Waiting at reception for a decision, not signed in (waitingEvents). */
  waiting?: true;
  /** Lower-cased name, phone and host, for search. */
  haystack: string;
}

/** One collator for every name sort: String#localeCompare builds one per call (slow over 5,000 names). */
export const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The host named by a sign-in's details: a name the journey stored, or a person it pointed at. */
export function hostNameOf(
  details: Record<string, unknown> | null | undefined,
  nameOf: (id: string) => string | undefined,
): string | null {
  if (!details) return null;
  const host = details.host;
  const direct =
    text(details.hostName) ??
    text(details.host_name) ??
    (host && typeof host === 'object'
      ? (text((host as Record<string, unknown>).fullName) ?? text((host as Record<string, unknown>).full_name))
      : text(host));
  if (direct) return direct;
  const ids = [
    details.host_user_id,
    details.hostId,
    ...(Array.isArray(details.host_user_ids) ? details.host_user_ids : []),
    // A kiosk visit's hosts.
    ...(Array.isArray(details.hostIds) ? details.hostIds : []),
  ];
  for (const id of ids) {
    const name = typeof id === 'string' ? nameOf(id) : undefined;
    if (name) return name;
  }
  return null;
}

export interface ListInput {
  events: Iterable<ListEvent>;
  people: ReadonlyMap<string, ListPerson>;
  areaSite: ReadonlyMap<string, string>;
}

export function emergencyList({ events, people, areaSite }: ListInput): ListRow[] {
  const nameOf = (id: string) => people.get(id)?.fullName;
  const rows: ListRow[] = [];
  for (const e of latestPerPerson(events).values() as Iterable<ListEvent>) {
    if (e.kind !== 'in' || !e.areaId) continue;
    const person = people.get(e.personId);
    const fullName = person?.fullName ?? '';
    const phone = person?.phone
      ? `${person.countryCode ? `+${person.countryCode.replace(/^\+/, '')} ` : ''}${person.phone}`
      : null;
    const hostName = hostNameOf(e.details, nameOf);
    rows.push({
      personId: e.personId,
      fullName,
      phone,
      image: person?.image ?? null,
      areaId: e.areaId,
      siteId: areaSite.get(e.areaId) ?? null,
      userTypeId: e.userTypeId ?? person?.userTypeId ?? null,
      hostName,
      since: e.at,
      ...(e.waiting ? { waiting: true as const } : {}),
      haystack: [fullName, phone ?? '', person?.phone ?? '', hostName ?? ''].join(' ').toLocaleLowerCase(),
    });
  }
  return rows.sort((a, b) => byName.compare(a.fullName, b.fullName) || (a.personId < b.personId ? -1 : 1));
}

export interface ListFilter {
  siteId?: string | null;
  areaId?: string | null;
  userTypeId?: string | null;
  search?: string;
}

export function filterList(rows: readonly ListRow[], f: ListFilter): ListRow[] {
  const needle = f.search?.trim().toLocaleLowerCase() ?? '';
  return rows.filter(
    (r) =>
      (!f.siteId || r.siteId === f.siteId) &&
      (!f.areaId || r.areaId === f.areaId) &&
      (!f.userTypeId || r.userTypeId === f.userTypeId) &&
      (!needle || r.haystack.includes(needle)),
  );
}

export interface ListGroup<K extends 'siteId' | 'areaId' | 'userTypeId'> {
  key: string | null;
  by: K;
  rows: ListRow[];
}

/** Rows grouped by one field, groups in first-seen order of the (sorted) rows' keys. */
export function groupList<K extends 'siteId' | 'areaId' | 'userTypeId'>(
  rows: readonly ListRow[],
  by: K,
): ListGroup<K>[] {
  const groups = new Map<string | null, ListRow[]>();
  for (const r of rows) {
    const key = r[by];
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  return [...groups].map(([key, list]) => ({ key, by, rows: list }));
}

/** Devices that recorded sign-ins but have not been heard from lately: their latest events may be missing. */
export interface DeviceSeen {
  deviceId: string;
  lastSeenAt: number;
}

export const STALE_DEVICE_MS = 5 * 60 * 1000;

export function staleDevices(
  devices: readonly DeviceSeen[],
  asOf: number,
  exceptDeviceId?: string,
): { count: number; since: number | null } {
  const stale = devices.filter((d) => d.deviceId !== exceptDeviceId && asOf - d.lastSeenAt > STALE_DEVICE_MS);
  return { count: stale.length, since: stale.length ? Math.max(...stale.map((d) => d.lastSeenAt)) : null };
}
