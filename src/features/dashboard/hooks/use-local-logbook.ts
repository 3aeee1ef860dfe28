// Today's logbook from IndexedDB: the first render, and the whole view while offline. It
// follows Dexie live, so a kiosk's sign-in shows as soon as a pull brings it in.
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { hostIdsOf, visitsFrom, type LogbookRow } from '../../../../domain/logbook';
import { readDerived, readStamp, writeDerived, type Stamp } from '../../../db/derived-snapshot';
import { useDb } from '../../../db/db-context';
import type { GatehouseDb } from '../../../db/schema';

const BULK_GET_LIMIT = 500;
const SNAPSHOT_KEY = 'dashboard.todaySnapshot';

export function startOfToday(now = Date.now()): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Today's rows derived from local people and events, with the stamp they were read under. */
export async function deriveToday(db: GatehouseDb, from: number): Promise<{ stamp: Stamp; rows: LogbookRow[] }> {
  const to = from + 86_400_000;
  const read = await db.transaction(
    'r',
    [db.visitEvents, db.people, db.areas, db.sites, db.userTypes, db.meta],
    async () => {
      const events = await db.visitEvents.where('at').aboveOrEqual(from).toArray();
      // The people signed in, and the hosts their visits name (the host column shows their names).
      const personIds = [...new Set(events.flatMap((e) => [e.personId, ...hostIdsOf(e.details)]))];
      // A busy day names most people: one getAll of everyone beats thousands of single gets.
      const [people, areas, sites, types, stamp] = await Promise.all([
        personIds.length > BULK_GET_LIMIT ? db.people.toArray() : db.people.bulkGet(personIds),
        db.areas.toArray(),
        db.sites.toArray(),
        db.userTypes.toArray(),
        readStamp(db),
      ]);
      return { events, people, areas, sites, types, stamp };
    },
  );
  const byId = <T extends { id: string }>(rows: Array<T | undefined>) =>
    new Map(rows.filter((r): r is T => Boolean(r)).map((r) => [r.id, r]));
  const p = byId(read.people);
  const a = byId(read.areas);
  const s = byId(read.sites);
  const t = byId(read.types);
  const pending = new Set(read.events.filter((e) => e.pending).map((e) => e.id));
  const rows = visitsFrom(
    read.events.map((e) => ({ ...e, details: (e.details as Record<string, unknown> | null | undefined) ?? null })),
    {
      person: (id) => p.get(id) as { fullName: string; userTypeId?: string | null } | undefined,
      area: (id) => a.get(id) as { name: string; siteId?: string | null } | undefined,
      site: (id) => s.get(id),
      userType: (id) => t.get(id),
    },
    { from, to },
    pending,
  );
  return { stamp: read.stamp, rows };
}

/**
 * Today's logbook: the stored rows when nothing moved since they were derived (one small
 * read on a cold page load), else derived again from people and events and stored.
 */
type TodaySnapshot = { day: number; rows: LogbookRow[] };

export function useLocalLogbook(): LogbookRow[] | undefined {
  const db = useDb();
  // The stored rows are asked for during the first render, not after it: the live query
  // below starts only once the page has mounted, and the first paint should not wait for it.
  const [early] = useState(() => readDerived<TodaySnapshot>(db, SNAPSHOT_KEY));
  const [first, setFirst] = useState<LogbookRow[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void early.then((found) => {
      if (live && found && found.value.day === startOfToday()) setFirst(found.value.rows);
    });
    return () => {
      live = false;
    };
  }, [early]);
  const today = useLiveQuery(async () => {
    const from = startOfToday();
    const stored = await readDerived<TodaySnapshot>(db, SNAPSHOT_KEY);
    if (stored && stored.value.day === from) return { rows: stored.value.rows, store: null };
    const derived = await deriveToday(db, from);
    return { rows: derived.rows, store: { stamp: derived.stamp, day: from } };
  }, [db]);
  // Stored outside the live query (which may only read), once per fresh derivation.
  useEffect(() => {
    if (today?.store)
      void writeDerived(db, SNAPSHOT_KEY, today.store.stamp, { day: today.store.day, rows: today.rows });
  }, [db, today]);
  return today?.rows ?? first;
}

/** A number that changes whenever visit events change locally (a tap or a pull). */
export function useEventsVersion(): string {
  const db = useDb();
  return (
    useLiveQuery(async () => {
      const last = await db.visitEvents.orderBy('at').last();
      return `${await db.visitEvents.count()}:${last?.id ?? ''}:${await db.visitEvents.where('pending').equals(1).count()}`;
    }, [db]) ?? ''
  );
}
