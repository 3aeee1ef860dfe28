// A page's last server answer kept on the device: what the page shows offline, with its age,
// and only to the person who loaded it.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type GatehouseDb } from '../db/schema';
import { readCopy, saveCopy } from './device-copy';

const dbs: GatehouseDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});
function device() {
  const db = createDb(`copy-${crypto.randomUUID()}`);
  dbs.push(db);
  return db;
}

describe('a page copy on the device', () => {
  it('gives back the latest answer with when it came', async () => {
    const db = device();
    await saveCopy(db, 'u1', 'roles', [{ id: 'r1', name: 'admin' }], 1_000);
    await saveCopy(db, 'u1', 'roles', [{ id: 'r1', name: 'Admin' }], 2_000);
    expect(await readCopy(db, 'u1', 'roles')).toEqual({ data: [{ id: 'r1', name: 'Admin' }], savedAt: 2_000 });
  });

  it('is nothing for a page never loaded, and nothing for another person on the device', async () => {
    const db = device();
    await saveCopy(db, 'u1', 'company', { name: 'Acme' }, 1_000);
    expect(await readCopy(db, 'u1', 'roles')).toBeNull();
    expect(await readCopy(db, 'u2', 'company')).toBeNull();
  });
});
