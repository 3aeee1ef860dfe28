// The stored emergency list is shown only while nothing has changed since it was derived: a
// pull (new cursor) or a change recorded on this device (new seq) makes it stale.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListRow } from '../../../../domain/emergency-list';
import { createDb, type GatehouseDb } from '../../../db/schema';
import { readSnapshot, readStamp, writeSnapshot } from './list-snapshot';

const dbs: GatehouseDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

async function device() {
  const db = createDb(`t-${uuidv7()}`);
  dbs.push(db);
  await db.meta.bulkPut([{ key: 'cursor', value: 'c1' }, { key: 'lastSeq', value: 3 }]);
  return db;
}

const row: ListRow = {
  personId: 'p1', fullName: 'Ada Lovelace', phone: '+44 7700', image: null, areaId: 'a1', siteId: 's1',
  userTypeId: null, hostName: null, since: 1, haystack: 'ada lovelace +44 7700',
};

describe('the stored emergency list', () => {
  it('comes back as derived while neither the cursor nor the seq moved', async () => {
    const db = await device();
    await writeSnapshot(db, await readStamp(db), [row]);
    expect((await readSnapshot(db))?.rows).toEqual([row]);
  });

  it('is not shown after a pull or a local change', async () => {
    const db = await device();
    await writeSnapshot(db, await readStamp(db), [row]);
    await db.meta.put({ key: 'cursor', value: 'c2' });
    expect(await readSnapshot(db)).toBeNull();
    await writeSnapshot(db, await readStamp(db), [row]);
    await db.meta.put({ key: 'lastSeq', value: 4 });
    expect(await readSnapshot(db)).toBeNull();
  });

  it('is not stored from data older than what the device now holds', async () => {
    const db = await device();
    const old = await readStamp(db);
    await db.meta.put({ key: 'cursor', value: 'c2' });
    await writeSnapshot(db, old, [row]);
    expect(await readSnapshot(db)).toBeNull();
  });
});
