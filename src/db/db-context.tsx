// Provides the app's one Dexie handle and its withDb door to React.
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { createDb, type GatehouseDb } from './schema';
import { keepOpen, makeWithDb } from './with-db';
import { WithDbContext as DbContext } from './with-db-context';

export { useWithDb } from './with-db-context';

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

/** The Dexie handle itself, for liveQuery and the sync adapter. */
export function useDb(): GatehouseDb {
  const db = useContext(RawDbContext);
  if (!db) throw new Error('useDb needs <DbProvider>');
  return db;
}
