// The session's roll call as CSV, made on the device from its own data (so it works offline).
import type { TFunction } from 'i18next';
import { rollCallCsv, sessionCsvName } from '../../../../domain/emergency-csv';
import type { ListPerson } from '../../../../domain/emergency-list';
import type { RollCallEntry } from '../../../../domain/emergency-roll-call';
import type { SessionGroup } from '../../../../domain/emergency-sessions';
import type { Places } from '../data/use-emergency';
import { download } from './format';

export function exportRollCall({
  group,
  entries,
  t,
  nameOf,
  people,
  places,
}: {
  group: SessionGroup;
  entries: readonly RollCallEntry[];
  t: TFunction;
  nameOf: (id: string | null) => string;
  people: ReadonlyMap<string, ListPerson> | undefined;
  places: Places;
}): void {
  download(
    sessionCsvName(group.name, group.startedAt),
    rollCallCsv({
      entries,
      nameOf,
      phoneOf: (id) => people?.get(id)?.phone,
      label: (key) => t(key),
      siteName: (id) => places.siteName.get(id),
      areaName: (id) => places.areaName.get(id),
    }),
  );
}
