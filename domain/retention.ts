// Privacy manager (spec 1 §3 "Privacy", §5): data and scans retention in days, and the pure
// parts of the retention job: when a run is due and where each kind's cut-off falls.
import * as v from 'valibot';

/** Spec 1 §5 mentions a 4-digit maximum; days are 1 … 9999. */
export const RETENTION_MAX_DAYS = 9999;
/** Until a company saves its own: a year of data, 90 days of scans (docs/decisions.md). */
export const DEFAULT_RETENTION = { dataRetentionDays: 365, scansRetentionDays: 90 } as const;
export const DAY_MS = 86_400_000;
/** The job runs at most once a day per company; a server that was down catches up at start. */
export const RETENTION_INTERVAL_MS = DAY_MS;

/** What a run removes or anonymises, counted per kind on the privacy page. */
export const RETENTION_KINDS = [
  'visitors_anonymised',
  'photos',
  'visit_events',
  'visits',
  'kiosk_visits',
  'compliance_answers',
  'documents',
  'visit_checks',
  'host_notifications',
  'expected_visits',
  'roll_call_marks',
  'kiosk_logs',
  'mail_log',
  'sync_records',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];
export type RetentionCounts = Record<RetentionKind, number>;

export const emptyCounts = (): RetentionCounts =>
  Object.fromEntries(RETENTION_KINDS.map((k) => [k, 0])) as RetentionCounts;

const days = v.pipe(
  v.number('privacy.validation.days'),
  v.integer('privacy.validation.days'),
  v.minValue(1, 'privacy.validation.days'),
  v.maxValue(RETENTION_MAX_DAYS, 'privacy.validation.days'),
);
const required = <S extends v.GenericSchema>(s: S) =>
  v.pipe(
    v.unknown(),
    v.check((x) => x !== undefined && x !== null && x !== '', 'privacy.validation.required'),
    s,
  );

export const privacyInput = v.object({
  data_retention_days: required(days),
  scans_retention_days: required(days),
  /** The version the form started from: a mismatch is a conflict, not an overwrite. */
  version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export type PrivacyInput = v.InferOutput<typeof privacyInput>;

/** Rows stamped before this instant are past their retention. */
export const cutoffOf = (now: number, retentionDays: number): number => now - retentionDays * DAY_MS;

/** A run is due when none ran yet or the last one started a day or more ago. */
export const retentionDue = (lastRunAt: number | null, now: number): boolean =>
  lastRunAt === null || now - lastRunAt >= RETENTION_INTERVAL_MS;
