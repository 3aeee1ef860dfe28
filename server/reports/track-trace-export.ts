// Track & trace as an export file (for a health or security inquiry): one row per contact,
// with the minutes they shared an area with the person, when, and where.
import type { TrackTraceFilters } from '../../domain/schemas/more-reports';
import type { Db } from '../db/database';
import type { reportExports } from '../db/schema/index';
import { exportDateTime, type RowWriter } from './export-writers';
import { trackTraceService } from './track-trace.service';

export const TRACK_TRACE_COLUMNS = ['name', 'userType', 'overlapMinutes', 'firstAt', 'lastAt', 'areas', 'encounters'];

export async function writeTrackTrace(
  db: Db,
  now: () => number,
  job: typeof reportExports.$inferSelect,
  out: RowWriter,
  tick: (done: number, total: number) => Promise<void>,
) {
  const q = job.filters as TrackTraceFilters;
  const found = await trackTraceService(db, now).contacts(job.entityId, q);
  await tick(0, found.data.length);
  for (const r of found.data)
    await out.row([
      r.full_name,
      r.user_type_name,
      Math.round(r.overlap_ms / 60_000),
      exportDateTime(r.first_at, q.tz ?? 'UTC'),
      exportDateTime(r.last_at, q.tz ?? 'UTC'),
      r.areas.join(', '),
      r.encounters,
    ]);
  await tick(found.data.length, found.data.length);
  return found.data.length;
}
