// The derived emergency list kept on the device, so opening the list when the alarm goes off
// costs one small read instead of reading every person and every sign-in (two ~1.7 MB reads
// for 5,000 people, slow on a cold page load). It is stamped with the pull cursor and the
// device's last mutation seq: every change to people, sign-ins or areas goes through a pull
// (which moves the cursor) or a local mutation (which moves lastSeq) in the same transaction,
// so a snapshot whose stamp matches is exactly what deriving again would give. A stale one is
// never shown; logout deletes it with the rest of the session's meta.
import type { ListRow } from '../../../../domain/emergency-list';
import type { GatehouseDb } from '../../../db/schema';

const KEY = 'emergency.listSnapshot';

export interface Stamp {
  cursor: string | null;
  lastSeq: number | null;
}

interface Snapshot extends Stamp {
  /** JSON text: one string deserialises far faster than 5,000 structured-clone objects. */
  rows: string;
}

export async function readStamp(db: GatehouseDb): Promise<Stamp> {
  const [cursor, lastSeq] = await db.meta.bulkGet(['cursor', 'lastSeq']);
  return { cursor: (cursor?.value as string | undefined) ?? null, lastSeq: (lastSeq?.value as number | undefined) ?? null };
}

export const sameStamp = (a: Stamp, b: Stamp) => a.cursor === b.cursor && a.lastSeq === b.lastSeq;

/** The stored list when it is still current (with its stamp), else null. */
export function readSnapshot(db: GatehouseDb): Promise<{ stamp: Stamp; rows: ListRow[] } | null> {
  return db.transaction('r', db.meta, async () => {
    const [stored, stamp] = await Promise.all([db.meta.get(KEY), readStamp(db)]);
    const snap = stored?.value as Snapshot | undefined;
    if (!snap || typeof snap.rows !== 'string' || !sameStamp(snap, stamp)) return null;
    return { stamp, rows: JSON.parse(snap.rows) as ListRow[] };
  }).catch(() => null);
}

/** Stores rows derived from data read together with stamp; skipped when the data moved on since. */
export function writeSnapshot(db: GatehouseDb, stamp: Stamp, rows: readonly ListRow[]): Promise<void> {
  return db.transaction('rw', db.meta, async () => {
    if (!sameStamp(stamp, await readStamp(db))) return;
    const stored = (await db.meta.get(KEY))?.value as Snapshot | undefined;
    if (stored && sameStamp(stored, stamp)) return;
    const value: Snapshot = { ...stamp, rows: JSON.stringify(rows) };
    await db.meta.put({ key: KEY, value });
  }).catch(() => undefined);
}
