// Choices for adding visitors, from this device's synced copy: journey flows, user types, areas, people.
import { useLiveQuery } from 'dexie-react-hooks';
import { hostTypeIds, isHostPerson } from '../../../../domain/hosts';
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
    /** People who may host a visit of this flow: never visitors (domain/hosts.ts). */
    hostsFor(flowId: string | null): Option[] {
      const flow = flows.find((f) => f.id === flowId);
      const hostTypes = hostTypeIds(types, flow?.settings);
      return opt(people.filter((p) => isHostPerson(p, hostTypes)));
    },
  };
}
