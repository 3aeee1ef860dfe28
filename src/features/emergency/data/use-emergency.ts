// Live reads of the emergency screens from IndexedDB (Dexie liveQuery): places, who is on
// site, sessions grouped into incidents, and a session's roll call. Each query reads only its
// tables, so a new mark re-reads marks, not 5,000 people.
import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  emergencyList,
  waitingEvents,
  WAITING_WINDOW_MS,
  type ListEvent,
  type ListPerson,
  type ListRow,
  type WaitingVisit,
} from '../../../../domain/emergency-list';
import { rollCallBase, rollCallWithMarks, type RollCallEntry } from '../../../../domain/emergency-roll-call';
import { groupSessions, type SessionGroup } from '../../../../domain/emergency-sessions';
import type { PresenceEvent } from '../../../../domain/presence';
import { useDb } from '../../../db/db-context';
import type { GatehouseDb } from '../../../db/schema';
import { readSnapshot, readStamp, sameStamp, writeSnapshot, type Stamp } from './list-snapshot';
import { marksTable, refusedByServer, sessionsTable, toMarks, toSessions, type LocalMark, type LocalSession } from './local-data';

export interface Place { id: string; name: string; siteId?: string }

/** Visitors waiting at reception on this device's kiosk visits, as the emergency list counts
 * them (domain/emergency-list.ts waitingEvents, the server's rule too). */
async function waitingOnDevice(db: GatehouseDb): Promise<ListEvent[]> {
  const now = Date.now();
  const visits = await db.kioskVisits.where('at').aboveOrEqual(now - WAITING_WINDOW_MS).toArray();
  return waitingEvents(visits as unknown as WaitingVisit[], now);
}

