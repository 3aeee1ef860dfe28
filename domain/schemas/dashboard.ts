// Query and payload schemas of the dashboard: the logbook grid, daily counts and per-admin
// grid preferences. Query strings arrive as text, so numbers are parsed here.
import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../constants';
import { LOGBOOK_SORTS, VISIT_STATUSES } from '../logbook';

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

/** IANA time zone of the admin's browser; days are counted in it. */
export const timeZone = v.pipe(
  v.string(),
  v.maxLength(64, 'validation.too_long'),
  v.check((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'validation.time_zone'),
);

export const logbookQuery = v.object({
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  tz: v.optional(timeZone, 'UTC'),
  site: optionalUuid,
  area: optionalUuid,
  userType: optionalUuid,
  status: v.optional(v.picklist(VISIT_STATUSES, 'validation.required')),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'validation.too_long'))),
  sort: v.optional(v.picklist(LOGBOOK_SORTS, 'validation.required')),
  order: v.optional(v.picklist(['asc', 'desc'], 'validation.required')),
  page: v.optional(intText(1, 1_000_000), FIRST_PAGE),
  limit: v.optional(intText(1, 500), DEFAULT_PAGE_SIZE),
});
export type LogbookQuery = v.InferOutput<typeof logbookQuery>;

export const historyQuery = v.object({
  to: v.optional(isoDate),
  tz: v.optional(timeZone, 'UTC'),
  days: v.optional(intText(1, 92), 14),
});

export const gridPreferenceQuery = v.object({
  page_url: v.pipe(
    v.string('validation.required'),
    v.nonEmpty('validation.required'),
    v.maxLength(200, 'validation.too_long'),
  ),
});

export const gridPreferenceInput = v.object({
  page_url: v.pipe(
    v.string('validation.required'),
    v.nonEmpty('validation.required'),
    v.maxLength(200, 'validation.too_long'),
  ),
  /** The column set; the spec says it may arrive as text, so a JSON string is accepted too. */
  table_head: v.optional(
    v.pipe(
      v.union([v.array(v.pipe(v.string(), v.maxLength(64))), v.string()], 'validation.required'),
      v.transform((x): unknown => (typeof x === 'string' ? safeJson(x) : x)),
      v.array(v.pipe(v.string(), v.maxLength(64)), 'validation.required'),
      v.maxLength(50, 'validation.too_long'),
    ),
    [],
  ),
  url: v.optional(v.pipe(v.string(), v.maxLength(2000, 'validation.too_long')), ''),
});
export type GridPreferenceInput = v.InferOutput<typeof gridPreferenceInput>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.split(',').filter(Boolean);
  }
}
