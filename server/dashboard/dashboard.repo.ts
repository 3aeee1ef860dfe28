// The logbook in SQL: a visit is a sign-in plus the person's next event when that is a
// sign-out (domain/logbook.ts is the same rule for a device's local data). Days are counted
// in the admin's time zone. The (entity_id, at) and (entity_id, person_id, at) indexes of
// visit_events carry a day of 5,000 visits within a million.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { LogbookSort, VisitStatus } from '../../domain/logbook';

export interface DayRange { from: string; to: string; tz: string }

export interface LogbookSqlFilter {
  siteId?: string;
  areaId?: string;
  userTypeId?: string;
  status?: VisitStatus;
  search?: string;
}

export interface VisitSqlRow {
  id: string;
  person_id: string;
  full_name: string;
  user_type_id: string | null;
  user_type_name: string | null;
  site_id: string | null;
  site_name: string | null;
  area_id: string | null;
  area_name: string | null;
  time_in: string | number;
  time_out: string | number | null;
  status: VisitStatus;
  in_details: Record<string, unknown> | null;
  total?: string | number;
}

const ORDER: Record<LogbookSort, string> = {
  timeIn: 'time_in', timeOut: 'time_out', name: 'lower(full_name)', userType: 'lower(user_type_name)',
  site: 'lower(site_name)', area: 'lower(area_name)', status: 'status',
};

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The visits CTE: every sign-in of the range with its pairing, names and status. */
function visitsCte(entityId: string, range: DayRange): SQL {
  return sql`
    with bounds as (
      select (extract(epoch from (${range.from}::date)::timestamp at time zone ${range.tz}) * 1000)::bigint as lo,
             (extract(epoch from ((${range.to}::date + 1))::timestamp at time zone ${range.tz}) * 1000)::bigint as hi
    ),
    paired as (
      select i.id, i.person_id, i.at as time_in, i.area_id, i.details as in_details,
             coalesce(i.user_type_id, u.user_type_id) as user_type_id, u.full_name, a.site_id, a.name as area_name,
             n.kind as next_kind, n.at as next_at, n.details as next_details
      from bounds, visit_events i
      join users u on u.entity_id = i.entity_id and u.id = i.person_id
      left join areas a on a.entity_id = i.entity_id and a.id = i.area_id
      left join lateral (
        select e.kind, e.at, e.details from visit_events e
        where e.entity_id = i.entity_id and e.person_id = i.person_id and e.at >= i.at and (e.at > i.at or e.id > i.id)
        order by e.at, e.id limit 1
      ) n on true
      where i.entity_id = ${entityId} and i.kind = 'in' and i.at >= bounds.lo and i.at < bounds.hi
    ),
    visits as (
      select p.id, p.person_id, p.full_name, p.user_type_id, t.name as user_type_name, p.site_id, s.name as site_name,
             p.area_id, p.area_name, p.time_in, p.in_details,
             case when p.next_kind = 'out' then p.next_at end as time_out,
             case when p.next_kind = 'out'
               then case when p.next_details->'auto' = 'true'::jsonb then 'auto_signed_out' else 'signed_out' end
               else case when p.in_details->'auto' = 'true'::jsonb then 'auto_signed_in' else 'signed_in' end
             end as status
      from paired p
      left join user_types t on t.entity_id = ${entityId} and t.id = p.user_type_id
      left join sites s on s.entity_id = ${entityId} and s.id = p.site_id
    )`;
}

function whereOf(f: LogbookSqlFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.siteId) parts.push(sql`site_id = ${f.siteId}`);
  if (f.areaId) parts.push(sql`area_id = ${f.areaId}`);
  if (f.userTypeId) parts.push(sql`user_type_id = ${f.userTypeId}`);
  if (f.status) parts.push(sql`status = ${f.status}`);
  if (f.search) parts.push(sql`full_name ilike ${`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  return sql.join(parts, sql` and `);
}

export function dashboardRepo(db: Db) {
  return {
    async logbook(entityId: string, range: DayRange, f: LogbookSqlFilter, sort: LogbookSort, order: 'asc' | 'desc', limit: number, offset: number) {
      const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
      const nulls = sql.raw(order === 'asc' ? 'nulls last' : 'nulls first');
      return rows<VisitSqlRow>(db, sql`${visitsCte(entityId, range)}
        select *, count(*) over () as total from visits where ${whereOf(f)}
        order by ${sql.raw(ORDER[sort])} ${dir} ${nulls}, id ${dir}
        limit ${limit} offset ${offset}`);
    },

    async counts(entityId: string, range: DayRange) {
      return rows<{ user_type_id: string | null; user_type_name: string | null; site_id: string | null; site_name: string | null; status: VisitStatus; n: number | string }>(db, sql`${visitsCte(entityId, range)}
        select user_type_id, user_type_name, site_id, site_name, status, count(*)::int as n from visits
        group by user_type_id, user_type_name, site_id, site_name, status`);
    },

    async history(entityId: string, range: DayRange) {
      return rows<{ day: string; n: number | string }>(db, sql`
        with bounds as (
          select (extract(epoch from (${range.from}::date)::timestamp at time zone ${range.tz}) * 1000)::bigint as lo,
                 (extract(epoch from ((${range.to}::date + 1))::timestamp at time zone ${range.tz}) * 1000)::bigint as hi
        )
        select to_char(to_timestamp(e.at / 1000.0) at time zone ${range.tz}, 'YYYY-MM-DD') as day, count(*)::int as n
        from bounds, visit_events e
        where e.entity_id = ${entityId} and e.kind = 'in' and e.at >= bounds.lo and e.at < bounds.hi
        group by 1 order by 1`);
    },

    /** A visit's sign-in and the person's events from it to the end of that day (for the details view). */
    async eventsAround(entityId: string, eventId: string) {
      return rows<{ id: string; kind: 'in' | 'out'; at: string | number; area_id: string | null; area_name: string | null; details: Record<string, unknown> | null; person_id: string; full_name: string; image: string | null; email: string }>(db, sql`
        with v as (select person_id, at from visit_events where entity_id = ${entityId} and id = ${eventId} and kind = 'in')
        select e.id, e.kind, e.at, e.area_id, a.name as area_name, e.details, e.person_id, u.full_name, u.image, u.email
        from v, visit_events e
        join users u on u.entity_id = e.entity_id and u.id = e.person_id
        left join areas a on a.entity_id = e.entity_id and a.id = e.area_id
        where e.entity_id = ${entityId} and e.person_id = v.person_id and e.at >= v.at - 86400000 and e.at <= v.at + 86400000
        order by e.at, e.id`);
    },
  };
}
export type DashboardRepo = ReturnType<typeof dashboardRepo>;
