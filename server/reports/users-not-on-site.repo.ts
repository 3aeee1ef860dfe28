// Users not on site: people of a user type who are not signed in now, or who were
// not in on a chosen day (no visit of theirs overlaps that day in the caller's time zone).
import { sql, type SQL } from 'drizzle-orm';
import type { NotOnSiteRow } from '../../domain/schemas/more-reports';
import type { Db } from '../db/database';
import type { Bounds } from './reports.repo';
import { LOOKBACK_MS } from './track-trace.service';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** People with a user type (so logins without one, like kiosks' and system users, are left out). */
function whereOf(entityId: string, userTypeId: string | undefined, day: Bounds | null, now: number): SQL {
  const present = day
    ? sql`v.time_in >= ${day.lo - LOOKBACK_MS} and v.time_in < ${day.hi} and (v.time_out is null or v.time_out > ${day.lo})`
    : sql`v.time_out is null and v.time_in <= ${now} and v.status in ('signed_in', 'auto_signed_in')`;
  return sql`u.entity_id = ${entityId} and not u.archived and u.user_type_id is not null
    ${userTypeId ? sql`and u.user_type_id = ${userTypeId}` : sql``}
    and u.id not in (select v.person_id from visits v where v.entity_id = ${entityId} and ${present})`;
}

export function usersNotOnSiteRepo(db: Db) {
  return {
    async page(
      entityId: string,
      userTypeId: string | undefined,
      day: Bounds | null,
      now: number,
      limit: number,
      offset: number,
    ) {
      return rows<NotOnSiteRow>(
        db,
        sql`select u.id, u.full_name, u.user_type_id, t.name as user_type_name, u.email from users u
            left join user_types t on t.entity_id = u.entity_id and t.id = u.user_type_id
            where ${whereOf(entityId, userTypeId, day, now)}
            order by lower(u.full_name), u.id limit ${limit} offset ${offset}`,
      );
    },
    async count(entityId: string, userTypeId: string | undefined, day: Bounds | null, now: number) {
      const [r] = await rows<{ n: string | number }>(
        db,
        sql`select count(*) as n from users u where ${whereOf(entityId, userTypeId, day, now)}`,
      );
      return Number(r!.n);
    },
  };
}
