// Choices for adding visitors, from this device's synced copy: journey flows, user types, areas, people.
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../../../db/db-context';

type Option = { value: string; label: string };

export function useVisitOptions() {
  const db = useDb();
  const flows = useLiveQuery(() => db.journeyFlows.toArray(), [db]) ?? [];
  const types = useLiveQuery(() => db.userTypes.toArray(), [db]) ?? [];
  const areas = useLiveQuery(() => db.areas.toArray(), [db]) ?? [];
  const people = useLiveQuery(() => db.people.orderBy('id').toArray(), [db]) ?? [];
  const opt = (rows: Array<{ id: string; name?: string; fullName?: string }>): Option[] =>
    rows.map((r) => ({ value: r.id, label: r.name ?? r.fullName ?? r.id }));
  return {
    flows: opt(flows),
    userTypes: opt(types),
    areas: opt(areas),
    hosts: opt(people.filter((p) => !p.archived)),
  };
}
