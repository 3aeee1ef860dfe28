// A synced table kept in IndexedDB as a few dozen chunks instead of a record per row, behind a
// Dexie DBCore middleware: every screen still reads and writes `db.people` row by row, and liveQuery
// still sees each row's key change. Why: in Chromium each IndexedDB request costs about 0.15 ms
// whatever its size, so a new kiosk's first sync spent some 3 s putting 20,000 people one by one;
// 40 puts of 500-row chunks take 0.2 s (measured in docs/decisions.md).
//
// A row's chunk is a hash of its id, so a single put reads and rewrites one chunk in the same
// transaction (IndexedDB runs overlapping read-write transactions one after another, so two
// writers never lose each other's rows). The middleware sits below all of Dexie's own (level -2),
// which therefore see rows, not chunks.
import {
  cmp,
  Dexie,
  type DBCore,
  type DBCoreCursor,
  type DBCoreKeyRange,
  type DBCoreTable,
  type Middleware,
} from 'dexie';

/** The chunks a table is spread over: 20,000 people make 64 chunks of about 300 rows. */
export const CHUNKS = 64;

type Row = { id: string; [field: string]: unknown };
interface Chunk {
  id: string;
  rows: Record<string, Row>;
}

/** FNV-1a of the row's id: the same chunk for the same id on every device and every run. */
export function chunkOf(id: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return `chunk-${String((h >>> 0) % CHUNKS).padStart(2, '0')}`;
}

/** Rows as the chunks that hold them. */
export function toChunks(rows: readonly Row[]): Chunk[] {
  const chunks = new Map<string, Chunk>();
  for (const r of rows) {
    const id = chunkOf(r.id);
    (chunks.get(id) ?? chunks.set(id, { id, rows: {} }).get(id)!).rows[r.id] = r;
  }
  return [...chunks.values()];
}

const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
const isChunkKey = (key: IDBValidKey) => typeof key === 'string' && key.startsWith('chunk-');

/** Rewrites a store that holds a record per row (some or all of it) as chunks, below Dexie,
 * which would read the old records as chunks: a device keeps its rows offline. */
export async function chunkStoreInPlace(store: IDBObjectStore): Promise<void> {
  const records = (await done(store.getAll())) as Array<Row | Chunk>;
  const rows = records.flatMap((r) =>
    isChunkKey(r.id) && 'rows' in r ? Object.values((r as Chunk).rows) : [r as Row],
  );
  await done(store.clear());
  await Promise.all(toChunks(rows).map((c) => done(store.put(c))));
}

/** At open: a store still holding records per row (a database made at version 5 by a build
 * before the chunks, which was never released) is rewritten as chunks. One read of its keys
 * otherwise. */
export async function chunkLeftovers(idb: IDBDatabase, tables: readonly string[]): Promise<void> {
  const tx = idb.transaction([...tables], 'readonly');
  const stale = [];
  for (const t of tables) if ((await done(tx.objectStore(t).getAllKeys())).some((k) => !isChunkKey(k))) stale.push(t);
  if (!stale.length) return;
  const rw = idb.transaction(stale, 'readwrite');
  await Promise.all(stale.map((t) => chunkStoreInPlace(rw.objectStore(t))));
}

// DBCoreRangeType is a const enum in Dexie's types; its values, as Dexie documents them.
const EQUAL = 1;
const ANY = 3;
const NEVER = 4;

function inRange(key: string, r: DBCoreKeyRange): boolean {
  if (r.type === ANY) return true;
  if (r.type === NEVER) return false;
  if (r.type === EQUAL) return cmp(key, r.lower) === 0;
  if (r.lower !== undefined) {
    const c = cmp(key, r.lower);
    if (c < 0 || (c === 0 && r.lowerOpen)) return false;
  }
  if (r.upper !== undefined) {
    const c = cmp(key, r.upper);
    if (c > 0 || (c === 0 && r.upperOpen)) return false;
  }
  return true;
}

