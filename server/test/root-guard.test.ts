// The test database wrapper: the root handle inside an open transaction throws
// a clear error instead of hanging PGlite; the transaction's own handle and concurrent work outside
// the transaction are left alone.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { guardRootHandle, RootHandleInTransactionError, rootHandleViolations } from './root-guard';

// Both drivers answer execute() with `{ rows }`; the shared type cannot say so.
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

let database: DatabaseHandle;
beforeAll(async () => {
  database = guardRootHandle(await openDatabase({}));
});
afterAll(async () => {
  await database.close();
});

it('refuses the root handle inside a transaction, naming the problem', async () => {
  const db = database.db;
  const attempt = db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    await db.execute(sql`select 1`);
  });
  await expect(attempt).rejects.toBeInstanceOf(RootHandleInTransactionError);
  await expect(attempt).rejects.toThrow(/inside an open transaction.*Pass the transaction handle `tx`/);
  expect(rootHandleViolations.splice(0)).toHaveLength(1);
  await expect(db.transaction(async () => db.transaction(async () => undefined))).rejects.toThrow(/db\.transaction/);
  rootHandleViolations.splice(0);
});

it('leaves the transaction handle, later work and concurrent callers alone', async () => {
  const db = database.db;
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const inside = db.transaction(async (tx) => {
    await gate;
    return rowsOf(await tx.execute(sql`select 2 as n`));
  });
  const outside = db.execute(sql`select 3 as n`);
  release();
  expect(await inside).toEqual([{ n: 2 }]);
  expect(rowsOf(await outside)).toEqual([{ n: 3 }]);
  expect(rowsOf(await db.execute(sql`select 4 as n`))).toEqual([{ n: 4 }]);
  expect(rootHandleViolations).toEqual([]);
});
