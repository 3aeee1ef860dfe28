// Provides the app's one Dexie handle and its withDb door to React.
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { createDb, type GatehouseDb } from './schema';
import { keepOpen, makeWithDb, type WithDb } from './with-db';

const DbContext = createContext<WithDb | null>(null);
const RawDbContext = createContext<GatehouseDb | null>(null);

export function DbProvider({ children }: { children: ReactNode }) {
  const db = useMemo(() => createDb(), []);
  const withDb = useMemo(() => makeWithDb(db), [db]);
  useEffect(() => keepOpen(db), [db]);
  return (
    <RawDbContext.Provider value={db}>
      <DbContext.Provider value={withDb}>{children}</DbContext.Provider>
    </RawDbContext.Provider>
  );
}

export function useWithDb(): WithDb {
  const withDb = useContext(DbContext);
  if (!withDb) throw new Error('useWithDb needs <DbProvider>');
  return withDb;
}

/** The Dexie handle itself, for liveQuery and the sync adapter. */
export function useDb(): GatehouseDb {
  const db = useContext(RawDbContext);
  if (!db) throw new Error('useDb needs <DbProvider>');
  return db;
}
