// A test-only wrapper of the database handle that refuses the root handle inside an open
// transaction. PGlite is one session: a query on the root handle issued while a transaction
// holds it waits for that transaction, which waits for the query, and the server hangs for
// good. PostgreSQL would not hang, but the query would read outside the
// transaction and could wait on the rows it locked. The transaction's own async context is
// tracked with AsyncLocalStorage, so concurrent requests using the root handle are not flagged.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseHandle, Db } from '../db/database';

interface OpenTransaction {
  open: boolean;
}

export class RootHandleInTransactionError extends Error {
  constructor(member: string) {
    super(
      `Root database handle used inside an open transaction (db.${member}): on PGlite (one session) this deadlocks ` +
        'the server for good. Pass the transaction handle `tx` to everything called inside db.transaction().',
    );
    this.name = 'RootHandleInTransactionError';
  }
}

const guarded = new WeakSet<object>();
/** Every misuse seen, so a suite fails even when the app turned the throw into a 500. */
export const rootHandleViolations: RootHandleInTransactionError[] = [];

export function guardRootHandle(database: DatabaseHandle): DatabaseHandle {
  if (guarded.has(database.db)) return database;
  const inTransaction = new AsyncLocalStorage<OpenTransaction>();
  const check = (member: string) => {
    if (!inTransaction.getStore()?.open) return;
    const error = new RootHandleInTransactionError(member);
    rootHandleViolations.push(error);
    console.error(error);
    throw error;
  };
  const target = database.db;
  const db = new Proxy(target, {
    get(t, key, receiver) {
      const value: unknown = Reflect.get(t, key, receiver);
      if (typeof key !== 'string') return value;
      if (key === 'transaction') {
        return (work: (tx: unknown) => Promise<unknown>, config?: unknown) => {
          check(key);
          const store: OpenTransaction = { open: true };
          // Close the marker when the transaction ends: work it started and left running may use
          // the root handle afterwards, which is fine.
          return (t.transaction as (w: typeof work, c?: unknown) => Promise<unknown>)(
            (tx) => inTransaction.run(store, () => work(tx)),
            config,
          ).finally(() => {
            store.open = false;
          });
        };
      }
      if (key === 'query' && value && typeof value === 'object') {
        return new Proxy(value, {
          get(q, table, r) {
            check(`query.${String(table)}`);
            return Reflect.get(q, table, r);
          },
        });
      }
      if (typeof value === 'function') {
        return (...args: unknown[]) => {
          check(key);
          return (value as (...a: unknown[]) => unknown).apply(t, args);
        };
      }
      return value;
    },
  }) as Db;
  guarded.add(db);
  return { ...database, db };
}
