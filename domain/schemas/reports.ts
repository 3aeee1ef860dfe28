// Query and payload schemas of the reports. Query strings arrive as text, so
// numbers are parsed here; every message is an i18n key.
import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../constants';
import { VISIT_STATUSES } from '../logbook';
import { timeZone } from './dashboard';
import { kioskLogsFilters, printerFilters, trackTraceFilters, usersNotOnSiteFilters } from './more-reports';
import { timesheetFilters } from './timesheet';

export const HISTORY_SORTS = ['timeIn', 'timeOut', 'name', 'userType', 'site', 'area', 'status'] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number];
export const REPORT_NAMES = [
  'history',
  'visit_summary',
  'track_trace',
  'timesheet',
  'time',
  'users_not_on_site',
  'kiosk_logs',
  'printer',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

const optionalUuid = v.optional(v.pipe(v.string(), v.uuid('validation.uuid')));
/** A real calendar day (the database would fail on 2140-28-18 with a 500). */
const isoDate = v.pipe(
  v.string('validation.required'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
  v.check(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'validation.date',
  ),
);
const text = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'validation.too_long')));
const intText = (min: number, max: number) =>
  v.pipe(
    v.union([v.string(), v.number()], 'validation.required'),
    v.transform(Number),
    v.integer('validation.number'),
    v.minValue(min, 'validation.number'),
    v.maxValue(max, 'validation.number'),
  );

/** The filters of /reporting/history (without paging: an export takes the same filters). */
export const historyFilters = v.object({
  from: v.optional(isoDate),
  to: v.optional(isoDate),
  tz: v.optional(timeZone, 'UTC'),
  site: optionalUuid,
  area: optionalUuid,
  userType: optionalUuid,
  person: optionalUuid,
  status: v.optional(v.picklist(VISIT_STATUSES, 'validation.required')),
  host: text,
  stage: text,
  checks: v.optional(v.picklist(['with', 'without'], 'validation.required')),
  sort: v.optional(v.picklist(HISTORY_SORTS, 'validation.required')),
  order: v.optional(v.picklist(['asc', 'desc'], 'validation.required')),
});
export type HistoryFilters = v.InferOutput<typeof historyFilters>;

export const historyQuery = v.object({
  ...historyFilters.entries,
  page: v.optional(intText(1, 1_000_000), FIRST_PAGE),
  limit: v.optional(intText(1, 500), DEFAULT_PAGE_SIZE),
});
export type HistoryQuery = v.InferOutput<typeof historyQuery>;

/** Visit summary: the spec's start_date and end_date (spec 1 §3 "Reports"). */
export const visitSummaryQuery = v.object({
  start_date: isoDate,
  end_date: isoDate,
  tz: v.optional(timeZone, 'UTC'),
  site: optionalUuid,
  userType: optionalUuid,
});
export type VisitSummaryQuery = v.InferOutput<typeof visitSummaryQuery>;

export const exportRequest = v.variant('report', [
  v.object({
    report: v.literal('history'),
    format: v.picklist(EXPORT_FORMATS, 'validation.required'),
    filters: v.optional(historyFilters, {}),
  }),
  v.object({
    report: v.literal('visit_summary'),
    format: v.picklist(EXPORT_FORMATS, 'validation.required'),
    filters: visitSummaryQuery,
  }),
  v.object({
    report: v.literal('track_trace'),
    format: v.picklist(EXPORT_FORMATS, 'validation.required'),
    filters: trackTraceFilters,
  }),
  v.object({
    report: v.literal('timesheet'),
    format: v.picklist(EXPORT_FORMATS, 'validation.required'),
    filters: v.optional(timesheetFilters, {}),
  }),
  v.object({
    report: v.literal('time'),
    format: v.picklist(EXPORT_FORMATS, 'validation.required'),
    filters: v.optional(timesheetFilters, {}),
  }),
  v.object({
    report: v.literal('users_not_on_site'),
    format: v.picklist(EXPORT_FORMATS, 'validation.required'),
    filters: v.optional(usersNotOnSiteFilters, {}),
  }),
  v.object({
    report: v.literal('kiosk_logs'),
    format: v.picklist(EXPORT_FORMATS, 'validation.required'),
    filters: v.optional(kioskLogsFilters, {}),
  }),
  v.object({
    report: v.literal('printer'),
    format: v.picklist(EXPORT_FORMATS, 'validation.required'),
    filters: v.optional(printerFilters, {}),
  }),
]);
export type ExportRequest = v.InferOutput<typeof exportRequest>;

export const exportListQuery = v.object({
  limit: v.optional(intText(1, 100), 100),
});

/** An export as the list shows it. */
export interface ExportRow {
  id: string;
  report: ReportName;
  format: 'csv' | 'xlsx';
  filters: Record<string, unknown>;
  status: ExportStatus;
  rows_done: number;
  rows_total: number | null;
  size: number | null;
  file_name: string | null;
  requested_by: { id: string; full_name: string };
  created_at: number;
  finished_at: number | null;
}
