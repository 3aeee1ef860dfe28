// The one door to IndexedDB: reopens after the browser closes the connection (WebKit does this
// after backgrounding) and retries the access once. Callers pass idempotent work.
import type { GatehouseDb } from './schema';

const CLOSED_ERRORS = new Set(['DatabaseClosedError', 'InvalidStateError']);

export function isClosedError(error: unknown): boolean {
  return error instanceof Error && (CLOSED_ERRORS.has(error.name) || /closed|closing/i.test(error.message));
}

/** Reopen as soon as the browser closes the connection behind our back. */
export function keepOpen(db: GatehouseDb): () => void {
  const onClose = () => {
    db.open().catch((error: unknown) => console.warn('gatehouse db: reopen failed', error));
  };
  db.on('close', onClose);
  return () => db.on('close').unsubscribe(onClose);
}

export type WithDb = <T>(work: (db: GatehouseDb) => Promise<T>) => Promise<T>;

export function makeWithDb(db: GatehouseDb): WithDb {
  return async (work) => {
    try {
      if (!db.isOpen()) await db.open();
      return await work(db);
    } catch (error) {
      if (!isClosedError(error)) throw error;
      await db.open();
      return work(db);
    }
  };
}
