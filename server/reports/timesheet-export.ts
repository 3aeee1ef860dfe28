// Timesheet and time reports as export files: the timesheet one row per person per day (hours
// as decimal numbers a spreadsheet can add up), the time report one row per person. People come
// in pages of 200, so a big company never sits in memory whole.
import type { Language } from '../../domain/constants';
import type { TimesheetFilters } from '../../domain/schemas/timesheet';
import type { Db } from '../db/database';
import type { reportExports } from '../db/schema/index';
import { t } from '../http/i18n';
import { exportDateTime, type RowWriter } from './export-writers';
import { timesheetService } from './timesheet.service';

const PAGE = 200;
export const TIMESHEET_COLUMNS = [
  'name',
  'userType',
  'day',
  'firstIn',
  'lastOut',
  'hours',
  'expectedHours',
  'lateSignIn',
  'earlySignOut',
  'attendanceCodes',
];
export const TIME_COLUMNS = ['name', 'userType', 'hours', 'visits', 'daysOnSite', 'averageVisitHours'];

type Job = typeof reportExports.$inferSelect;
type Tick = (done: number, total: number) => Promise<void>;
const hours = (minutes: number | null) => (minutes == null ? null : Math.round((minutes / 60) * 100) / 100);

export async function writeTimesheet(db: Db, now: () => number, job: Job, out: RowWriter, tick: Tick) {
  const q = job.filters as TimesheetFilters;
  const service = timesheetService(db, now);
  const plan = await service.plan(job.entityId, q);
  const total = await service.repo.peopleCount(job.entityId, plan.bounds, plan.at, plan.filter);
  const noReason = t(job.lang as Language, 'timesheet.noReason');
  const tz = q.tz ?? 'UTC';
  let rows = 0;
  await tick(0, total);
  for (let offset = 0; offset < total; offset += PAGE) {
    for (const person of await service.sheets(job.entityId, plan, PAGE, offset)) {
      for (const d of person.days) {
        await out.row([
          person.fullName,
          person.userTypeName,
          d.day.split('-').reverse().join('/'),
          exportDateTime(d.firstIn, tz),
          exportDateTime(d.lastOut, tz),
          hours(d.minutes),
          hours(d.expectedMinutes),
          d.late ? (d.late.reasonName ?? noReason) : null,
          d.early ? (d.early.reasonName ?? noReason) : null,
          d.codes.join(', '),
        ]);
        rows++;
      }
    }
    await tick(Math.min(total, offset + PAGE), total);
  }
  return rows;
}

export async function writeTime(db: Db, now: () => number, job: Job, out: RowWriter, tick: Tick) {
  const q = job.filters as TimesheetFilters;
  const service = timesheetService(db, now);
  const plan = await service.plan(job.entityId, q);
  let offset = 0;
  let total = 0;
  await tick(0, 0);
  for (;;) {
    const page = await service.timeOf(job.entityId, plan, q.tz ?? 'UTC', PAGE, offset);
    total = page.count;
    for (const r of page.data)
      await out.row([r.fullName, r.userTypeName, hours(r.minutes), r.visits, r.days, hours(r.averageMinutes)]);
    offset += page.data.length;
    await tick(offset, total);
    if (page.data.length < PAGE) return offset;
  }
}
