// What sync scopes (server/sync/scope.ts) read from the visits data: which events a later event
// of the same person supersedes (presence is decided by each person's latest event, ordered by
// time then id as in domain/presence.ts), and the sites' time zones that say when today began.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { sites } from '../db/schema/places';
import type { Executor } from '../sync/changes';
import type { ServerScopes } from '../sync/scope';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One statement a page: the page's events, then each of their people's latest event through
 * `visit_events_person_at_idx` (a short backward index scan per person). A correlated EXISTS
 * per event was planned as a hash join over the company's whole history for every 1,000 ids.
 */
async function supersededEvents(db: Executor, entityId: string, ids: string[]): Promise<Set<string>> {
  const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (valid.length === 0) return new Set();
  const result = (await db.execute(sql`
    with page as materialized (
      select e.id, e.person_id from visit_events e
      where e.entity_id = ${entityId} and e.id = any(${`{${valid.join(',')}}`}::uuid[])
    ), latest as (
      select p.person_id, l.id from (select distinct person_id from page) p
      cross join lateral (
        select l.id from visit_events l
        where l.entity_id = ${entityId} and l.person_id = p.person_id
        order by l.at desc, l.id::text collate "C" desc limit 1
      ) l
    )
    select page.id from page join latest on latest.person_id = page.person_id
    where latest.id <> page.id`)) as unknown as { rows: Array<{ id: string }> };
  return new Set(result.rows.map((r) => r.id));
}

/** Each of these people's latest event, by `visit_events_person_at_idx` (a short backward scan each). */
async function latestEvents(db: Executor, entityId: string, personIds: string[]): Promise<string[]> {
  const valid = [...new Set(personIds.filter((id) => UUID.test(id)))];
  if (valid.length === 0) return [];
  const result = (await db.execute(sql`
    select l.id from unnest(${`{${valid.join(',')}}`}::uuid[]) p(person_id)
    cross join lateral (
      select l.id from visit_events l
      where l.entity_id = ${entityId} and l.person_id = p.person_id
      order by l.at desc, l.id::text collate "C" desc limit 1
    ) l`)) as unknown as { rows: Array<{ id: string }> };
  return result.rows.map((r) => r.id);
}

/**
 * A device from before scopes drops its aged events with one delete a person (server/sync/aged-out.ts):
 * people in id order, and for each their newest event older than the window through
 * `visit_events_person_at_idx`; it leaves unless it is a sign-in no later event ends (then the
 * event before it leaves). A few index probes a person, so each page costs the same.
 */
async function agedOutEvents(
  db: Executor,
  entityId: string,
  o: { historyFrom: number; afterPerson: string; limit: number },
) {
  const newest = (before: SQL) => sql`select e.id, e.kind, e.at from visit_events e
    where e.entity_id = ${entityId} and e.person_id = p.id and ${before}
    order by e.at desc, e.id::text collate "C" desc limit 1`;
  // The inner query is fenced (offset 0) so that the limit stops the walk over people early; each
  // pick's feed row (what the delete carries) is read by its primary key in the same statement.
  const result = (await db.execute(sql`
    select picked."personId", picked.id, c.version, c.data from (
      select p.id as "personId", coalesce(
          case when r.kind is distinct from 'in' or exists (select 1 from visit_events l
            where l.entity_id = ${entityId} and l.person_id = p.id and l.at >= ${o.historyFrom}) then r.id end,
          (select b.id from (${newest(sql`(e.at < r.at or (e.at = r.at and e.id::text collate "C" < r.id::text collate "C"))`)}) b)
        ) as id
      from users p
      cross join lateral (${newest(sql`e.at < ${o.historyFrom}`)}) r
      where p.entity_id = ${entityId} and p.id > ${o.afterPerson}::uuid
      order by p.id offset 0
    ) picked
    cross join lateral (select c.version, c.data from sync_changes c
      where c.entity_id = ${entityId} and c.tbl = 'visitEvents' and c.row_id = picked.id and c.op = 'put') c
    order by picked."personId" limit ${o.limit + 1}`)) as unknown as {
    rows: Array<{ personId: string; id: string; version: number; data: Record<string, unknown> | string | null }>;
  };
  const picks = result.rows.slice(0, o.limit).map((r) => ({
    ...r,
    version: Number(r.version),
    data: typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, unknown>) : r.data,
  }));
  return { picks, more: result.rows.length > o.limit };
}

export const visitScopes: ServerScopes = {
  async agedOut(db, entityId, table, o) {
    return table === 'visitEvents' ? agedOutEvents(db, entityId, o) : { picks: [], more: false };
  },
  async latest(db, entityId, table, personIds) {
    return table === 'visitEvents' ? latestEvents(db, entityId, personIds) : [];
  },
  async superseded(db, entityId, table, ids) {
    // Only visit events are a presence table today; any other is never superseded.
    return table === 'visitEvents' ? supersededEvents(db, entityId, ids) : new Set();
  },
  keptIds(entityId, table, historyFrom) {
    // Read once as a hashed set (a few thousand ids for 100,000 events), so the feed scan judges
    // each row by its id instead of parsing its JSON and probing for a later event (4× faster).
    // Sign-ins at their person's latest instant are all kept: ties are left to `superseded`.
    if (table !== 'visitEvents') return null;
    return sql`select e.id from (select person_id, max(at) as at from visit_events
        where entity_id = ${entityId} group by person_id) m
      join visit_events e on e.entity_id = ${entityId} and e.person_id = m.person_id and e.at = m.at
      where m.at < ${historyFrom}::bigint and e.kind = 'in'
      union all
      select e.id from visit_events e where e.entity_id = ${entityId} and e.at >= ${historyFrom}::bigint`;
  },
  timeZonesSql(entityId) {
    // The same as timeZones, as one json value a pull reads with its other state (server/sync/pull-state.ts).
    return sql`(select coalesce(json_agg(distinct s.time_zone), '[]'::json) from sites s
      where s.entity_id = ${entityId} and s.deleted_at is null)`;
  },
  async timeZones(db, entityId) {
    const rows = await db
      .select({ timeZone: sites.timeZone })
      .from(sites)
      .where(and(eq(sites.entityId, entityId), isNull(sites.deletedAt)));
    return [...new Set(rows.map((r) => r.timeZone))];
  },
};
