// Track & trace: for a person and a date range, who shared an area with them and
// for how long. SQL reads the person's visits and the visits in those areas around them (both
// index ranges of visits_entity_time_in_idx); domain/track-trace.ts works out the overlaps.
import { sql } from 'drizzle-orm';
import { arrayParam } from '../db/array-param';
import { contactsOf, type VisitSpan } from '../../domain/track-trace';
import type { TrackTraceFilters, TrackTraceRow } from '../../domain/schemas/more-reports';
import type { Db } from '../db/database';
import { notFound } from '../http/api-error';
import { historyRange } from './report-range';
import { reportsRepo } from './reports.repo';

/** Visits that began this long before the range are not looked at (decision: a visit open
 * longer than a week was closed by the auto sign-out long before, keeping the read an index range). */
export const LOOKBACK_MS = 7 * 86_400_000;

interface SpanRow {
  person_id: string;
  area_id: string | null;
  time_in: string | number;
  time_out: string | number | null;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const spanOf = (r: SpanRow): VisitSpan => ({
  personId: r.person_id,
  areaId: r.area_id,
  from: Number(r.time_in),
  to: r.time_out == null ? null : Number(r.time_out),
});

export function trackTraceService(db: Db, now: () => number) {
  const repo = reportsRepo(db);

  /** Checks the filters (400 for a bad range, 404 for another company's person) and reads. */
  async function contacts(entityId: string, q: TrackTraceFilters) {
    const range = historyRange(q, now());
    if ((await repo.owned(entityId, { sites: [], areas: [], userTypes: [], users: [q.person] })) !== 1)
      throw notFound();
    const b = await repo.bounds(range.from, range.to, q.tz);
    const hi = Math.min(b.hi, now());
    const [subject] = await rows<{ full_name: string }>(
      db,
      sql`select full_name from users where entity_id = ${entityId} and id = ${q.person}`,
    );
    const mine = (
      await rows<SpanRow>(
        db,
        sql`select person_id, area_id, time_in, time_out from visits
            where entity_id = ${entityId} and time_in >= ${b.lo - LOOKBACK_MS} and time_in < ${hi}
              and person_id = ${q.person} and (time_out is null or time_out > ${b.lo})`,
      )
    ).map(spanOf);
    const areaIds = [...new Set(mine.map((s) => s.areaId).filter((a): a is string => a != null))];
    let found: ReturnType<typeof contactsOf> = [];
    if (areaIds.length > 0) {
      const start = Math.max(b.lo, Math.min(...mine.map((s) => s.from)));
      const end = Math.min(hi, Math.max(...mine.map((s) => s.to ?? hi)));
      const others = (
        await rows<SpanRow>(
          db,
          sql`select person_id, area_id, time_in, time_out from visits
              where entity_id = ${entityId} and time_in >= ${start - LOOKBACK_MS} and time_in < ${end}
                and area_id = any(${arrayParam(areaIds)}::uuid[]) and person_id <> ${q.person}
                and (time_out is null or time_out > ${start})`,
        )
      ).map(spanOf);
      found = contactsOf(mine, others, b.lo, hi);
    }
    const names = await namesOf(
      entityId,
      found.map((c) => c.personId),
      areaIds,
    );
    const data: TrackTraceRow[] = found.map((c) => ({
      person_id: c.personId,
      full_name: names.people.get(c.personId)?.full_name ?? '',
      user_type_name: names.people.get(c.personId)?.user_type_name ?? null,
      overlap_ms: c.overlapMs,
      first_at: c.firstAt,
      last_at: c.lastAt,
      areas: c.areaIds.map((a) => names.areas.get(a) ?? ''),
      encounters: c.encounters,
    }));
    return { data, subject: { id: q.person, full_name: subject?.full_name ?? '' }, from: range.from, to: range.to };
  }

  async function namesOf(entityId: string, people: string[], areaIds: string[]) {
    const [ps, as] = await Promise.all([
      people.length
        ? rows<{ id: string; full_name: string; user_type_name: string | null }>(
            db,
            sql`select u.id, u.full_name, t.name as user_type_name from users u
                left join user_types t on t.entity_id = u.entity_id and t.id = u.user_type_id
                where u.entity_id = ${entityId} and u.id = any(${arrayParam(people)}::uuid[])`,
          )
        : [],
      areaIds.length
        ? rows<{ id: string; name: string }>(
            db,
            sql`select id, name from areas where entity_id = ${entityId} and id = any(${arrayParam(areaIds)}::uuid[])`,
          )
        : [],
    ]);
    return { people: new Map(ps.map((p) => [p.id, p])), areas: new Map(as.map((a) => [a.id, a.name])) };
  }

  return { contacts };
}
export type TrackTraceService = ReturnType<typeof trackTraceService>;
