// Journey and journey-flow settings as the kiosk reads them (spec 1 §3), registration-method
// decisions and the visit stage (spec 1 §4).
import * as v from 'valibot';
import { COMPLIANCE_FREQUENCIES, type ComplianceOutcome } from './compliance';
import { KIOSK_IDLE_MS } from './kiosk';
import { VACCINE_STATUSES, type DocumentVerdict } from './vaccine-status';

export const REGISTRATION_METHODS = [
  'registration allowed',
  'pre-registration with approval required',
  'pre-registered by admin',
  'registration not required',
  'pre-registered only',
] as const;
export type RegistrationMethod = (typeof REGISTRATION_METHODS)[number];

export const OUTPUTS = ['print_badge', 'door_relay', 'weigand_output', 'facial_recognition'] as const;
export type Output = (typeof OUTPUTS)[number];

/** What a printed badge carries (spec 1 §3 "badge contents"). */
export const BADGE_CONTENTS = ['photo', 'name', 'company', 'user_type', 'host', 'date', 'qr'] as const;
export const TEST_CHECKS = ['none', 'sampled', 'rapid'] as const;
export const FLOW_SCALES = ['none', 'stars', 'smileys', 'numbers'] as const;
export const INPUT_METHODS = ['any', 'search', 'rfid', 'qr', 'face'] as const;
export const GPS_MODES = ['off', 'optional', 'required'] as const;
export const GPS_INPUTS = ['geofence', 'map'] as const;
/** Spec 1 §5/§9: reminder at least every 30 minutes; compliance sent at least 5 minutes ahead. */
export const REMINDER_MIN_MINUTES = 30;
export const SEND_BEFORE_MIN_MINUTES = 5;

/** Content text as stored: a plain string (company default language) or one text per language. */
const contentText = v.pipe(v.string(), v.trim(), v.maxLength(1000, 'validation.too_long'));
const storedText = v.union([contentText, v.partial(v.object({ en: contentText, ar: contentText, es: contentText }))]);
const ids = v.optional(v.array(v.pipe(v.string(), v.maxLength(64, 'validation.too_long'))), []);
const flag = (d: boolean) => v.optional(v.boolean(), d);
/** Bounds and defaults of the journey's idle timings, in seconds. */
export const IDLE_SECONDS = { min: 5, max: 600, fallback: KIOSK_IDLE_MS / 1000 } as const;
export const IDLE_WARNING_SECONDS = { min: 20, max: 300, fallback: 30 } as const;
const seconds = (range: { min: number; max: number; fallback: number }, message: string) =>
  v.optional(
    v.pipe(v.number(message), v.integer(message), v.minValue(range.min, message), v.maxValue(range.max, message)),
    range.fallback,
  );
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/** Spec 1 §5: several e-mails are comma-separated without spaces, each a valid address. */
export const isEmailList = (s: string): boolean => s === '' || s.split(',').every((e) => EMAIL.test(e));
export const emailList = v.optional(
  v.pipe(v.string(), v.maxLength(1000, 'validation.too_long'), v.check(isEmailList, 'validation.email_list')),
  '',
);
const minutesAtLeast = (min: number, message: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.number('validation.number'),
        v.integer('validation.number'),
        v.minValue(min, message),
        v.maxValue(100_000, 'validation.number'),
      ),
    ),
    null,
  );

/** A journey's settings (spec 1 §3 "Journey"); every field defaults, so rows stored before a
 * field existed still read. */
export const journeySettings = v.object({
  touch_mode: flag(true),
  name_match: v.optional(v.picklist(['quick', 'private']), 'quick'),
  shown_user_types: ids,
  attendance_mode_id: v.optional(v.nullable(v.string()), null),
  /** Area ids where this journey appears on kiosks; empty means every area. */
  areas: ids,
  /** Sites whose admins may use this journey (spec 1 §6 "admins of selected sites"). */
  sites: ids,
  quick_pass_user_type_id: v.optional(v.nullable(v.string()), null),
  instruction_enabled: flag(false),
  instruction: v.optional(v.nullable(storedText), null),
  covid_column: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30, 'validation.too_long')), ''),
  remote_work: flag(false),
  notifications: flag(false),
  notification_emails: emailList,
  print_badge: flag(false),
  door_relay: flag(false),
  weigand_output: flag(false),
  facial_recognition: flag(false),
  rfid_scan: flag(false),
  feedback: flag(false),
  /** The kiosk's idle countdown on this journey: quiet seconds before the warning, then the
   * warning's own seconds (at least 20, so that everyone can react: EN 301 549 §5.5). */
  idle_seconds: seconds(IDLE_SECONDS, 'validation.idle_seconds'),
  idle_warning_seconds: seconds(IDLE_WARNING_SECONDS, 'validation.idle_warning_seconds'),
});
export type JourneySettings = v.InferOutput<typeof journeySettings>;

