// A chunked table answers every read a screen makes exactly as a table with a record per row
// would, keeps its rows in a few dozen records, and liveQuery still sees each row change.
import 'fake-indexeddb/auto';
import { Dexie, liveQuery } from 'dexie';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkedTables, CHUNKS } from './chunked-tables';

type Person = { id: string; fullName: string; archived?: boolean };
type TestDb = Dexie & { people: Dexie.Table<Person, string>; plain: Dexie.Table<Person, string> };

const open: Dexie[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

function testDb(name = `chunked-${crypto.randomUUID()}`): TestDb {
  const db = new Dexie(name) as TestDb;
  db.version(1).stores({ people: '&id', plain: '&id' });
  db.use(chunkedTables(['people']));
  open.push(db);
  return db;
}

/** The records IndexedDB itself holds, read without the middleware. */
async function storedRecords(name: string): Promise<number> {
  const raw = new Dexie(name);
  await raw.open();
  const n = await raw.table('people').count();
  raw.close();
  return n;
}

const id = fc.integer({ min: 0, max: 60 }).map((n) => `p-${String(n).padStart(3, '0')}`);
const person = fc.record({ id, fullName: fc.string({ maxLength: 8 }), archived: fc.boolean() });
const op = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), rows: fc.array(person, { maxLength: 12 }) }),
  fc.record({ kind: fc.constant('delete' as const), ids: fc.array(id, { maxLength: 6 }) }),
  fc.record({ kind: fc.constant('deleteRange' as const), from: id, to: id }),
  fc.record({ kind: fc.constant('rename' as const), id, fullName: fc.string({ maxLength: 8 }) }),
);

describe('a chunked table', () => {
  it('answers every read as a table with a record per row does, after any writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), id, id, async (ops, a, b) => {
        const db = testDb();
        for (const o of ops)
          for (const t of [db.people, db.plain]) {
            if (o.kind === 'put') await t.bulkPut(o.rows);
            else if (o.kind === 'delete') await t.bulkDelete(o.ids);
            else if (o.kind === 'deleteRange') await t.where('id').between(o.from, o.to, true, true).delete();
            else await t.where('id').equals(o.id).modify({ fullName: o.fullName });
          }
        const [lo, hi] = a < b ? [a, b] : [b, a];
        for (const read of [
          (t: Dexie.Table<Person, string>) => t.toArray(),
          (t: Dexie.Table<Person, string>) => t.orderBy('id').reverse().limit(5).toArray(),
          (t: Dexie.Table<Person, string>) =>
            t
              .orderBy('id')
              .filter((p) => !p.archived)
              .limit(4)
              .toArray(),
          (t: Dexie.Table<Person, string>) => t.where('id').between(lo, hi).toArray(),
          (t: Dexie.Table<Person, string>) => t.where('id').anyOf([a, b, 'p-999']).toArray(),
          (t: Dexie.Table<Person, string>) => t.where('id').above(a).primaryKeys(),
          (t: Dexie.Table<Person, string>) => t.bulkGet([a, 'p-999', b]),
          (t: Dexie.Table<Person, string>) => t.get(a),
          (t: Dexie.Table<Person, string>) => t.count(),
          (t: Dexie.Table<Person, string>) => t.where('id').belowOrEqual(b).count(),
          (t: Dexie.Table<Person, string>) => t.orderBy('id').offset(2).first(),
        ])
          expect(await read(db.people)).toEqual(await read(db.plain));
        db.close();
        await Dexie.delete(db.name);
      }),
      { numRuns: 40 },
    );
  });

  it('keeps 2,000 rows in at most one record per chunk, and drops a chunk once it is empty', async () => {
    const db = testDb();
    const rows = Array.from({ length: 2000 }, (_, n) => ({ id: crypto.randomUUID(), fullName: `P ${n}` }));
    await db.people.bulkPut(rows);
    expect(await db.people.count()).toBe(2000);
    expect(await storedRecords(db.name)).toBeLessThanOrEqual(CHUNKS);
    expect(await storedRecords(db.name)).toBeGreaterThan(CHUNKS / 2);
    await db.people.bulkDelete(rows.map((r) => r.id));
    expect(await storedRecords(db.name)).toBe(0);
  });

  it('refuses to add a row that is there, and adds the others of the same bulk', async () => {
    const db = testDb();
    await db.people.add({ id: 'p-1', fullName: 'First' });
    await expect(db.people.add({ id: 'p-1', fullName: 'Again' })).rejects.toThrow();
    await expect(
      db.people.bulkAdd([
        { id: 'p-1', fullName: 'Again' },
        { id: 'p-2', fullName: 'Second' },
      ]),
    ).rejects.toThrow(/1 of 2/);
    expect((await db.people.toArray()).map((p) => p.fullName)).toEqual(['First', 'Second']);
  });

  it('writes nothing of a transaction that fails', async () => {
    const db = testDb();
    await db.people.put({ id: 'p-1', fullName: 'Before' });
    await expect(
      db.transaction('rw', db.people, async () => {
        await db.people.put({ id: 'p-1', fullName: 'After' });
        await db.people.put({ id: 'p-2', fullName: 'New' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await db.people.toArray()).toEqual([{ id: 'p-1', fullName: 'Before' }]);
  });

  it('lets a live query see the change of a row that shares its chunk with others', async () => {
    const db = testDb();
    const rows = Array.from({ length: 300 }, (_, n) => ({ id: `p-${n}`, fullName: `P ${n}` }));
    await db.people.bulkPut(rows);
    const seen: (string | undefined)[] = [];
    const sub = liveQuery(() => db.people.get('p-7')).subscribe((p) => seen.push(p?.fullName));
    await expect.poll(() => seen).toEqual(['P 7']);
    await db.people.put({ id: 'p-8', fullName: 'Other' });
    await db.people.put({ id: 'p-7', fullName: 'Renamed' });
    await expect.poll(() => seen.at(-1)).toBe('Renamed');
    await db.people.delete('p-7');
    await expect.poll(() => seen.at(-1)).toBeUndefined();
    sub.unsubscribe();
  });
});
