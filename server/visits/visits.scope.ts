// What sync scopes (server/sync/scope.ts) read from the visits data: which events a later event
// of the same person supersedes (presence is decided by each person's latest event, ordered by
// time then id as in domain/presence.ts), and the sites' time zones that say when today began.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { sites } from '../db/schema/places';
import type { Executor } from '../sync/changes';
import type { ServerScopes } from '../sync/scope';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_SQL = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

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

export const visitScopes: ServerScopes = {
  async latest(db, entityId, table, personIds) {
    return table === 'visitEvents' ? latestEvents(db, entityId, personIds) : [];
  },
  async superseded(db, entityId, table, ids) {
    // Only visit events are a presence table today; any other is never superseded.
    return table === 'visitEvents' ? supersededEvents(db, entityId, ids) : new Set();
  },
  laterEvent(entityId, table) {
    // Strictly later only (ties by id are left to `superseded`); an index probe a row. The CASE
    // keeps a malformed feed row from failing the casts (then it is read and judged as before).
    if (table !== 'visitEvents') return null;
    return sql`(case when (sync_changes.data ->> 'personId') ~ ${UUID_SQL}
        and jsonb_typeof(sync_changes.data -> 'at') = 'number'
      then exists (select 1 from visit_events l where l.entity_id = ${entityId}
        and l.person_id = (sync_changes.data ->> 'personId')::uuid
        and l.at > floor((sync_changes.data ->> 'at')::numeric)::bigint)
      else false end)`;
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
