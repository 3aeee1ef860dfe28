// Keeps the `visits` table (one row per sign-in with its pairing) in step with visit_events.
// Called by the sync handlers after they insert events, in the same transaction (the push
// holds the entity's feed lock, so pairings of one company are never computed concurrently).
// An event can arrive late (offline devices): it can change the pairing of the sign-in just
// before it, so both the new sign-ins and the previous event of every new event are repaired.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../sync/changes';
import type { Db } from '../db/database';
import { arrayParam } from '../db/array-param';

/** The visit rows of the sign-ins selected by `ins` (a query of sign-in ids), upserted. */
function upsertPairings(entityId: string, ins: SQL): SQL {
  return sql`
    insert into visits (entity_id, id, person_id, time_in, area_id, user_type_id, out_event_id, time_out, status)
    select i.entity_id, i.id, i.person_id, i.at, i.area_id, i.user_type_id,
           case when n.kind = 'out' then n.id end, case when n.kind = 'out' then n.at end,
           case when n.kind = 'out'
             then case when n.details->'auto' = 'true'::jsonb then 'auto_signed_out' else 'signed_out' end
             else case when i.details->'auto' = 'true'::jsonb then 'auto_signed_in' else 'signed_in' end
           end
    from (${ins}) s
    cross join lateral (select * from visit_events v where v.entity_id = ${entityId} and v.id = s.id and v.kind = 'in' limit 1) i
    left join lateral (
      select e.id, e.kind, e.at, e.details from visit_events e
      where e.entity_id = i.entity_id and e.person_id = i.person_id and e.at >= i.at and (e.at > i.at or e.id > i.id)
      order by e.at, e.id limit 1
    ) n on true
    on conflict (entity_id, id) do update
      set out_event_id = excluded.out_event_id, time_out = excluded.time_out, status = excluded.status
      -- A re-paired visit that did not change is not rewritten (most previous sign-ins of a push).
      where (visits.out_event_id, visits.time_out, visits.status)
        is distinct from (excluded.out_event_id, excluded.time_out, excluded.status)`;
}

/** Re-pairs after inserting the events `ids` (one statement whatever their number). */
export async function pairVisits(tx: Tx | Db, entityId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  // Each new event is looked up by its primary key in a lateral subquery: a plain join let the
  // planner, without fresh statistics (PGlite has no autovacuum), hash-join the company's whole
  // history on every push, which grew linearly with it. The `limit 1` on each primary-key lookup
  // keeps it one: without it the planner flattens the subquery back into a join and, with fresh
  // statistics on a small table, hash-joins a scan of the whole history again.
  const list = sql`${arrayParam(ids)}::uuid[]`;
  await tx.execute(
    upsertPairings(
      entityId,
      sql`
    select c.id from unnest(${list}) as x(id)
    cross join lateral (select v.id, v.kind from visit_events v where v.entity_id = ${entityId} and v.id = x.id limit 1) c
    where c.kind = 'in'
    union
    select p.id from unnest(${list}) as x(id)
    cross join lateral (select v.* from visit_events v where v.entity_id = ${entityId} and v.id = x.id limit 1) c
    cross join lateral (
      select p.id, p.kind from visit_events p
      where p.entity_id = c.entity_id and p.person_id = c.person_id and p.at <= c.at and (p.at < c.at or p.id < c.id)
      order by p.at desc, p.id desc limit 1
    ) p
    where p.kind = 'in'`,
    ),
  );
}

/** Rebuilds every pairing of a company (events written outside the sync handlers: bulk loads, tests). */
export async function rebuildVisits(db: Tx | Db, entityId: string): Promise<void> {
  await db.execute(
    upsertPairings(entityId, sql`select id from visit_events where entity_id = ${entityId} and kind = 'in'`),
  );
}
