// The derived emergency list kept on the device, so opening the list when the alarm goes off
// costs one small read instead of reading every person and every sign-in (two ~1.7 MB reads
// for 5,000 people, slow on a cold page load). See src/db/derived-snapshot.ts for why a
// snapshot whose stamp matches is exactly what deriving again would give.
import type { ListRow } from '../../../../domain/emergency-list';
import { readDerived, readStamp, sameStamp, writeDerived, type Stamp } from '../../../db/derived-snapshot';
import type { GatehouseDb } from '../../../db/schema';

export { readStamp, sameStamp, type Stamp };

const KEY = 'emergency.listSnapshot';

/** The stored list when it is still current (with its stamp), else null. */
export async function readSnapshot(db: GatehouseDb): Promise<{ stamp: Stamp; rows: ListRow[] } | null> {
  const found = await readDerived<ListRow[]>(db, KEY);
  return found ? { stamp: found.stamp, rows: found.value } : null;
}

/** Stores rows derived from data read together with stamp; skipped when the data moved on since. */
export function writeSnapshot(db: GatehouseDb, stamp: Stamp, rows: readonly ListRow[]): Promise<void> {
  return writeDerived(db, KEY, stamp, rows);
}
