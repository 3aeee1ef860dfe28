// Today's logbook from IndexedDB: the first render, and the whole view while offline. It
// follows Dexie live, so a kiosk's sign-in shows as soon as a pull brings it in.
import { useLiveQuery } from 'dexie-react-hooks';
import { visitsFrom, type LogbookRow } from '../../../../domain/logbook';
import { useDb } from '../../../db/db-context';

const BULK_GET_LIMIT = 500;

export function startOfToday(now = Date.now()): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

export function useLocalLogbook(): LogbookRow[] | undefined {
  const db = useDb();
  return useLiveQuery(async () => {
    const from = startOfToday();
    const to = from + 86_400_000;
    const events = await db.visitEvents.where('at').aboveOrEqual(from).toArray();
    const personIds = [...new Set(events.map((e) => e.personId))];
    // A busy day names most people: one getAll of everyone beats thousands of single gets.
    const [people, areas, sites, types] = await Promise.all([
      personIds.length > BULK_GET_LIMIT ? db.people.toArray() : db.people.bulkGet(personIds), db.areas.toArray(), db.sites.toArray(), db.userTypes.toArray(),
    ]);
    const byId = <T extends { id: string }>(rows: Array<T | undefined>) => new Map(rows.filter((r): r is T => Boolean(r)).map((r) => [r.id, r]));
    const p = byId(people);
    const a = byId(areas);
    const s = byId(sites);
    const t = byId(types);
    const pending = new Set(events.filter((e) => e.pending).map((e) => e.id));
    return visitsFrom(events.map((e) => ({ ...e, details: (e.details as Record<string, unknown> | null | undefined) ?? null })), {
      person: (id) => p.get(id) as { fullName: string; userTypeId?: string | null } | undefined,
      area: (id) => a.get(id) as { name: string; siteId?: string | null } | undefined,
      site: (id) => s.get(id),
      userType: (id) => t.get(id),
    }, { from, to }, pending);
  }, [db]);
}

/** A number that changes whenever visit events change locally (a tap or a pull). */
export function useEventsVersion(): string {
  const db = useDb();
  return useLiveQuery(async () => {
    const last = await db.visitEvents.orderBy('at').last();
    return `${await db.visitEvents.count()}:${last?.id ?? ''}:${await db.visitEvents.where('pending').equals(1).count()}`;
  }, [db]) ?? '';
}