/** The idle countdown a kiosk runs on a journey, in milliseconds. */
export const journeyIdleTimings = (s: Pick<JourneySettings, 'idle_seconds' | 'idle_warning_seconds'>) => ({
  idleMs: s.idle_seconds * 1000,
  warningMs: s.idle_warning_seconds * 1000,
});

export const flowSettings = v.object({
  input_method: v.optional(v.picklist(INPUT_METHODS), 'any'),
  scale: v.optional(v.picklist(FLOW_SCALES), 'none'),
  compliance_id: v.optional(v.nullable(v.string()), null),
  compliance_frequency: v.optional(v.picklist(COMPLIANCE_FREQUENCIES), 'every time'),
  temperature_check: flag(false),
  temperature_threshold: v.optional(
    v.pipe(
      v.number('validation.number'),
      v.minValue(34, 'validation.temperature_threshold'),
      v.maxValue(42, 'validation.temperature_threshold'),
    ),
    37.5,
  ),
  mask_check: flag(false),
  test_check: v.optional(v.picklist(TEST_CHECKS), 'none'),
  host: flag(false),
  allow_no_host: flag(true),
  host_message: flag(true),
  /** Hosts are people of these types (empty: anyone not of the visiting type). */
  host_user_type_ids: ids,
  print_badge: flag(false),
  door_relay: flag(false),
  weigand_output: flag(false),
  facial_recognition: flag(false),
  rfid_scan: flag(false),
  // The QR code is in the default: a flow that never chose keeps the badge it always printed.
  badge_contents: v.optional(v.array(v.picklist(BADGE_CONTENTS)), ['photo', 'name', 'host', 'date', 'qr']),
  photo: flag(false),
  /** Custom-field sections asked on this flow, and the fields they held when saved. */
  section_ids: ids,
  custom_field_ids: ids,
  notify_host: flag(true),
  notification_emails: emailList,
  gps: v.optional(v.picklist(GPS_MODES), 'off'),
  gps_input: v.optional(v.picklist(GPS_INPUTS), 'geofence'),
  feedback: flag(false),
  reminder_minutes: minutesAtLeast(REMINDER_MIN_MINUTES, 'validation.reminder_min'),
  send_before_minutes: minutesAtLeast(SEND_BEFORE_MIN_MINUTES, 'validation.send_before_min'),
});
export type FlowSettings = v.InferOutput<typeof flowSettings>;

export const readJourneySettings = (raw: unknown): JourneySettings => v.parse(journeySettings, raw ?? {});
export const readFlowSettings = (raw: unknown): FlowSettings => v.parse(flowSettings, raw ?? {});

export const requestedOutputs = (s: FlowSettings): Output[] => OUTPUTS.filter((o) => s[o]);

export type RegistrationDecision =
  | { kind: 'register' }
  | { kind: 'register_pending_approval' }
  | { kind: 'needs_expected_visit' }
  | { kind: 'refused'; code: 'registration_unavailable' }
  | { kind: 'no_registration' };

/** What happens to a new person of this type at the kiosk. */
export function decideRegistration(method: RegistrationMethod, hasExpectedVisit: boolean): RegistrationDecision {
  switch (method) {
    case 'registration allowed':
      return { kind: 'register' };
    case 'pre-registration with approval required':
      return hasExpectedVisit ? { kind: 'register' } : { kind: 'register_pending_approval' };
    case 'pre-registered by admin':
    case 'pre-registered only':
      return hasExpectedVisit
        ? { kind: 'needs_expected_visit' }
        : { kind: 'refused', code: 'registration_unavailable' };
    case 'registration not required':
      return { kind: 'no_registration' };
  }
}

/** Spec 1 §5: only one user type with "registration not required" per journey. */
export function registrationNotRequiredOk(methods: readonly string[]): boolean {
  return methods.filter((m) => m === 'registration not required').length <= 1;
}

