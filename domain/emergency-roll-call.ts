// Who is on a session's roll call and with what status, and the session's summary. The same
// function runs on every warden's device (from IndexedDB) and on the server (for reads and
// exports), so the counts on both tablets and the server are the same by construction.
import { isAccounted, ROLL_CALL_STATUSES, statusOf, type RollCallMark, type RollCallStatus } from './emergency';
import type { SessionGroup } from './emergency-sessions';
import { comparePresence, type PresenceEvent } from './presence';

export interface RollCallEntry {
  personId: string;
  /** The area of the person's latest sign-in at one of the session's sites (null if only marked). */
  areaId: string | null;
  siteId: string | null;
  /** When that sign-in happened. */
  since: number | null;
  status: RollCallStatus;
  latest: RollCallMark | null;
  conflict: RollCallMark[];
}

export interface RollCallInput {
  group: Pick<SessionGroup, 'id' | 'siteIds' | 'startedAt' | 'endedAt'>;
  /** Sign-in and sign-out events (any order, repeats allowed). */
  events: Iterable<PresenceEvent>;
  areaSite: ReadonlyMap<string, string>;
  /** Wardens' marks on any of the group's member sessions. */
  marks: Iterable<RollCallMark>;
}

/**
 * Everyone on the session's sites when it started, everyone who signed in there before it
 * ended, and anyone a warden marked. A kiosk event during the session is an implied mark:
 * a sign-out (or a sign-in elsewhere) says "left site", a sign-in here says "unaccounted".
 */
export function rollCall({ group, events, areaSite, marks }: RollCallInput): RollCallEntry[] {
  return rollCallWithMarks(rollCallBase({ group, events, areaSite }), marks);
}

interface BasePerson {
  personId: string;
  /** Listed without a warden's mark: on the sites at the start, or signed in there during it. */
  listed: boolean;
  implied: RollCallMark[];
  lastHere: PresenceEvent | null;
  /** The person's entry while no warden has marked them (shared between derivations, so unchanged rows keep their identity). */
  entry: RollCallEntry | null;
}

/** What the sign-in/out events alone say about a session, by person in id order. */
export interface RollCallBase {
  people: ReadonlyMap<string, BasePerson>;
  areaSite: ReadonlyMap<string, string>;
}

/**
 * The part of the roll call that depends only on events (5,000 people's sign-ins): derived once
 * per change of events, so a warden's mark re-derives only the people it names.
 */
export function rollCallBase({ group, events, areaSite }: Omit<RollCallInput, 'marks'>): RollCallBase {
  const sites = new Set(group.siteIds);
  const start = group.startedAt;
  const end = group.endedAt ?? Number.POSITIVE_INFINITY;
  const here = (areaId: string | null) => areaId !== null && sites.has(areaSite.get(areaId) ?? '');

  // One pass to group events by person (a repeated event id counts once), then one small sort each.
  const seen = new Set<string>();
  const byPerson = new Map<string, PresenceEvent[]>();
  for (const e of events) {
    if (e.at > end || seen.has(e.id)) continue;
    seen.add(e.id);
    const own = byPerson.get(e.personId);
    if (own) own.push(e);
    else byPerson.set(e.personId, [e]);
  }
  const people = new Map<string, BasePerson>();
  for (const personId of [...byPerson.keys()].sort(byId)) {
    const own = byPerson.get(personId)!;
    if (own.length > 1) own.sort(comparePresence);
    let before: PresenceEvent | null = null;
    let joined = false;
    let lastHere: PresenceEvent | null = null;
    const implied: RollCallMark[] = [];
    for (const e of own) {
      const inHere = e.kind === 'in' && here(e.areaId);
      if (inHere) lastHere = e;
      if (e.at <= start) {
        before = e;
        continue;
      }
      if (inHere) joined = true;
      implied.push({
        id: e.id,
        sessionId: group.id,
        personId,
        status: inHere ? 'unaccounted' : 'left_site',
        at: e.at,
        markedBy: null,
        deviceId: null,
      });
    }
    const onAtStart = before !== null && before.kind === 'in' && here(before.areaId);
    const person: BasePerson = { personId, listed: onAtStart || joined, implied, lastHere, entry: null };
    if (person.listed) person.entry = entryOf(person, undefined, areaSite);
    people.set(personId, person);
  }
  return { people, areaSite };
}