function byKey(a: Row, b: Row): number {
  return cmp(a.id, b.id);
}

/** A cursor over rows already read, following the protocol of Dexie's own (dexie.mjs, openCursor). */
function arrayCursor(trans: DBCoreCursor['trans'], rows: Row[], values: boolean): DBCoreCursor | null {
  if (!rows.length) return null;
  let i = 0;
  let finish: ((value?: unknown) => void) | null = null;
  let fail: ((e: Error) => void) | null = null;
  const notStarted = () => {
    throw new Error('Cursor not started');
  };
  const cursor = {
    trans,
    done: false,
    get key() {
      return rows[i]?.id;
    },
    get primaryKey() {
      return rows[i]?.id;
    },
    get value() {
      return values ? rows[i] : undefined;
    },
    continue: notStarted as (key?: unknown) => void,
    continuePrimaryKey: notStarted as (key: unknown, primaryKey: unknown) => void,
    advance: notStarted as (count: number) => void,
    stop: (() => undefined) as (value?: unknown) => void,
    fail: (e: Error) => fail?.(e),
    next(): Promise<DBCoreCursor> {
      let gotOne = 1;
      return this.start(() => (gotOne-- ? this.continue() : this.stop())).then(() => this as DBCoreCursor);
    },
    start(callback: () => void): Promise<unknown> {
      const done = new Promise((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
      const step = () => {
        if (i >= rows.length) {
          cursor.done = true;
          finish?.();
          return;
        }
        try {
          callback();
        } catch (e) {
          fail?.(e as Error);
        }
      };
      const move = (to: number) => {
        i = to;
        queueMicrotask(step);
      };
      cursor.continue = (key?: unknown) => {
        if (key === undefined) return move(i + 1);
        let j = i + 1;
        while (j < rows.length && cmp(rows[j]!.id, key) < 0) j++;
        move(j);
      };
      cursor.continuePrimaryKey = (key: unknown) => cursor.continue(key);
      cursor.advance = (count: number) => move(i + count);
      cursor.stop = (value?: unknown) => {
        const stopped = () => {
          throw new Error('Cursor stopped');
        };
        cursor.continue = cursor.advance = cursor.continuePrimaryKey = stopped;
        finish?.(value);
      };
      step();
      return done;
    },
  };
  return cursor as unknown as DBCoreCursor;
}

function chunkedTable(table: DBCoreTable): DBCoreTable {
  type Trans = Parameters<DBCoreTable['get']>[0]['trans'];
  const chunk = async (trans: Trans, id: string): Promise<Chunk | undefined> => table.get({ trans, key: id });
  const chunks = async (trans: Trans, ids: string[]): Promise<Map<string, Chunk>> => {
    const found = (await table.getMany({ trans, keys: ids })) as (Chunk | undefined)[];
    return new Map(ids.map((id, n) => [id, found[n] ?? { id, rows: {} }]));
  };
  /** Every row, in key order (IndexedDB's order of string keys), filtered by `range`. */
  const rowsIn = async (trans: Trans, range: DBCoreKeyRange): Promise<Row[]> => {
    if (range.type === EQUAL) {
      const row = (await chunk(trans, chunkOf(range.lower)))?.rows[range.lower];
      return row ? [row] : [];
    }
    const all = (
      await table.query({ trans, values: true, query: { index: table.schema.primaryKey, range: ANY_RANGE } })
    ).result as Chunk[];
    return all
      .flatMap((c) => Object.values(c.rows))
      .filter((r) => inRange(r.id, range))
      .sort(byKey);
  };
  /** Changes rows chunk by chunk: each touched chunk is read once and written once. */
  const change = async (
    trans: Trans,
    ids: string[],
    edit: (rows: Record<string, Row>, id: string, n: number) => void,
  ) => {
    const touched = await chunks(trans, [...new Set(ids.map(chunkOf))]);
    ids.forEach((id, n) => edit(touched.get(chunkOf(id))!.rows, id, n));
    const all = [...touched.values()];
    const kept = all.filter((c) => Object.keys(c.rows).length);
    const gone = all.filter((c) => !Object.keys(c.rows).length).map((c) => c.id);
    if (kept.length) await table.mutate({ type: 'put', trans, values: kept });
    if (gone.length) await table.mutate({ type: 'delete', trans, keys: gone });
  };

  const methods: Omit<DBCoreTable, 'name' | 'schema'> = {
    get: async ({ trans, key }) => (await chunk(trans, chunkOf(key)))?.rows[key],
    getMany: async ({ trans, keys }) => {
      const found = await chunks(trans, [...new Set((keys as string[]).map(chunkOf))]);
      return (keys as string[]).map((k) => found.get(chunkOf(k))!.rows[k]);
    },
    query: async ({ trans, values, limit, query, direction }) => {
      let rows = await rowsIn(trans, query.range);
      if (direction === 'prev' || direction === 'prevunique') rows = rows.reverse();
      if (limit !== undefined && limit < rows.length) rows = rows.slice(0, limit);
      return { result: values ? rows : rows.map((r) => r.id) };
    },
    count: async ({ trans, query }) => (await rowsIn(trans, query.range)).length,
    openCursor: async ({ trans, values, reverse, query }) => {
      const rows = await rowsIn(trans, query.range);
      return arrayCursor(trans, reverse ? rows.reverse() : rows, values !== false);
    },
    mutate: async (req) => {
      const { trans } = req;
      if (req.type === 'deleteRange') {
        if (req.range.type === ANY) await table.mutate(req);
        else {
          const ids = (await rowsIn(trans, req.range)).map((r) => r.id);
          await change(trans, ids, (rows, id) => delete rows[id]);
        }
        return { numFailures: 0, failures: {}, lastResult: undefined };
      }
      if (req.type === 'delete') {
        await change(trans, req.keys as string[], (rows, id) => delete rows[id]);
        return { numFailures: 0, failures: {}, lastResult: undefined };
      }
      const values = req.values as Row[];
      const ids = values.map((v) => v.id);
      const failures: Record<number, Error> = {};
      await change(trans, ids, (rows, id, n) => {
        if (req.type === 'add' && rows[id]) failures[n] = new DOMException('Key already exists', 'ConstraintError');
        else rows[id] = values[n]!;
      });
      const numFailures = Object.keys(failures).length;
      return { numFailures, failures, results: ids, lastResult: ids[ids.length - 1] };
    },
  };
  // Each answer as a Dexie promise: what the caller chains on it then runs in the caller's
  // transaction zone, as after Dexie's own DBCore (a native promise would lose it, and Dexie's
  // hooks middleware reads the zone's transaction).
  const zoned =
    <A, R>(f: (a: A) => Promise<R>) =>
    (a: A) =>
      Dexie.Promise.resolve(f(a)) as unknown as Promise<R>;
  return {
    ...table,
    get: zoned(methods.get),
    getMany: zoned(methods.getMany),
    query: zoned(methods.query),
    count: zoned(methods.count),
    openCursor: zoned(methods.openCursor),
    mutate: zoned(methods.mutate),
  };
}

const ANY_RANGE: DBCoreKeyRange = { type: ANY, lower: undefined, upper: undefined };

/** Keeps `tables` in chunks. Their stores must have a plain inbound string key (`&id`) and no
 * other index: an index over chunks would index nothing a screen asks for. */
export function chunkedTables(tables: readonly string[]): Middleware<DBCore> {
  const chunked = new Set(tables);
  return {
    stack: 'dbcore',
    name: 'ChunkedTables',
    level: -2,
    create: (down) => ({
      ...down,
      table: (name) => (chunked.has(name) ? chunkedTable(down.table(name)) : down.table(name)),
    }),
  };
}
