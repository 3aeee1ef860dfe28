// The company's name and logo as the kiosk shows them (frame and printed badge): the synced
// `companies` row, so a logo changed on /company reaches kiosks on their next pull,
// falling back to what the kiosk was registered with until that row has arrived.
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../../../db/db-context';

export interface CompanyBrand {
  name: string;
  logo: string | null;
}

export function useCompanyBrand(fallback: CompanyBrand & { id?: string }): CompanyBrand {
  const db = useDb();
  const row = useLiveQuery(
    () => (fallback.id ? db.companies.get(fallback.id) : db.companies.toCollection().first()),
    [db, fallback.id],
  );
  if (!row) return { name: fallback.name, logo: fallback.logo };
  return { name: row.name ?? fallback.name, logo: row.logo ?? null };
}
