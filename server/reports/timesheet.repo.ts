// Timesheet and time reports in SQL. Both read the paired `visits` that overlap the range: an
// index range of visits_entity_time_in_idx from three days before it (a visit longer than three
// days is cut there) to its end. The timesheet pages people in SQL and splits their visits in
// domain/timesheet.ts; the time report sums the overlap per person and per user type in SQL.
import { sql, type SQL } from 'drizzle-orm';
import { arrayParam } from '../db/array-param';
import type { Db } from '../db/database';
import type { Bounds } from './reports.repo';

const LOOKBACK_MS = 3 * 86_400_000;

export interface TimeFilter {
  siteId?: string;
  userTypeId?: string;
  personId?: string;
}

export interface TimesheetVisitRow {
  id: string;
  person_id: string;
  time_in: string | number;
  time_out: string | number | null;
  tz: string | null;
  in_situation: 'late_sign_in' | 'early_sign_out' | null;
  in_reason: string | null;
  in_code: string | null;
  in_mode: string | null;
  in_at: string | number | null;
  in_reason_id: string | null;
  out_situation: 'late_sign_in' | 'early_sign_out' | null;
  out_reason: string | null;
  out_code: string | null;
  out_mode: string | null;
  out_at: string | number | null;
  out_reason_id: string | null;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Only the joins the filters need: the people of a month are found from visits alone. */
function fromOf(f: TimeFilter, all = false): SQL {
  const parts: SQL[] = [sql`visits v`];
  if (all || f.userTypeId) parts.push(sql`join users u on u.entity_id = v.entity_id and u.id = v.person_id`);
  if (all || f.siteId) parts.push(sql`left join areas a on a.entity_id = v.entity_id and a.id = v.area_id`);
  return sql.join(parts, sql` `);
}

function whereOf(entityId: string, b: Bounds, now: number, f: TimeFilter): SQL {
  const parts: SQL[] = [
    sql`v.entity_id = ${entityId} and v.time_in >= ${b.lo - LOOKBACK_MS} and v.time_in < ${b.hi}
        and coalesce(v.time_out, ${now}::bigint) > ${b.lo}`,
  ];
  if (f.personId) parts.push(sql`v.person_id = ${f.personId}`);
  if (f.siteId) parts.push(sql`a.site_id = ${f.siteId}`);
  if (f.userTypeId) parts.push(sql`coalesce(v.user_type_id, u.user_type_id) = ${f.userTypeId}`);
  return sql.join(parts, sql` and `);
}

export function timesheetRepo(db: Db) {
  return {
    /** A page of the people with time in the range, by name. */
    async people(entityId: string, b: Bounds, now: number, f: TimeFilter, limit: number, offset: number) {
      return rows<{ person_id: string; full_name: string; user_type_name: string | null }>(
        db,
        sql`select p.person_id, u.full_name, t.name as user_type_name
            from (select distinct v.person_id from ${fromOf(f)} where ${whereOf(entityId, b, now, f)}) p
            join users u on u.entity_id = ${entityId} and u.id = p.person_id
            left join user_types t on t.entity_id = ${entityId} and t.id = u.user_type_id
            order by lower(u.full_name), p.person_id limit ${limit} offset ${offset}`,
      );
    },

    async peopleCount(entityId: string, b: Bounds, now: number, f: TimeFilter): Promise<number> {
      const [r] = await rows<{ n: number | string }>(
        db,
        sql`select count(distinct v.person_id) as n from ${fromOf(f)} where ${whereOf(entityId, b, now, f)}`,
      );
      return Number(r!.n);
    },

    /** The visits of some people with what was judged at their sign-in and sign-out. */
    async visits(entityId: string, b: Bounds, now: number, f: TimeFilter, personIds: string[]) {
      if (personIds.length === 0) return [];
      return rows<TimesheetVisitRow>(
        db,
        sql`select v.id, v.person_id, v.time_in, v.time_out, s.time_zone as tz,
              ai.situation as in_situation, ai.reason_name as in_reason, ai.attendance_code as in_code,
              ai.attendance_mode_id as in_mode, ai.at as in_at,
              ao.situation as out_situation, ao.reason_name as out_reason, ao.attendance_code as out_code,
              ao.attendance_mode_id as out_mode, ao.at as out_at,
              ai.reason_id as in_reason_id, ao.reason_id as out_reason_id
            from ${fromOf(f, true)}
            left join sites s on s.entity_id = v.entity_id and s.id = a.site_id
            left join attendance_records ai on ai.entity_id = v.entity_id and ai.id = v.id
            left join attendance_records ao on ao.entity_id = v.entity_id and ao.id = v.out_event_id
            where ${whereOf(entityId, b, now, f)} and v.person_id = any(${arrayParam(personIds)}::uuid[])
            order by v.time_in`,
      );
    },

    /** Time on site per person inside the range (visits cut at its ends), most time first. */
    async perPerson(
      entityId: string,
      b: Bounds,
      now: number,
      tz: string,
      f: TimeFilter,
      limit: number,
      offset: number,
    ) {
      return rows<{
        person_id: string;
        full_name: string;
        user_type_name: string | null;
        ms: string | number;
        visits: string | number;
        days: string | number;
      }>(
        db,
        sql`select v.person_id, u.full_name, t.name as user_type_name,
              sum(greatest(0, least(coalesce(v.time_out, ${now}::bigint), ${b.hi}::bigint) - greatest(v.time_in, ${b.lo}::bigint))) as ms,
              count(*) as visits,
              count(distinct (to_timestamp(greatest(v.time_in, ${b.lo}::bigint) / 1000.0) at time zone ${tz})::date) as days
            from ${fromOf(f, true)}
            left join user_types t on t.entity_id = v.entity_id and t.id = u.user_type_id
            where ${whereOf(entityId, b, now, f)}
            group by v.person_id, u.full_name, t.name
            order by ms desc, lower(u.full_name), v.person_id limit ${limit} offset ${offset}`,
      );
    },

    /** Time on site per user type (the type recorded on the visit, else the person's). */
    async perUserType(entityId: string, b: Bounds, now: number, f: TimeFilter) {
      return rows<{
        user_type_id: string | null;
        user_type_name: string | null;
        ms: string | number;
        people: string | number;
        visits: string | number;
      }>(
        db,
        sql`select coalesce(v.user_type_id, u.user_type_id) as user_type_id, max(t.name) as user_type_name,
              sum(greatest(0, least(coalesce(v.time_out, ${now}::bigint), ${b.hi}::bigint) - greatest(v.time_in, ${b.lo}::bigint))) as ms,
              count(distinct v.person_id) as people, count(*) as visits
            from ${fromOf(f, true)}
            left join user_types t on t.entity_id = v.entity_id and t.id = coalesce(v.user_type_id, u.user_type_id)
            where ${whereOf(entityId, b, now, f)}
            group by 1 order by ms desc`,
      );
    },
  };
}
export type TimesheetRepo = ReturnType<typeof timesheetRepo>;
