// The withDb door's React context on its own, without Dexie: a light entry (the public pages)
// can provide a lazily opened database here and keep IndexedDB code out of its first load.
import { createContext, useContext } from 'react';
import type { WithDb } from './with-db';

export const WithDbContext = createContext<WithDb | null>(null);

export function useWithDb(): WithDb {
  const withDb = useContext(WithDbContext);
  if (!withDb) throw new Error('useWithDb needs <DbProvider>');
  return withDb;
}
