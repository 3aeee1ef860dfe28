import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import {
  CATALOGUE_VERSION,
  catalogueStores,
  createDb,
  SCHEMA_V1,
  SCHEMA_V2,
  SCHEMA_V3,
  SCHEMA_V4,
  type GatehouseDb,
} from './schema';

const LATEST = CATALOGUE_VERSION;
/** The stores of the latest version as they shipped. The catalogue generates them; when a table's
 * indexes change, this test fails: add a new version in schema.ts and freeze its stores here. */
const FROZEN_LATEST: Record<string, string> = {
  ...SCHEMA_V4,
  people: '&id',
  visitEvents: '&id, personId, at, pending',
};
import { makeWithDb } from './with-db';
import { clearLocalData, CURRENT_USER_KEY, saveSession } from './session-store';
import type { StoredUser } from '../../domain/session';

let db: GatehouseDb | undefined;
afterEach(async () => {
  db?.close();
  if (db) await Dexie.delete(db.name);
});

const stored: StoredUser = {
  data: {
    access_token: 't',
    expires_at: 1,
    user: {
      id: 'u1',
      email: 'admin@acme.test',
      fullName: 'Ada Admin',
      image: null,
      lang: 'en',
      is_otp_enabled: false,
      passport_id: null,
      isTechTeam: false,
      isOwner: true,
      role: { id: 'r1', name: 'admin', permissions: { dashboard: { pivot: { allowed: 1 } } } },
      entity: {
        id: 'e1',
        name: 'Acme',
        subdomain: 'acme',
        logo: null,
        package: 'Cloud',
        plan: 3,
        subscription: 'cloud',
        owner_id: 'u1',
        otp_roles: [],
        copyright: 'Acme Ltd',
      },
    },
  },
};

