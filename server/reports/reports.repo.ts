// The reports in SQL. Visits come from the `visits` table that the sync handlers keep paired
// at write time (server/dashboard/visit-pairing.ts): a range is an index range of it. Joins
// that a filter does not need are left out of the count, so the first page of a month of a
// million-visit company stays an index walk.
import { sql, type SQL } from 'drizzle-orm';
import { arrayParam } from '../db/array-param';
import type { Db } from '../db/database';
import type { VisitStatus } from '../../domain/logbook';
import type { HistorySort } from '../../domain/schemas/reports';

export interface Bounds {
  lo: number;
  hi: number;
}

export interface HistorySqlFilter {
  siteId?: string;
  areaId?: string;
  userTypeId?: string;
  personId?: string;
  status?: VisitStatus;
  host?: string;
  stage?: string;
  checks?: 'with' | 'without';
}

export interface HistorySqlRow {
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
  /** The recorded host ids' names (kiosk sign-ins), when the details name no host themselves. */
  host_names?: string | null;
}

const ORDER: Record<HistorySort, string> = {
  timeIn: 'v.time_in',
  timeOut: 'v.time_out',
  name: 'lower(u.full_name)',
  userType: 'lower(t.name)',
  site: 'lower(s.name)',
  area: 'lower(a.name)',
  status: 'v.status',
};

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The journey's host or stage as text, whatever shape the kiosk recorded (domain/logbook detailText). */
const detail = (key: 'host' | 'stage') =>
  sql.raw(
    `coalesce(e.details->'${key}'->>'name', e.details->'${key}'->>'full_name', e.details->'${key}'->>'fullName', e.details->>'${key}'${key === 'host' ? `, ${hostNames('e')}` : ''})`,
  );
/** The names of the hosts a kiosk sign-in recorded by id (`details.hostIds`, domain/logbook
 * hostIdsOf), in this company: the kiosk journey records its host that way, not as a name. */
function hostNames(ev: string): string {
  return `(select string_agg(h.full_name, ', ' order by h.full_name) from users h
    where h.entity_id = ${ev}.entity_id and jsonb_typeof(${ev}.details->'hostIds') = 'array'
    and h.id::text in (select jsonb_array_elements_text(${ev}.details->'hostIds')))`;
}

function whereOf(entityId: string, b: Bounds, f: HistorySqlFilter): SQL {
  const parts: SQL[] = [sql`v.entity_id = ${entityId} and v.time_in >= ${b.lo} and v.time_in < ${b.hi}`];
  if (f.areaId) parts.push(sql`v.area_id = ${f.areaId}`);
  if (f.personId) parts.push(sql`v.person_id = ${f.personId}`);
  if (f.status) parts.push(sql`v.status = ${f.status}`);
  if (f.siteId) parts.push(sql`a.site_id = ${f.siteId}`);
  if (f.userTypeId) parts.push(sql`coalesce(v.user_type_id, u.user_type_id) = ${f.userTypeId}`);
  // Journey details live on the sign-in event: matched in one range scan of the company's events
  // (visit_events_entity_at_idx) rather than one lookup per visit of the range.
  const details: SQL[] = [];
  if (f.host) details.push(sql`${detail('host')} ilike ${like(f.host)}`);
  if (f.stage) details.push(sql`${detail('stage')} ilike ${like(f.stage)}`);
  if (f.checks === 'with') details.push(sql`e.details ? 'checks'`);
  if (f.checks === 'without') details.push(sql`not coalesce(e.details ? 'checks', false)`);
  if (details.length)
    parts.push(sql`v.id in (select e.id from visit_events e where e.entity_id = ${entityId} and e.kind = 'in'
      and e.at >= ${b.lo} and e.at < ${b.hi} and ${sql.join(details, sql` and `)})`);
  return sql.join(parts, sql` and `);
}

type Join = 'u' | 'a' | 't' | 's' | 'ev';
const JOIN: Record<Join, SQL> = {
  u: sql`join users u on u.entity_id = v.entity_id and u.id = v.person_id`,
  a: sql`left join areas a on a.entity_id = v.entity_id and a.id = v.area_id`,
  t: sql`left join user_types t on t.entity_id = v.entity_id and t.id = coalesce(v.user_type_id, u.user_type_id)`,
  s: sql`left join sites s on s.entity_id = v.entity_id and s.id = a.site_id`,
  ev: sql`left join visit_events ev on ev.entity_id = v.entity_id and ev.id = v.id`,
};
/** The joins a sort key reads (t needs u, s needs a). */
const SORT_JOINS: Record<HistorySort, Join[]> = {
  timeIn: [],
  timeOut: [],
  status: [],
  name: ['u'],
  userType: ['u', 't'],
  site: ['a', 's'],
  area: ['a'],
};
const joinSql = (need: ReadonlySet<Join>) =>
  sql.join(
    (['u', 'a', 't', 's', 'ev'] as const).filter((j) => need.has(j)).map((j) => JOIN[j]),
    sql` `,
  );

