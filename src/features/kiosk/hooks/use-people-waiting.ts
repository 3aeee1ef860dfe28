// The kiosk's unsent badge counts people whose sign-in or sign-out has not reached the server,
// read live from the outbox (internal log lines are not something a visitor waits for).
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../../../db/db-context';
import { peopleWaiting } from './result-notices';

export function usePeopleWaiting(): number {
  const db = useDb();
  return useLiveQuery(async () => peopleWaiting(await db.outbox.toArray()), [db]) ?? 0;
}
