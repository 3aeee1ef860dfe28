// A derived result kept on the device (the emergency list, today's logbook), so opening a
// screen costs one small read instead of reading thousands of people and events. It is
// stamped with the pull cursor and the device's last mutation seq: every change to synced
// rows goes through a pull (which moves the cursor) or a local mutation (which moves lastSeq)
// in the same transaction, so a snapshot whose stamp matches is exactly what deriving again
// would give. A stale one is never returned; logout deletes it with the session's meta.
import type { GatehouseDb } from './schema';

export interface Stamp {
  cursor: string | null;
  lastSeq: number | null;
}

interface Stored extends Stamp {
  /** JSON text: one string deserialises far faster than thousands of structured-clone objects. */
  json: string;
}

export async function readStamp(db: GatehouseDb): Promise<Stamp> {
  const [cursor, lastSeq] = await db.meta.bulkGet(['cursor', 'lastSeq']);
  return {
    cursor: (cursor?.value as string | undefined) ?? null,
    lastSeq: (lastSeq?.value as number | undefined) ?? null,
  };
}

export const sameStamp = (a: Stamp, b: Stamp) => a.cursor === b.cursor && a.lastSeq === b.lastSeq;

/** The stored value under `key` when it is still current (with its stamp), else null. */
export function readDerived<T>(db: GatehouseDb, key: string): Promise<{ stamp: Stamp; value: T } | null> {
  return db
    .transaction('r', db.meta, async () => {
      const [stored, stamp] = await Promise.all([db.meta.get(key), readStamp(db)]);
      const snap = stored?.value as Stored | undefined;
      if (!snap || typeof snap.json !== 'string' || !sameStamp(snap, stamp)) return null;
      return { stamp, value: JSON.parse(snap.json) as T };
    })
    .catch(() => null);
}

/** Stores a value derived from data read together with `stamp`; skipped when the data moved on since. */
export function writeDerived(db: GatehouseDb, key: string, stamp: Stamp, value: unknown): Promise<void> {
  return db
    .transaction('rw', db.meta, async () => {
      if (!sameStamp(stamp, await readStamp(db))) return;
      const stored = (await db.meta.get(key))?.value as Stored | undefined;
      if (stored && sameStamp(stored, stamp)) return;
      await db.meta.put({ key, value: { ...stamp, json: JSON.stringify(value) } satisfies Stored });
    })
    .catch(() => undefined);
}