/** Only the joins the filters (and the sort) need (the count of a month must not look up 40,000 people). */
function joinsOf(f: HistorySqlFilter, all: boolean, sort?: HistorySort): SQL {
  if (all) return joinSql(new Set<Join>(['u', 'a', 't', 's', 'ev']));
  const need = new Set<Join>(sort ? SORT_JOINS[sort] : []);
  if (f.userTypeId) need.add('u');
  if (f.siteId) need.add('a');
  return joinSql(need);
}

const COLUMNS = sql`v.id, v.person_id, u.full_name, coalesce(v.user_type_id, u.user_type_id) as user_type_id,
  t.name as user_type_name, a.site_id, s.name as site_name, v.area_id, a.name as area_name,
  v.time_in, v.time_out, v.status, ev.details as in_details, ${sql.raw(hostNames('ev'))} as host_names`;

/** The range's first and last instants in a time zone (end exclusive). */
async function boundsOf(db: Db, from: string, to: string, tz: string): Promise<Bounds> {
  const [b] = await rows<{ lo: string | number; hi: string | number }>(
    db,
    sql`select (extract(epoch from (${from}::date)::timestamp at time zone ${tz}) * 1000)::bigint as lo,
               (extract(epoch from ((${to}::date + 1))::timestamp at time zone ${tz}) * 1000)::bigint as hi`,
  );
  return { lo: Number(b!.lo), hi: Number(b!.hi) };
}

