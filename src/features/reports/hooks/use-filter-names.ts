// Names of the ids a report's filters hold (site, area, user type, person), read from this
// device's copy, for a print's filters in words. An id not on this device shows as it is.
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../../../db/db-context';

export function useFilterNames(ids: { site?: string; area?: string; userType?: string; person?: string }) {
  const db = useDb();
  const found = useLiveQuery(
    async () => ({
      site: ids.site ? (await db.sites.get(ids.site))?.name : undefined,
      area: ids.area ? (await db.areas.get(ids.area))?.name : undefined,
      userType: ids.userType ? (await db.userTypes.get(ids.userType))?.name : undefined,
      person: ids.person ? (await db.people.get(ids.person))?.fullName : undefined,
    }),
    [db, ids.site, ids.area, ids.userType, ids.person],
  );
  return {
    site: found?.site ?? ids.site,
    area: found?.area ?? ids.area,
    userType: found?.userType ?? ids.userType,
    person: found?.person ?? ids.person,
  };
}
