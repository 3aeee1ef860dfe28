// The users grid and a person's documents from this device, live: a pull that brings a change
// shows at once.
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../../../db/db-context';
import { readLocalUsers, type LocalUsers } from './local-users';
import type { UsersParams } from './use-users';

export function useLocalUsers(p: UsersParams): LocalUsers | undefined {
  const db = useDb();
  const key = JSON.stringify(p);
  return useLiveQuery(() => readLocalUsers(db, JSON.parse(key) as UsersParams), [db, key]);
}

export interface LocalDocument {
  id: string;
  type: string;
  status: string;
  start_date: string | null;
  expiry_date: string | null;
  details: Record<string, unknown>;
}

export function useLocalDocuments(personId: string): LocalDocument[] | undefined {
  const db = useDb();
  return useLiveQuery(
    async () =>
      (await db.personDocuments.where('personId').equals(personId).toArray()).map((d) => ({
        id: d.id,
        type: d.type,
        status: d.status,
        start_date: d.startDate ?? null,
        expiry_date: d.expiryDate ?? null,
        details: (d.details as Record<string, unknown> | null | undefined) ?? {},
      })),
    [db, personId],
  );
}
