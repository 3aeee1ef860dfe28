// Timesheet and time reports (spec 1 §2 Reporting; answers carry data and count).
// Each starts with its permission, then checks that every id in the filters is this company's
// (another company's id is a 404), then reads. The plan functions are shared with the export job.
import { eq } from 'drizzle-orm';
import type { AttendanceMode } from '../../domain/reasons';
import type { TimesheetFilters, TimesheetQuery } from '../../domain/schemas/timesheet';
import { timesheetOf, type AttendanceMark, type TimesheetVisit } from '../../domain/timesheet';
import type { Db } from '../db/database';
import { attendanceModes } from '../db/schema/index';
import { notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { directoryCodesOf } from '../integrations/attendance-codes';
import { historyRange } from './report-range';
import { reportsRepo } from './reports.repo';
import { timesheetRepo, type TimeFilter, type TimesheetVisitRow } from './timesheet.repo';

const num = (x: string | number | null) => (x == null ? null : Number(x));

function markOf(r: TimesheetVisitRow, side: 'in' | 'out'): AttendanceMark | null {
  const mode = r[`${side}_mode`];
  if (!mode) return null;
  return {
    situation: r[`${side}_situation`],
    reasonName: r[`${side}_reason`],
    attendanceCode: r[`${side}_code`],
    modeId: mode,
    at: Number(r[`${side}_at`]),
  };
}

export function visitOf(r: TimesheetVisitRow): TimesheetVisit {
  return {
    id: r.id,
    personId: r.person_id,
    timeZone: r.tz || 'UTC',
    timeIn: Number(r.time_in),
    timeOut: num(r.time_out),
    in: markOf(r, 'in'),
    out: markOf(r, 'out'),
  };
}

export function timesheetService(db: Db, now: () => number) {
  const repo = timesheetRepo(db);
  const reports = reportsRepo(db);

  /** The range (default: the last 30 days, as history), its instants and the filters, checked. */
  async function plan(entityId: string, q: TimesheetFilters) {
    const range = historyRange(q, now());
    const ids = {
      sites: q.site ? [q.site] : [],
      areas: [],
      userTypes: q.userType ? [q.userType] : [],
      users: q.person ? [q.person] : [],
    };
    const asked = ids.sites.length + ids.userTypes.length + ids.users.length;
    if (asked > 0 && (await reports.owned(entityId, ids)) !== asked) throw notFound();
    const bounds = await reports.bounds(range.from, range.to, q.tz);
    const filter: TimeFilter = { siteId: q.site, userTypeId: q.userType, personId: q.person };
    return { range, bounds, filter, at: now() };
  }
  type Plan = Awaited<ReturnType<typeof plan>>;

  async function modesOf(entityId: string): Promise<Map<string, AttendanceMode>> {
    const found = await db.select().from(attendanceModes).where(eq(attendanceModes.entityId, entityId));
    return new Map(found.map((m) => [m.id, m as unknown as AttendanceMode]));
  }

  /** The timesheets of a page of people (export pages through all of them). */
  async function sheets(entityId: string, p: Plan, limit: number, offset: number) {
    const people = await repo.people(entityId, p.bounds, p.at, p.filter, limit, offset);
    const [found, modes, codeOf] = await Promise.all([
      repo.visits(
        entityId,
        p.bounds,
        p.at,
        p.filter,
        people.map((x) => x.person_id),
      ),
      modesOf(entityId),
      directoryCodesOf(db, entityId),
    ]);
    // A mark shows the directory's code where the integration maps it.
    for (const r of found)
      for (const side of ['in', 'out'] as const) {
        const modeId = r[`${side}_mode`];
        const situation = r[`${side}_situation`];
        const code = modeId ? codeOf({ modeId, reasonId: r[`${side}_reason_id`], situation }) : null;
        if (code) r[`${side}_code`] = code;
      }
    const visits = found.map(visitOf);
    return people.map((person) => ({
      fullName: person.full_name,
      userTypeName: person.user_type_name,
      ...timesheetOf(person.person_id, visits, modes, p.range, p.at),
    }));
  }

  async function timeOf(entityId: string, p: Plan, tz: string, limit: number, offset: number) {
    const [people, count, types] = await Promise.all([
      repo.perPerson(entityId, p.bounds, p.at, tz, p.filter, limit, offset),
      repo.peopleCount(entityId, p.bounds, p.at, p.filter),
      repo.perUserType(entityId, p.bounds, p.at, p.filter),
    ]);
    const minutes = (ms: string | number) => Math.round(Number(ms) / 60_000);
    const data = people.map((r) => ({
      personId: r.person_id,
      fullName: r.full_name,
      userTypeName: r.user_type_name,
      minutes: minutes(r.ms),
      visits: Number(r.visits),
      days: Number(r.days),
      averageMinutes: Math.round(minutes(r.ms) / Math.max(1, Number(r.visits))),
    }));
    const byUserType = types.map((r) => ({
      userTypeId: r.user_type_id,
      userTypeName: r.user_type_name,
      minutes: minutes(r.ms),
      people: Number(r.people),
      visits: Number(r.visits),
    }));
    return { data, count, byUserType, totalMinutes: byUserType.reduce((n, r) => n + r.minutes, 0) };
  }

  return {
    plan,
    sheets,
    timeOf,
    repo,

    async timesheet(ctx: RequestContext, q: TimesheetQuery) {
      assertAllowed(ctx, 'show_time_sheet_list');
      const p = await plan(ctx.entityId, q);
      const [data, count] = await Promise.all([
        sheets(ctx.entityId, p, q.limit, (q.page - 1) * q.limit),
        repo.peopleCount(ctx.entityId, p.bounds, p.at, p.filter),
      ]);
      return { data, count, page: q.page, limit: q.limit, from: p.range.from, to: p.range.to };
    },

    async time(ctx: RequestContext, q: TimesheetQuery) {
      assertAllowed(ctx, 'reporting');
      const p = await plan(ctx.entityId, q);
      const found = await timeOf(ctx.entityId, p, q.tz, q.limit, (q.page - 1) * q.limit);
      return { ...found, page: q.page, limit: q.limit, from: p.range.from, to: p.range.to };
    },
  };
}
export type TimesheetService = ReturnType<typeof timesheetService>;