export function usePlaces() {
  const db = useDb();
  // Three small tables read at once (not one after another): each read waits in IndexedDB's queue.
  const data = useLiveQuery(async () => {
    const [sites, areas, userTypes] = await Promise.all([db.sites.toArray(), db.areas.toArray(), db.userTypes.toArray()]);
    return { sites: sites as Place[], areas: areas as Place[], userTypes: userTypes as Place[] };
  }, [db]);
  return useMemo(() => {
    const sites = [...(data?.sites ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    const areas = [...(data?.areas ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    const userTypes = [...(data?.userTypes ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    return {
      ready: data !== undefined, sites, areas, userTypes,
      areaSite: new Map(areas.map((a) => [a.id, String(a.siteId ?? '')])),
      siteName: new Map(sites.map((s) => [s.id, s.name])),
      areaName: new Map(areas.map((a) => [a.id, a.name])),
      userTypeName: new Map(userTypes.map((u) => [u.id, u.name])),
    };
  }, [data]);
}
export type Places = ReturnType<typeof usePlaces>;

/** People and sign-in events, the two big tables, read once and kept until they change. */
export function usePeopleAndEvents() {
  const db = useDb();
  const people = useLiveQuery(async () => new Map((await db.people.toArray()).map((p) => [p.id, p as unknown as ListPerson])), [db]);
  const events = useLiveQuery(async () => {
    const [recorded, waiting] = await Promise.all([db.visitEvents.toArray(), waitingOnDevice(db)]);
    return [...(recorded as unknown as ListEvent[]), ...waiting];
  }, [db]);
  return { people, events, ready: people !== undefined && events !== undefined };
}

/**
 * Everyone on site: the stored snapshot when it is current (one small read), and while the
 * stamp stays the same nothing else is read. Once a pull or a mutation moves the stamp, live
 * from people, sign-ins and areas, read in one transaction with the stamp they match.
 */
export function useOnSite(places: Places): { rows: ListRow[]; ready: boolean } {
  const db = useDb();
  const [snapshot, setSnapshot] = useState<{ stamp: Stamp; rows: ListRow[] } | null | undefined>(undefined);
  // The read starts while the page's first render runs (a read only), not after it commits.
  const stored = useMemo(() => readSnapshot(db), [db]);
  useEffect(() => {
    let live = true;
    void stored.then((snap) => live && setSnapshot(snap));
    return () => {
      live = false;
    };
  }, [stored]);
  const stamp = useLiveQuery(() => readStamp(db), [db]);
  // The two big reads start after the snapshot's (issued together, the small read would queue
  // behind them), and only when there is no current snapshot or the data moved on since.
  const needLive = snapshot === null || (snapshot !== undefined && stamp !== undefined && !sameStamp(stamp, snapshot.stamp));
  const data = useLiveQuery(async () => (needLive ? db.transaction('r', [db.people, db.visitEvents, db.kioskVisits, db.areas, db.meta], async () => {
    const [people, events, waiting, areas, at] = await Promise.all([db.people.toArray(), db.visitEvents.toArray(), waitingOnDevice(db), db.areas.toArray(), readStamp(db)]);
    return { people: people as unknown as ListPerson[], events: [...(events as unknown as ListEvent[]), ...waiting], areas: areas as Place[], stamp: at };
  }) : null), [db, needLive]);
  const derived = useMemo(() => data ? {
    stamp: data.stamp,
    rows: emergencyList({
      events: data.events, people: new Map(data.people.map((p) => [p.id, p])),
      areaSite: new Map(data.areas.map((a) => [a.id, String(a.siteId ?? '')])),
    }),
  } : null, [data]);
  useEffect(() => {
    if (derived) void writeSnapshot(db, derived.stamp, derived.rows);
  }, [db, derived]);
  // Until a re-derivation lands the last list stays on screen, as a live query's last result would.
  return { rows: derived?.rows ?? snapshot?.rows ?? [], ready: places.ready && (derived !== null || Boolean(snapshot)) };
}

export function useSessions(): { groups: SessionGroup[]; sessions: Map<string, LocalSession>; ready: boolean } {
  const db = useDb();
  const data = useLiveQuery(async () => toSessions(await sessionsTable(db).toArray(), await refusedByServer(db)), [db]);
  return useMemo(() => ({
    groups: data ? groupSessions(data) : [],
    sessions: new Map((data ?? []).map((s) => [s.id, s])),
    ready: data !== undefined,
  }), [data]);
}

export function useRollCall(group: SessionGroup | undefined, places: Places, events: readonly PresenceEvent[] | undefined) {
  const db = useDb();
  const memberKey = group?.memberIds.join(',') ?? '';
  const marks = useLiveQuery(async () => {
    if (!memberKey) return [] as LocalMark[];
    // One getAll per session (equals), not one cursor step per mark (anyOf): a tap's write
    // waits for this read to end, and it runs again after every mark.
    const [rows, refused] = await Promise.all([
      Promise.all(memberKey.split(',').map((id) => marksTable(db).where('sessionId').equals(id).toArray())),
      refusedByServer(db),
    ]);
    return toMarks(rows.flat(), refused);
  }, [db, memberKey]);
  // The events' part (5,000 people's sign-ins) is derived when the events or the session's
  // sites and times change; a mark re-derives only the people it names on top of it.
  const siteKey = group?.siteIds.join(',');
  const base = useMemo(
    () => (group && events && places.ready ? rollCallBase({ group, events, areaSite: places.areaSite }) : null),
    // The group object is new on every sessions read; these fields are what the base depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [group?.id, siteKey, group?.startedAt, group?.endedAt, events, places.ready, places.areaSite],
  );
  const entries = useMemo<RollCallEntry[]>(() => (base && marks ? rollCallWithMarks(base, marks) : []), [base, marks]);
  const pendingPeople = useMemo(() => new Set((marks ?? []).filter((m) => m.pending).map((m) => m.personId)), [marks]);
  return { entries, marks, pendingPeople, ready: marks !== undefined && events !== undefined && places.ready };
}
