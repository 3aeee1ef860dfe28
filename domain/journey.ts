// Journey and journey-flow settings as the kiosk reads them (spec 1 §3), registration-method
// decisions and the visit stage (spec 1 §4).
import * as v from 'valibot';
import { COMPLIANCE_FREQUENCIES, type ComplianceOutcome } from './compliance';

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

export const journeySettings = v.object({
  touch_mode: v.optional(v.boolean(), true),
  name_match: v.optional(v.picklist(['quick', 'private']), 'quick'),
  shown_user_types: v.optional(v.array(v.string()), []),
  attendance_mode_id: v.optional(v.nullable(v.string()), null),
  /** Area ids where this journey appears on kiosks; empty means every area. */
  areas: v.optional(v.array(v.string()), []),
});
export type JourneySettings = v.InferOutput<typeof journeySettings>;

export const flowSettings = v.object({
  compliance_id: v.optional(v.nullable(v.string()), null),
  compliance_frequency: v.optional(v.picklist(COMPLIANCE_FREQUENCIES), 'every time'),
  temperature_check: v.optional(v.boolean(), false),
  temperature_threshold: v.optional(v.number(), 37.5),
  mask_check: v.optional(v.boolean(), false),
  host: v.optional(v.boolean(), false),
  allow_no_host: v.optional(v.boolean(), true),
  print_badge: v.optional(v.boolean(), false),
  door_relay: v.optional(v.boolean(), false),
  weigand_output: v.optional(v.boolean(), false),
  facial_recognition: v.optional(v.boolean(), false),
  photo: v.optional(v.boolean(), false),
  custom_field_ids: v.optional(v.array(v.string()), []),
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
}

export function visitStage(s: StageInput): VisitStage {
  if (s.adminDecision === 'rejected') return 'rejected by admin';
  if (s.adminDecision === 'approved') return 'approved by admin';
  if (s.compliance === null) return 'compliance pending';
  if (s.compliance === 'failed') return 'compliance failed';
  // A wrong answer explained in notes needs an admin's eye before the person goes in.
  if (s.compliance === 'wrong_explained') return 'waiting for admin approval (compliance failed)';
  if (s.approvalRequired) return 'waiting for admin approval';
  return 'ready to sign in';
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
  outputs: v.optional(v.array(v.picklist(OUTPUTS))),
  reasonId: v.optional(v.string()),
  attendanceCode: v.optional(v.string()),
  method: v.optional(v.picklist(['search', 'rfid', 'qr', 'new'])),
  /** Why a person whose stage allowed it still did not go in (a check failed). */
  refusal: v.optional(v.picklist(['temperature.above_threshold', 'checks.mask_required'])),
});
export type KioskVisitDetails = v.InferOutput<typeof kioskVisitDetails>;
