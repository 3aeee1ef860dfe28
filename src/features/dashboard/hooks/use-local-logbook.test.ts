// Today's logbook derived on the device: the names a row shows come from the synced people,
// the host's as well as the visitor's.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type GatehouseDb } from '../../../db/schema';
import { deriveToday, startOfToday } from './use-local-logbook';

const dbs: GatehouseDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

describe("today's logbook on the device", () => {
  it("names a kiosk visit's host, who has no visit of their own today", async () => {
    const db = createDb(`logbook-${crypto.randomUUID()}`);
    dbs.push(db);
    await db.people.bulkPut([
      { id: 'kim', fullName: 'Kim Kiosk', userTypeId: 'visitor' },
      { id: 'hannah', fullName: 'Hannah Host', userTypeId: 'staff' },
    ] as never);
    await db.userTypes.bulkPut([{ id: 'visitor', name: 'Visitor', registrationMethod: 'email' }] as never);
    const from = startOfToday();
    await db.visitEvents.bulkPut([
      { id: 'e1', personId: 'kim', kind: 'in', areaId: null, at: from + 3_600_000, details: { hostIds: ['hannah'] } },
    ] as never);
    const { rows } = await deriveToday(db, from);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fullName: 'Kim Kiosk', host: 'Hannah Host', userTypeName: 'Visitor' });
  });

  it('shows no host for a visit that names none', async () => {
    const db = createDb(`logbook-${crypto.randomUUID()}`);
    dbs.push(db);
    await db.people.bulkPut([{ id: 'sam', fullName: 'Sam Staff' }] as never);
    const from = startOfToday();
    await db.visitEvents.bulkPut([
      { id: 'e1', personId: 'sam', kind: 'in', areaId: null, at: from + 60_000, details: null },
    ] as never);
    const { rows } = await deriveToday(db, from);
    expect(rows.map((r) => [r.fullName, r.host])).toEqual([['Sam Staff', null]]);
  });
});
