// The logbook in SQL: a visit is a sign-in plus the person's next event when that is a
// sign-out (domain/logbook.ts is the same rule for a device's local data); the pairing is
// kept at write time in `visits` (visit-pairing.ts), so a day is an index range of that
// table. Days are counted in the admin's time zone.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema/index';
import type { LogbookSort, VisitStatus } from '../../domain/logbook';

export interface DayRange {
  from: string;
  to: string;
  tz: string;
}

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
  timeIn: 'time_in',
  timeOut: 'time_out',
  name: 'lower(full_name)',
  userType: 'lower(user_type_name)',
  site: 'lower(site_name)',
  area: 'lower(area_name)',
  status: 'status',
};

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The range's first and last instants in the admin's time zone, asked of the database first
 * so the day query carries them as constants (the planner then estimates the day's rows). */
async function boundsOf(db: Db, range: DayRange): Promise<{ lo: number; hi: number }> {
  const [b] = await rows<{ lo: string | number; hi: string | number }>(
    db,
    sql`
    select (extract(epoch from (${range.from}::date)::timestamp at time zone ${range.tz}) * 1000)::bigint as lo,
           (extract(epoch from ((${range.to}::date + 1))::timestamp at time zone ${range.tz}) * 1000)::bigint as hi`,
  );
  return { lo: Number(b!.lo), hi: Number(b!.hi) };
}

/** The visits of the range from the `visits` table (paired at write time), with their names. */
function visitsCte(entityId: string, { lo, hi }: { lo: number; hi: number }): SQL {
  return sql`
    -- Materialized: the range's visits first, then filter, sort and page them. Inlined, a
    -- filter that makes the sort key constant (status = x, sorted by status) let the planner
    -- walk the primary key for "order by id" across every day of the company's history.
    with visits_of_range as materialized (
      select v.id, v.person_id, u.full_name, coalesce(v.user_type_id, u.user_type_id) as user_type_id, t.name as user_type_name,
             a.site_id, s.name as site_name, v.area_id, a.name as area_name, v.time_in, v.time_out, v.status
      from visits v
      -- A primary-key lookup per visit (offset 0 keeps it one): a day is a few thousand visits
      -- of a company of 50,000, and a misestimated day would otherwise hash all of them.
      join lateral (select x.full_name, x.user_type_id from users x where x.entity_id = v.entity_id and x.id = v.person_id offset 0) u on true
      left join areas a on a.entity_id = v.entity_id and a.id = v.area_id
      left join user_types t on t.entity_id = v.entity_id and t.id = coalesce(v.user_type_id, u.user_type_id)
      left join sites s on s.entity_id = v.entity_id and s.id = a.site_id
      where v.entity_id = ${entityId} and v.time_in >= ${lo} and v.time_in < ${hi}
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
    /** Full names of the company's people with these ids. */
    async namesOf(entityId: string, ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const found = await db
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(and(eq(users.entityId, entityId), inArray(users.id, ids)));
      return new Map(found.map((u) => [u.id, u.fullName]));
    },

    async logbook(
      entityId: string,
      range: DayRange,
      f: LogbookSqlFilter,
      sort: LogbookSort,
      order: 'asc' | 'desc',
      limit: number,
      offset: number,
    ) {
      const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
      const nulls = sql.raw(order === 'asc' ? 'nulls last' : 'nulls first');
      const orderBy = sql`${sql.raw(ORDER[sort])} ${dir} ${nulls}, id ${dir}`;
      // Sort and page the narrow rows; the sign-in's details are read for the page only.
      return rows<VisitSqlRow>(
        db,
        sql`${visitsCte(entityId, await boundsOf(db, range))}
        select p.*, (select e.details from visit_events e where e.entity_id = ${entityId} and e.id = p.id) as in_details
        from (select *, count(*) over () as total from visits_of_range where ${whereOf(f)} order by ${orderBy} limit ${limit} offset ${offset}) p
        order by ${orderBy}`,
      );
    },

    async counts(entityId: string, range: DayRange) {
      return rows<{
        user_type_id: string | null;
        user_type_name: string | null;
        site_id: string | null;
        site_name: string | null;
        status: VisitStatus;
        n: number | string;
      }>(
        db,
        sql`${visitsCte(entityId, await boundsOf(db, range))}
        select user_type_id, user_type_name, site_id, site_name, status, count(*)::int as n from visits_of_range
        group by user_type_id, user_type_name, site_id, site_name, status`,
      );
    },

    async history(entityId: string, range: DayRange) {
      const { lo, hi } = await boundsOf(db, range);
      return rows<{ day: string; n: number | string }>(
        db,
        sql`
        select to_char(to_timestamp(v.time_in / 1000.0) at time zone ${range.tz}, 'YYYY-MM-DD') as day, count(*)::int as n
        from visits v
        where v.entity_id = ${entityId} and v.time_in >= ${lo} and v.time_in < ${hi}
        group by 1 order by 1`,
      );
    },

    /** A visit's sign-in and the person's events from it to the end of that day (for the details view). */
    async eventsAround(entityId: string, eventId: string) {
      return rows<{
        id: string;
        kind: 'in' | 'out';
        at: string | number;
        area_id: string | null;
        area_name: string | null;
        details: Record<string, unknown> | null;
        person_id: string;
        full_name: string;
        image: string | null;
        email: string;
      }>(
        db,
        sql`
        with v as (select person_id, at from visit_events where entity_id = ${entityId} and id = ${eventId} and kind = 'in')
        select e.id, e.kind, e.at, e.area_id, a.name as area_name, e.details, e.person_id, u.full_name, u.image, u.email
        from v, visit_events e
        join users u on u.entity_id = e.entity_id and u.id = e.person_id
        left join areas a on a.entity_id = e.entity_id and a.id = e.area_id
        where e.entity_id = ${entityId} and e.person_id = v.person_id and e.at >= v.at - 86400000 and e.at <= v.at + 86400000
        order by e.at, e.id`,
      );
    },
  };
}
export type DashboardRepo = ReturnType<typeof dashboardRepo>;
