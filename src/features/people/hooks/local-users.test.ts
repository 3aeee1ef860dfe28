// The users grid read from the device: what a person managing users sees offline for the
// filters in the URL, from the synced people, their cards and user types.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type GatehouseDb, type PersonRow } from '../../../db/schema';
import { readLocalUser, readLocalUsers } from './local-users';
import { paramsOf, searchOf, type UsersParams } from './use-users';

const dbs: GatehouseDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

async function device(people: Partial<PersonRow>[]) {
  const db = createDb(`users-${crypto.randomUUID()}`);
  dbs.push(db);
  await db.people.bulkPut(people.map((p, i) => ({ id: `p${i}`, fullName: `Person ${i}`, ...p }) as PersonRow));
  await db.userTypes.bulkPut([
    { id: 'staff', name: 'Staff', registrationMethod: 'email' },
    { id: 'visitor', name: 'Visitor', registrationMethod: 'email' },
  ] as never);
  return db;
}

const params = (patch: Partial<UsersParams> = {}): UsersParams => ({
  filter: {},
  orderBy: 'full_name',
  page: 1,
  limit: 10,
  ...patch,
});
const names = (r: { data: { full_name: string }[] }) => r.data.map((u) => u.full_name);

describe('the users grid read from the device', () => {
  it('shows active people only by default, sorted by name, and archived ones on request', async () => {
    const db = await device([
      { id: 'c', fullName: 'Carla' },
      { id: 'a', fullName: 'Abel' },
      { id: 'z', fullName: 'Zed', archived: true },
    ]);
    expect(names(await readLocalUsers(db, params()))).toEqual(['Abel', 'Carla']);
    expect(names(await readLocalUsers(db, params({ filter: { status: 'archived' } })))).toEqual(['Zed']);
    expect(names(await readLocalUsers(db, params({ filter: { status: 'all' } })))).toEqual(['Abel', 'Carla', 'Zed']);
  });

  it('finds people by name, email or phone, ignoring case and surrounding spaces', async () => {
    const db = await device([
      { fullName: 'Abel', email: 'abel@acme.test' },
      { fullName: 'Bea', phone: '555 0199' },
      { fullName: 'Cy', email: 'cy@globex.test' },
    ]);
    expect(names(await readLocalUsers(db, params({ filter: { search: '  ACME ' } })))).toEqual(['Abel']);
    expect(names(await readLocalUsers(db, params({ filter: { search: '0199' } })))).toEqual(['Bea']);
    expect(names(await readLocalUsers(db, params({ filter: { search: 'cy' } })))).toEqual(['Cy']);
  });

  it('filters by user type and label, and names the user type', async () => {
    const db = await device([
      { fullName: 'Abel', userTypeId: 'staff', labels: ['fire-warden'] },
      { fullName: 'Bea', userTypeId: 'visitor', labels: [] },
      { fullName: 'Cy', userTypeId: 'staff' },
    ]);
    const staff = await readLocalUsers(db, params({ filter: { user_type_id: 'staff' } }));
    expect(names(staff)).toEqual(['Abel', 'Cy']);
    expect(staff.data[0]?.user_type).toEqual({ id: 'staff', name: 'Staff' });
    expect(names(await readLocalUsers(db, params({ filter: { label: 'fire-warden' } })))).toEqual(['Abel']);
  });

  it('sorts descending by email and pages, counting every match', async () => {
    const db = await device(
      ['d', 'b', 'e', 'a', 'c'].map((l) => ({ fullName: l.toUpperCase(), email: `${l}@acme.test` })),
    );
    const first = await readLocalUsers(db, params({ orderBy: '-email', limit: 2 }));
    expect(names(first)).toEqual(['E', 'D']);
    expect(first.count).toBe(5);
    const last = await readLocalUsers(db, params({ orderBy: '-email', limit: 2, page: 3 }));
    expect(names(last)).toEqual(['A']);
  });

  it('shows each person’s card number on the page, and none for a person without one', async () => {
    const db = await device([
      { id: 'a', fullName: 'Abel' },
      { id: 'b', fullName: 'Bea' },
    ]);
    await db.personCards.put({ id: 'a', rfid: '0042' } as never);
    const r = await readLocalUsers(db, params());
    expect(r.data.map((u) => u.rfid)).toEqual(['0042', null]);
  });

  it('reads one person with their card and type, and nothing for an unknown id', async () => {
    const db = await device([{ id: 'a', fullName: 'Abel', userTypeId: 'visitor', phone: '1' }]);
    await db.personCards.put({ id: 'a', rfid: '77' } as never);
    const user = await readLocalUser(db, 'a');
    expect(user).toMatchObject({ full_name: 'Abel', rfid: '77', phone: '1', user_type: { name: 'Visitor' } });
    // What the device does not hold reads as off: no invitation, no labels.
    expect(user).toMatchObject({ dashboard_access: false, labels: [], archived: false, email: '' });
    expect(await readLocalUser(db, 'nobody')).toBeNull();
  });
});

describe('the users grid URL', () => {
  it('round-trips every filter and leaves the defaults out of the address', () => {
    const p = params({
      filter: { search: 'abel', user_type_id: 'staff', label: 'l1', status: 'archived' },
      orderBy: '-email',
      page: 3,
      limit: 50,
    });
    expect(paramsOf(new URLSearchParams(searchOf(p)))).toEqual(p);
    expect(searchOf(params())).toBe('');
  });

  it('falls back to page 1 and 10 a page for a page size or page the grid does not offer', () => {
    const p = paramsOf(new URLSearchParams('page=-4&limit=33&status=deleted'));
    expect(p).toMatchObject({ page: 1, limit: 10, filter: { status: undefined } });
  });
});
