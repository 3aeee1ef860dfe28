// Query schemas of users not on site, track & trace, kiosk logs and the print list.
// Query strings arrive as text; every message is an i18n key.
import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../constants';
import { timeZone } from './dashboard';

const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.uuid'));
const optionalUuid = v.optional(uuid);
/** A real calendar day (2140-28-18 is not one; the database would fail on it with a 500). */
const isoDate = v.pipe(
  v.string('validation.required'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
  v.check(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'validation.date',
  ),
);
const intText = (min: number, max: number) =>
  v.pipe(
    v.union([v.string(), v.number()], 'validation.required'),
    v.transform(Number),
    v.integer('validation.number'),
    v.minValue(min, 'validation.number'),
    v.maxValue(max, 'validation.number'),
  );
const paging = {
  page: v.optional(intText(1, 1_000_000), FIRST_PAGE),
  limit: v.optional(intText(1, 500), DEFAULT_PAGE_SIZE),
};

/** No day: who is not signed in now; a day: who did not come that day (in tz). An export
 * takes the same filters without paging. */
export const usersNotOnSiteFilters = v.object({
  userType: optionalUuid,
  day: v.optional(isoDate),
  tz: v.optional(timeZone, 'UTC'),
});
export type UsersNotOnSiteFilters = v.InferOutput<typeof usersNotOnSiteFilters>;
export const usersNotOnSiteQuery = v.object({ ...usersNotOnSiteFilters.entries, ...paging });
export type UsersNotOnSiteQuery = v.InferOutput<typeof usersNotOnSiteQuery>;

/** The filters of track & trace (an export takes the same filters). */
export const trackTraceFilters = v.object({
  person: uuid,
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  tz: v.optional(timeZone, 'UTC'),
});
export type TrackTraceFilters = v.InferOutput<typeof trackTraceFilters>;
export const trackTraceQuery = v.object({ ...trackTraceFilters.entries, ...paging });
export type TrackTraceQuery = v.InferOutput<typeof trackTraceQuery>;

const code = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, 'validation.too_long')));
export const kioskLogsFilters = v.object({
  kiosk: optionalUuid,
  code,
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  tz: v.optional(timeZone, 'UTC'),
});
export type KioskLogsFilters = v.InferOutput<typeof kioskLogsFilters>;
export const kioskLogsQuery = v.object({ ...kioskLogsFilters.entries, ...paging });
export type KioskLogsQuery = v.InferOutput<typeof kioskLogsQuery>;

export const printerFilters = v.object({
  kiosk: optionalUuid,
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  tz: v.optional(timeZone, 'UTC'),
});
export type PrinterFilters = v.InferOutput<typeof printerFilters>;
export const printerQuery = v.object({ ...printerFilters.entries, ...paging });
export type PrinterQuery = v.InferOutput<typeof printerQuery>;

/** A print of the print list, by its log line's id. */
export const printParams = v.object({ id: uuid });

/** The kiosk log line a kiosk writes when it prints a badge (the print list reads these). */
export { BADGE_PRINTED_LOG } from '../kiosk-commands';

export interface NotOnSiteRow {
  id: string;
  full_name: string;
  user_type_id: string | null;
  user_type_name: string | null;
  email: string | null;
  /** The last time the person signed in, if ever. */
  last_in: number | null;
}

export interface TrackTraceRow {
  person_id: string;
  full_name: string;
  user_type_name: string | null;
  overlap_ms: number;
  first_at: number;
  last_at: number;
  areas: string[];
  encounters: number;
}

export interface KioskLogRow {
  id: string;
  kiosk_id: string;
  kiosk_name: string | null;
  kind: string;
  code: string;
  data: Record<string, unknown> | null;
  at: number;
  /** The person and area the line's data names, if any (the details column reads them). */
  person_name?: string | null;
  area_name?: string | null;
}

export interface PrintRow extends KioskLogRow {
  person_id: string | null;
  full_name: string | null;
  area_name: string | null;
  /** Reprints of this first print (each a badge_printed line whose data.reprintOf is its id). */
  reprints: number;
  last_printed_at: number;
}