describe('Dexie schema', () => {
  it('upgrades a version 1 database to the latest version and keeps its rows', async () => {
    const name = `test-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(1).stores(SCHEMA_V1);
    await old.table('people').put({ id: 'p1', entityId: 'e1', fullName: 'Kept Person', version: 1, updatedAt: 1 });
    old.close();
    db = createDb(name);
    await db.open();
    expect(db.verno).toBe(LATEST);
    expect((await db.people.get('p1'))?.fullName).toBe('Kept Person');
    expect(await db.outbox.count()).toBe(0);
  });

  it('generates the synced stores from the catalogue exactly as the latest version froze them', () => {
    expect(catalogueStores()).toEqual(FROZEN_LATEST);
  });

  it('upgrades a version 3 device without losing its unsent outbox or its rejected list', async () => {
    const name = `test-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(1).stores(SCHEMA_V1);
    old.version(2).stores(SCHEMA_V2);
    old.version(3).stores(SCHEMA_V3);
    const entry = {
      seq: 7,
      mutationId: 'm7',
      name: 'visit.signIn',
      args: { personId: 'p1' },
      clientTime: 1,
      clockOffsetMs: 0,
      userId: 'u1',
    };
    await old.table('outbox').add(entry);
    await old
      .table('rejected')
      .add({ ...entry, seq: 6, mutationId: 'm6', code: 'not_found', message: 'Not found', rejectedAt: 2 });
    await old.table('visitEvents').put({ id: 'e1', personId: 'p1', kind: 'in', areaId: null, at: 1, pending: 1 });
    old.close();
    db = createDb(name);
    await db.open();
    expect(db.verno).toBe(LATEST);
    expect(await db.outbox.toArray()).toEqual([entry]);
    expect((await db.rejected.toArray()).map((r) => [r.seq, r.code])).toEqual([[6, 'not_found']]);
    expect(await db.visitEvents.where('pending').equals(1).count()).toBe(1);
  });

  it('upgrades a version 4 device: the unused indexes go, its rows, outbox and indexed reads stay', async () => {
    const name = `test-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(1).stores(SCHEMA_V1);
    old.version(2).stores(SCHEMA_V2);
    old.version(3).stores(SCHEMA_V3);
    old.version(4).stores(SCHEMA_V4);
    await old.table('people').put({ id: 'p1', entityId: 'e1', fullName: 'Kept Person', version: 1, updatedAt: 1 });
    await old.table('visitEvents').bulkPut([
      { id: 'e1', personId: 'p1', kind: 'in', areaId: null, at: 1, pending: 1 },
      { id: 'e2', personId: 'p1', kind: 'out', areaId: null, at: 2, pending: 0 },
    ]);
    await old
      .table('outbox')
      .add({ seq: 3, mutationId: 'm3', name: 'visit.signIn', args: {}, clientTime: 1, clockOffsetMs: 0, userId: 'u1' });
    old.close();
    db = createDb(name);
    await db.open();
    expect(db.verno).toBe(LATEST);
    expect(db.table('people').schema.indexes).toEqual([]);
    expect((await db.people.get('p1'))?.fullName).toBe('Kept Person');
    expect(await db.outbox.count()).toBe(1);
    expect((await db.visitEvents.where('personId').equals('p1').sortBy('at')).map((e) => e.id)).toEqual(['e1', 'e2']);
    expect(await db.visitEvents.where('pending').equals(1).count()).toBe(1);
  });

  it('rewrites as chunks the people a version-5 database of an earlier build held as records', async () => {
    const name = `test-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(CATALOGUE_VERSION).stores(catalogueStores());
    await old.table('people').bulkPut([
      { id: 'p1', entityId: 'e1', fullName: 'Kept Person', version: 1, updatedAt: 1 },
      { id: 'p2', entityId: 'e1', fullName: 'Other Person', version: 1, updatedAt: 1 },
    ]);
    old.close();
    db = createDb(name);
    await db.open();
    expect((await db.people.toArray()).map((p) => p.fullName)).toEqual(['Kept Person', 'Other Person']);
    await db.people.put({ id: 'p1', entityId: 'e1', fullName: 'Renamed', version: 2, updatedAt: 2 });
    expect((await db.people.toArray()).map((p) => p.fullName)).toEqual(['Renamed', 'Other Person']);
    db.close();
    const raw = new Dexie(name);
    await raw.open();
    expect((await raw.table('people').toCollection().primaryKeys()).every((k) => String(k).startsWith('chunk-'))).toBe(
      true,
    );
    raw.close();
  });

  it('opens with the session, operational and sync tables and their indexes', async () => {
    db = createDb(`test-${crypto.randomUUID()}`);
    await db.open();
    expect(db.verno).toBe(LATEST);
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      // Version 4 adds the catalogue's new tables (FROZEN_LATEST) to those of versions 1–3.
      [
        ...new Set([
          ...Object.keys(SCHEMA_V1),
          ...Object.keys(SCHEMA_V2),
          ...Object.keys(SCHEMA_V3),
          ...Object.keys(FROZEN_LATEST),
        ]),
      ].sort(),
    );
    const people = db.table('people').schema;
    expect(people.primKey.unique).toBe(true);
    // No screen queries people by an index: each one cost every put of a first sync.
    expect(people.indexes).toEqual([]);
    expect(db.table('visitEvents').schema.indexes.map((i) => i.name)).toEqual(['personId', 'at', 'pending']);
    const visits = db.table('visits').schema.indexes.map((i) => i.name);
    expect(visits).toEqual(expect.arrayContaining(['entityId', '[entityId+status]', '[entityId+expectedAt]']));
  });

  it('stores the session on login and clears everything on logout but unsent changes', async () => {
    db = createDb(`test-${crypto.randomUUID()}`);
    const withDb = makeWithDb(db);
    await saveSession(withDb, stored, 42);
    expect(await db.entities.get('e1')).toMatchObject({ name: 'Acme' });
    expect(await db.users.get('u1')).toMatchObject({ entityId: 'e1', roleId: 'r1', fullName: 'Ada Admin' });
    expect(await db.roles.where('[entityId+name]').equals(['e1', 'admin']).count()).toBe(1);
    expect((await db.meta.get(CURRENT_USER_KEY))?.value).toBe('u1');
    await db.visits.put({ id: 'v1', entityId: 'e1', status: 'expected', version: 1, updatedAt: 1 });
    await db.outbox.add({
      seq: 1,
      mutationId: 'm1',
      name: 'visit.signIn',
      args: {},
      clientTime: 1,
      clockOffsetMs: 0,
      userId: 'u1',
    });
    await db.meta.bulkPut([
      { key: 'deviceId', value: 'd1' },
      { key: 'lastSeq', value: 1 },
    ]);
    await clearLocalData(withDb);
    for (const table of db.tables.filter((t) => !['outbox', 'meta'].includes(t.name)))
      expect(await table.count(), table.name).toBe(0);
    expect(await db.outbox.count()).toBe(1);
    expect((await db.meta.toArray()).map((m) => m.key).sort()).toEqual(['deviceId', 'lastSeq']);
  });

  it('reopens and retries once after the connection was closed', async () => {
    db = createDb(`test-${crypto.randomUUID()}`);
    const withDb = makeWithDb(db);
    await withDb((d) => d.meta.put({ key: 'k', value: 1 }));
    db.close({ disableAutoOpen: true });
    let calls = 0;
    const value = await withDb(async (d) => {
      calls += 1;
      return (await d.meta.get('k'))?.value;
    });
    expect(value).toBe(1);
    expect(calls).toBe(1);

    // The browser closes the connection in the middle of the work: reopen, retry once.
    let attempts = 0;
    const again = await withDb(async (d) => {
      attempts += 1;
      if (attempts === 1) {
        d.close({ disableAutoOpen: true });
        return (await d.meta.get('k'))?.value;
      }
      return (await d.meta.get('k'))?.value;
    });
    expect(again).toBe(1);
    expect(attempts).toBe(2);
  });
});