/** The roll call from its base and the wardens' marks (any order, repeats allowed), by person id. */
export function rollCallWithMarks(base: RollCallBase, marks: Iterable<RollCallMark>): RollCallEntry[] {
  const markBy = new Map<string, RollCallMark[]>();
  for (const m of dedupe(marks)) (markBy.get(m.personId) ?? markBy.set(m.personId, []).get(m.personId)!).push(m);
  const entries: RollCallEntry[] = [];
  for (const person of base.people.values()) {
    const wardenMarks = markBy.get(person.personId);
    if (wardenMarks) entries.push(entryOf(person, wardenMarks, base.areaSite));
    else if (person.entry) entries.push(person.entry);
  }
  // People only a warden marked (no sign-in here): rare, so the full sort happens only then.
  let extra = false;
  for (const [personId, wardenMarks] of markBy) {
    if (base.people.has(personId)) continue;
    extra = true;
    entries.push(
      entryOf({ personId, listed: false, implied: [], lastHere: null, entry: null }, wardenMarks, base.areaSite),
    );
  }
  return extra ? entries.sort((a, b) => byId(a.personId, b.personId)) : entries;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function entryOf(
  person: BasePerson,
  wardenMarks: RollCallMark[] | undefined,
  areaSite: ReadonlyMap<string, string>,
): RollCallEntry {
  const { personId, implied, lastHere } = person;
  const s =
    implied.length || wardenMarks
      ? statusOf(personId, wardenMarks ? [...implied, ...wardenMarks] : implied)
      : { status: 'unaccounted' as const, latest: null, conflict: [] };
  return {
    personId,
    areaId: lastHere?.areaId ?? null,
    siteId: lastHere?.areaId ? (areaSite.get(lastHere.areaId) ?? null) : null,
    since: lastHere?.at ?? null,
    status: s.status,
    latest: s.latest,
    conflict: s.conflict,
  };
}

function dedupe(marks: Iterable<RollCallMark>): RollCallMark[] {
  const byId = new Map<string, RollCallMark>();
  for (const m of marks) byId.set(m.id, m);
  return [...byId.values()];
}

export interface RollCallSummary {
  total: number;
  byStatus: Record<RollCallStatus, number>;
  /** Safe, injured or left site: located. */
  accounted: number;
  /** Missing or not yet accounted for. */
  notAccounted: number;
  conflicts: number;
  startedAt: number;
  endedAt: number | null;
  durationMs: number | null;
}

export function summarise(
  entries: readonly RollCallEntry[],
  group: Pick<SessionGroup, 'startedAt' | 'endedAt'>,
): RollCallSummary {
  const byStatus = Object.fromEntries(ROLL_CALL_STATUSES.map((s) => [s, 0])) as Record<RollCallStatus, number>;
  let conflicts = 0;
  for (const e of entries) {
    byStatus[e.status]++;
    if (e.conflict.length) conflicts++;
  }
  const accounted = entries.filter((e) => isAccounted(e.status)).length;
  return {
    total: entries.length,
    byStatus,
    accounted,
    notAccounted: entries.length - accounted,
    conflicts,
    startedAt: group.startedAt,
    endedAt: group.endedAt,
    durationMs: group.endedAt === null ? null : group.endedAt - group.startedAt,
  };
}

export interface RollCallFilter {
  siteIds?: readonly string[];
  areaIds?: readonly string[];
  statuses?: readonly RollCallStatus[];
  conflictsOnly?: boolean;
}

/** The session page's sites and areas filters (empty means all). */
export function filterRollCall(entries: readonly RollCallEntry[], f: RollCallFilter): RollCallEntry[] {
  const sites = f.siteIds?.length ? new Set(f.siteIds) : null;
  const areas = f.areaIds?.length ? new Set(f.areaIds) : null;
  const statuses = f.statuses?.length ? new Set(f.statuses) : null;
  return entries.filter(
    (e) =>
      (!sites || (e.siteId !== null && sites.has(e.siteId))) &&
      (!areas || (e.areaId !== null && areas.has(e.areaId))) &&
      (!statuses || statuses.has(e.status)) &&
      (!f.conflictsOnly || e.conflict.length > 0),
  );
}