export function reportsRepo(db: Db) {
  return {
    /** The range's first and last instants in a time zone (end exclusive). */
    bounds: (from: string, to: string, tz: string) => boundsOf(db, from, to, tz),

    /** How many of the ids given are this company's (a filter naming another company's id is a 404). */
    async owned(entityId: string, ids: { sites: string[]; areas: string[]; userTypes: string[]; users: string[] }) {
      const n = (table: string, list: string[]) =>
        list.length === 0
          ? sql`0`
          : sql`(select count(*)::int from ${sql.raw(table)} where entity_id = ${entityId} and id = any(${arrayParam(list)}::uuid[]))`;
      const [r] = await rows<{ n: number }>(
        db,
        sql`select ${n('sites', ids.sites)} + ${n('areas', ids.areas)} + ${n('user_types', ids.userTypes)} + ${n('users', ids.users)} as n`,
      );
      return Number(r!.n);
    },

    async historyPage(
      entityId: string,
      b: Bounds,
      f: HistorySqlFilter,
      sort: HistorySort,
      order: 'asc' | 'desc',
      limit: number,
      offset: number,
    ) {
      const dir = order === 'asc' ? 'asc' : 'desc';
      const nulls = order === 'asc' ? 'nulls last' : 'nulls first';
      const orderBy = sql.raw(`${ORDER[sort]} ${dir} ${nulls}, v.id ${dir}`);
      // The page's ids first, with only the joins its filters and sort need; the other joins
      // (the sign-in event's details above all) for its rows only, not for every visit that
      // matched before the top ten were kept.
      return rows<HistorySqlRow>(
        db,
        sql`select ${COLUMNS} from (
              select v.id, ${sql.raw(ORDER[sort])} as k from visits v ${joinsOf(f, false, sort)}
              where ${whereOf(entityId, b, f)} order by ${orderBy} limit ${limit} offset ${offset}
            ) p join visits v on v.entity_id = ${entityId} and v.id = p.id ${joinsOf(f, true)}
            order by ${sql.raw(`p.k ${dir} ${nulls}, p.id ${dir}`)}`,
      );
    },

    /** A page and the count of a history whose filters read the sign-in's journey details (host,
     * stage, checks), in one pass. The planner cannot estimate a text match inside jsonb (it
     * guessed 5 sign-ins where 5,870 matched), so a page with a LIMIT got plans whose cost grew
     * with the guess's error (a walk of every person by name, rescanning the matches for each).
     * Here the matches are gathered once with the keys they sort by (materialized: their plan is
     * the plan of a count), counted, and the page is the top of them: linear in the matches
     * whatever the estimate, and half the work of a separate count. */
    async historyPageCounted(
      entityId: string,
      b: Bounds,
      f: HistorySqlFilter,
      sort: HistorySort,
      order: 'asc' | 'desc',
      limit: number,
      offset: number,
    ): Promise<{ rows: HistorySqlRow[]; count: number }> {
      const dir = order === 'asc' ? 'asc' : 'desc';
      const nulls = order === 'asc' ? 'nulls last' : 'nulls first';
      const found = await rows<HistorySqlRow & { total: number | string; sort_key: unknown }>(
        db,
        sql`with m as materialized (
              select v.id, ${sql.raw(ORDER[sort])} as k from visits v ${joinsOf(f, false, sort)}
              where ${whereOf(entityId, b, f)}
            )
            select c.total, x.* from (select count(*) as total from m) c
            left join (
              select ${COLUMNS}, p.k as sort_key from (
                select id, k from m order by ${sql.raw(`k ${dir} ${nulls}, id ${dir}`)} limit ${limit} offset ${offset}
              ) p join visits v on v.entity_id = ${entityId} and v.id = p.id ${joinsOf(f, true)}
            ) x on true
            order by ${sql.raw(`x.sort_key ${dir} ${nulls}, x.id ${dir}`)}`,
      );
      // Past the last page the count's row comes alone (no visit in it).
      return { rows: found.filter((r) => r.id != null), count: Number(found[0]?.total ?? 0) };
    },

    async historyCount(entityId: string, b: Bounds, f: HistorySqlFilter): Promise<number> {
      const [r] = await rows<{ n: number | string }>(
        db,
        sql`select count(*) as n from visits v ${joinsOf(f, false)} where ${whereOf(entityId, b, f)}`,
      );
      return Number(r!.n);
    },

    /** The next batch after (time_in, id) in sign-in order, for exports (keyset: no growing offset). */
    async historyBatch(
      entityId: string,
      b: Bounds,
      f: HistorySqlFilter,
      order: 'asc' | 'desc',
      after: { timeIn: number; id: string } | null,
      limit: number,
    ) {
      const cmp = order === 'asc' ? sql`>` : sql`<`;
      const dir = sql.raw(order);
      const keyset = after ? sql` and (v.time_in, v.id) ${cmp} (${after.timeIn}::bigint, ${after.id}::uuid)` : sql``;
      return rows<HistorySqlRow>(
        db,
        sql`select ${COLUMNS} from visits v ${joinsOf(f, true)} where ${whereOf(entityId, b, f)}${keyset}
            order by v.time_in ${dir}, v.id ${dir} limit ${limit}`,
      );
    },

    /** Visits per day (in the time zone), user type and area; names joined after counting. A
     * visit's day is its bucket among the days' first instants (width_bucket: a binary search),
     * which costs far less per row than formatting its time in the zone. The sign-ins that
     * recorded a user type (nearly all: kiosk, remote and mass sign-ins) are counted from
     * visits_summary_idx alone (an index-only scan); only those that did not are joined to their
     * person for the current type. The range is passed as constants so the planner sees it. */
    async summary(
      entityId: string,
      range: { from: string; to: string },
      tz: string,
      f: { siteId?: string; userTypeId?: string },
    ) {
      const parts: SQL[] = [];
      if (f.siteId) parts.push(sql` and a.site_id = ${f.siteId}`);
      if (f.userTypeId) parts.push(sql` and c.user_type_id = ${f.userTypeId}`);
      const { lo, hi } = await boundsOf(db, range.from, range.to, tz);
      return rows<{
        day: string;
        user_type_id: string | null;
        user_type_name: string | null;
        site_id: string | null;
        site_name: string | null;
        area_id: string | null;
        area_name: string | null;
        n: number | string;
      }>(
        db,
        sql`
        with b as (
          select array_agg((extract(epoch from d::timestamp at time zone ${tz}) * 1000)::bigint order by d) as starts,
                 array_agg(to_char(d, 'YYYY-MM-DD') order by d) as days
          from generate_series(${range.from}::date, ${range.to}::date + 1, interval '1 day') d
        ), counted as (
          select width_bucket(x.time_in, b.starts) as k, x.user_type_id, x.area_id, count(*) as n
          from b, (
            select v.time_in, v.user_type_id, v.area_id from visits v
            where v.entity_id = ${entityId} and v.time_in >= ${lo} and v.time_in < ${hi} and v.user_type_id is not null
            union all
            select v.time_in, u.user_type_id, v.area_id
            from visits v join users u on u.entity_id = v.entity_id and u.id = v.person_id
            where v.entity_id = ${entityId} and v.time_in >= ${lo} and v.time_in < ${hi} and v.user_type_id is null
          ) x
          group by 1, 2, 3
        )
        select b.days[c.k] as day, c.user_type_id, t.name as user_type_name, a.site_id, s.name as site_name,
               c.area_id, a.name as area_name, c.n
        from counted c cross join b
        left join user_types t on t.entity_id = ${entityId} and t.id = c.user_type_id
        left join areas a on a.entity_id = ${entityId} and a.id = c.area_id
        left join sites s on s.entity_id = ${entityId} and s.id = a.site_id
        where true${sql.join(parts, sql``)}
        order by day, site_name, area_name, user_type_name`,
      );
    },
  };
}
export type ReportsRepo = ReturnType<typeof reportsRepo>;
