// Query schemas of the timesheet and time reports. Query strings arrive as text, so
// numbers are parsed here; every message is an i18n key.
import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../constants';
import { timeZone } from './dashboard';

const optionalUuid = v.optional(v.pipe(v.string(), v.uuid('validation.uuid')));
const isoDate = v.pipe(v.string('validation.required'), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'));
const intText = (min: number, max: number) =>
  v.pipe(
    v.union([v.string(), v.number()], 'validation.required'),
    v.transform(Number),
    v.integer('validation.number'),
    v.minValue(min, 'validation.number'),
    v.maxValue(max, 'validation.number'),
  );

/** The filters of /reporting/timesheet and /reporting/time (an export takes the same). */
export const timesheetFilters = v.object({
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  tz: v.optional(timeZone, 'UTC'),
  site: optionalUuid,
  userType: optionalUuid,
  person: optionalUuid,
});
export type TimesheetFilters = v.InferOutput<typeof timesheetFilters>;

/** A page is 10 people (spec 1 §9), each with their days and totals. */
export const timesheetQuery = v.object({
  ...timesheetFilters.entries,
  page: v.optional(intText(1, 1_000_000), FIRST_PAGE),
  limit: v.optional(intText(1, 100), DEFAULT_PAGE_SIZE),
});
export type TimesheetQuery = v.InferOutput<typeof timesheetQuery>;
