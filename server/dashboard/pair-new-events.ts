// The pairing of visit-pairing.ts for events a push has just inserted: the same visits
// rows, from fewer reads. pairVisits looks each new event up again by id, then its previous
// event, then the next event of every sign-in it touches: five index probes per event. Here one
// statement reads, per person, the stretch of their history the new events fall in (from the
// event before the earliest new one to the event after the latest: three probes per person),
// pairs each sign-in with the next event of its stretch, and upserts the sign-ins that are new or
// just before a new event. Callers hold the entity's feed lock, as for pairVisits.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../sync/changes';
import { arrayParam } from '../db/array-param';

export interface NewEvent {
  id: string;
  personId: string;
  kind: 'in' | 'out';
  at: number;
}

const list = (values: ReadonlyArray<string | number>, type: 'uuid' | 'bigint') =>
  sql`${arrayParam(values)}::${sql.raw(type)}[]`;
/** (at, id) order, as visit-pairing.ts orders events (uuid order is the order of its lowercase text). */
const before = (a: { at: number; id: string }, b: { at: number; id: string }) =>
  a.at < b.at || (a.at === b.at && a.id < b.id);

/** Each person's first and last new event, in (at, id) order. */
function spansOf(events: readonly NewEvent[]) {
  const spans = new Map<string, { lo: NewEvent; hi: NewEvent }>();
  for (const raw of events) {
    const e = { ...raw, id: raw.id.toLowerCase(), personId: raw.personId.toLowerCase() };
    const s = spans.get(e.personId);
    if (!s) spans.set(e.personId, { lo: e, hi: e });
    else {
      if (before(e, s.lo)) s.lo = e;
      if (before(s.hi, e)) s.hi = e;
    }
  }
  return [...spans.values()];
}

/** Re-pairs after inserting `events` (already in visit_events): their sign-ins and the sign-in just before each. */
export async function pairNewEvents(tx: Executor, entityId: string, events: readonly NewEvent[]): Promise<void> {
  const statement = pairNewEventsSql(entityId, events);
  if (statement) await tx.execute(statement);
}

/** pairNewEvents as one statement, for a caller that sends it with others (a push's last round
 * trip, server/sync/sync.service.ts); null when there is nothing to pair. It must run after the
 * events' insert, in a statement of its own snapshot taken under the feed lock. */
export function pairNewEventsSql(entityId: string, events: readonly NewEvent[]): SQL | null {
  if (events.length === 0) return null;
  const spans = spansOf(events);
  const col = (pick: (s: (typeof spans)[number]) => string | number, type: 'uuid' | 'bigint') =>
    list(spans.map(pick), type);
  const [persons, loId, hiId] = [
    col((s) => s.lo.personId, 'uuid'),
    col((s) => s.lo.id, 'uuid'),
    col((s) => s.hi.id, 'uuid'),
  ];
  const [loAt, hiAt] = [col((s) => s.lo.at, 'bigint'), col((s) => s.hi.at, 'bigint')];
  const fresh = list(
    events.map((e) => e.id),
    'uuid',
  );
  // The lateral subqueries keep every read an index probe of (entity_id, person_id, at) whatever
  // the planner's statistics say (`offset 0` stops the stretch from being flattened into a join).
  // The neighbours are ordered by `at` alone (only their `at` is used): the index's own order, one
  // entry read, where (at, id) made PostgreSQL sort each person's whole history. The stretch's end
  // is a filter (`+ 0`), not an index bound: with both bounds PostgreSQL estimated the range on
  // visit_events_entity_at_idx as cheap and scanned every person's events in it.
  // Within a stretch each event's next one is `lead()`; what is paired is decided here, in the
  // database, so nothing comes back to be parsed (on PGlite that cost more than the reads).
  return sql`
    insert into visits (entity_id, id, person_id, time_in, area_id, user_type_id, out_event_id, time_out, status)
    select ${entityId}, d.id, d.person_id, d.at, d.area_id, d.user_type_id, d.out_event_id, d.time_out, d.status
    from (
    select c.id, c.person_id, c.at, c.area_id, c.user_type_id,
           case when c.next_kind = 'out' then c.next_id end as out_event_id,
           case when c.next_kind = 'out' then c.next_at end as time_out,
           case when c.next_kind = 'out'
             then case when c.next_auto then 'auto_signed_out' else 'signed_out' end
             else case when c.auto then 'auto_signed_in' else 'signed_in' end
           end as status
    from (
      select e.*, lead(e.id) over w as next_id, lead(e.kind) over w as next_kind, lead(e.at) over w as next_at,
             lead(e.auto) over w as next_auto
      from unnest(${persons}, ${loAt}, ${loId}, ${hiAt}, ${hiId}) as x(person_id, lo_at, lo_id, hi_at, hi_id)
      cross join lateral (
        select coalesce((select p.at from visit_events p
            where p.entity_id = ${entityId} and p.person_id = x.person_id and p.at <= x.lo_at and (p.at < x.lo_at or p.id < x.lo_id)
            order by p.at desc limit 1), x.lo_at) as from_at,
          coalesce((select n.at from visit_events n
            where n.entity_id = ${entityId} and n.person_id = x.person_id and n.at >= x.hi_at and (n.at > x.hi_at or n.id > x.hi_id)
            order by n.at limit 1), x.hi_at) as to_at
      ) b
      cross join lateral (
        select s.id, s.person_id, s.kind, s.at, s.area_id, s.user_type_id,
               coalesce(s.details->'auto' = 'true'::jsonb, false) as auto
        from visit_events s
        where s.entity_id = ${entityId} and s.person_id = x.person_id and s.at >= b.from_at and s.at + 0 <= b.to_at
        offset 0
      ) e
      window w as (partition by e.person_id order by e.at, e.id)
    ) c
    -- A sign-in that is new, or just before a new event: its pairing may have changed.
    where c.kind = 'in' and (c.id = any(${fresh}) or c.next_id = any(${fresh}))
    ) d
    -- Most previous sign-ins did not change: they are left out here, by a primary-key probe each
    -- (through the conflict clause alone each was locked, a WAL record per row, to update nothing).
    where (select (v.out_event_id, v.time_out, v.status) is not distinct from (d.out_event_id, d.time_out, d.status)
      from visits v where v.entity_id = ${entityId} and v.id = d.id) is not true
    on conflict (entity_id, id) do update
      set out_event_id = excluded.out_event_id, time_out = excluded.time_out, status = excluded.status
      -- (What the probe above saw unchanged is not rewritten either way.)
      where (visits.out_event_id, visits.time_out, visits.status)
        is distinct from (excluded.out_event_id, excluded.time_out, excluded.status)`;
}