export const VISIT_STAGES = [
  'compliance pending',
  'compliance failed',
  'ready to sign in',
  'waiting for admin approval',
  'waiting for admin approval (compliance failed)',
  'rejected by admin',
  'approved by admin',
] as const;
export type VisitStage = (typeof VISIT_STAGES)[number];

export interface StageInput {
  /** Null while the form is due and unanswered. 'not_required' when no form applies. */
  compliance: ComplianceOutcome | 'not_required' | null;
  approvalRequired: boolean;
  adminDecision: 'approved' | 'rejected' | null;
  /** The form's required document (domain/vaccine-status.ts documentVerdict); 'ok' when none is required. */
  document?: DocumentVerdict;
}

export function visitStage(s: StageInput): VisitStage {
  if (s.adminDecision === 'rejected') return 'rejected by admin';
  if (s.adminDecision === 'approved') return 'approved by admin';
  if (s.compliance === null) return 'compliance pending';
  if (s.compliance === 'failed') return 'compliance failed';
  // A positive test within its days fails the entry condition: nobody may wave it through.
  if (s.document === 'refused') return 'compliance failed';
  // A wrong answer explained in notes needs an admin's eye before the person goes in.
  if (s.compliance === 'wrong_explained') return 'waiting for admin approval (compliance failed)';
  // No valid certificate on the profile: reception sees one and decides.
  if (s.document === 'held') return 'waiting for admin approval';
  if (s.approvalRequired) return 'waiting for admin approval';
  return 'ready to sign in';
}

/** The stages an admin decides (approve or refuse) from the dashboard's reception list. */
export const stageAwaitsDecision = (stage: string): boolean =>
  stage === 'waiting for admin approval' || stage === 'waiting for admin approval (compliance failed)';

export type VisitDecision = 'approved' | 'rejected';

/** An admin's decision on a waiting visit: the stage it leaves, and whether the person goes in now. */
export function decideVisit(
  stage: string,
  decision: VisitDecision,
): { ok: true; stage: VisitStage; signsIn: boolean } | { ok: false; code: 'visit_decided' } {
  if (!stageAwaitsDecision(stage)) return { ok: false, code: 'visit_decided' };
  const next = visitStage({ compliance: 'not_required', approvalRequired: false, adminDecision: decision });
  return { ok: true, stage: next, signsIn: stageSignsIn(next) };
}

export const stageSignsIn = (stage: VisitStage): boolean =>
  stage === 'ready to sign in' || stage === 'approved by admin';

/** The typed record a kiosk puts in visit.signIn / visit.signOut `details`. */
export const kioskVisitDetails = v.object({
  source: v.literal('kiosk'),
  kioskId: v.string(),
  journeyId: v.optional(v.string()),
  visitId: v.optional(v.string()),
  stage: v.optional(v.picklist(VISIT_STAGES)),
  hostIds: v.optional(v.array(v.string())),
  hostMessage: v.optional(v.pipe(v.string(), v.maxLength(500))),
  temperature: v.optional(
    v.object({ raw: v.string(), unit: v.picklist(['c', 'f']), celsius: v.number(), threshold: v.number() }),
  ),
  mask: v.optional(v.boolean()),
  compliance: v.optional(v.picklist(['passed', 'wrong_explained', 'failed', 'not_required'])),
  /** The required document's status as judged when the visit was recorded (absent when none is required). */
  document: v.optional(v.picklist(VACCINE_STATUSES)),
  /** The document id of a certificate photo the visitor took at the kiosk (on their profile, switched off). */
  certificate: v.optional(v.string()),
  /** Who decided a waiting visit, and when (the dashboard's reception list). */
  decision: v.optional(v.object({ decision: v.picklist(['approved', 'rejected']), by: v.string(), at: v.number() })),
  outputs: v.optional(v.array(v.picklist(OUTPUTS))),
  reasonId: v.optional(v.string()),
  attendanceCode: v.optional(v.string()),
  method: v.optional(v.picklist(['search', 'rfid', 'qr', 'new'])),
  /** Why a person whose stage allowed it still did not go in (a check failed). */
  refusal: v.optional(v.picklist(['temperature.above_threshold', 'checks.mask_required'])),
});
export type KioskVisitDetails = v.InferOutput<typeof kioskVisitDetails>;
