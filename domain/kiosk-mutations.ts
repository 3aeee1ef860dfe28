// Arguments of the kiosk journey's mutations (sync/mutations.ts registers them). Every field a
// visitor types is checked here, on the kiosk and again on the server.
import * as v from 'valibot';
import { epochMs, int4 } from './bounds';
import { complianceAnswerItem } from './compliance';
import { CUSTOM_FIELD_TYPES } from './custom-fields';
import { kioskVisitDetails, VISIT_STAGES } from './journey';

const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.uuid'));

export { CUSTOM_FIELD_TYPES };

export const customFieldValue = v.object({
  custom_field_id: uuid,
  type: v.picklist(CUSTOM_FIELD_TYPES),
  /** Checkbox values are JSON text; toggles are 1 or 0 (spec 1 §3). */
  value: v.union([v.pipe(v.string(), v.maxLength(2000)), v.number()]),
});

export const registerPersonArgs = v.object({
  personId: uuid,
  firstName: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(1, 'validation.required'),
    v.maxLength(30, 'validation.too_long'),
  ),
  lastName: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(1, 'validation.required'),
    v.maxLength(30, 'validation.too_long'),
  ),
  companyName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, 'validation.too_long'))),
  email: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.email('errors.invalid_email'),
    v.maxLength(254, 'validation.too_long'),
  ),
  phone: v.pipe(v.string('validation.required'), v.regex(/^\d{1,20}$/, 'validation.phone')),
  userTypeId: uuid,
  /** A small JPEG data URL taken by the kiosk camera. */
  photo: v.optional(
    v.pipe(v.string(), v.maxLength(400_000), v.regex(/^data:image\/(jpeg|png);base64,/, 'kiosk.validation.image')),
  ),
  customFields: v.optional(v.array(customFieldValue), []),
  at: epochMs,
});
export type RegisterPersonArgs = v.InferOutput<typeof registerPersonArgs>;

export const complianceAnswerArgs = v.object({
  answerId: uuid,
  personId: uuid,
  complianceId: uuid,
  complianceVersion: int4(1),
  answers: v.array(complianceAnswerItem),
  agreed: v.boolean(),
  visitId: v.optional(uuid),
  areaId: v.optional(uuid),
  userTypeId: v.optional(uuid),
  at: epochMs,
});
export type ComplianceAnswerArgs = v.InferOutput<typeof complianceAnswerArgs>;

export const checksRecordArgs = v.object({
  checkId: uuid,
  personId: uuid,
  visitId: v.optional(uuid),
  temperature: v.optional(v.object({ raw: v.pipe(v.string(), v.maxLength(16)), threshold: v.number() })),
  mask: v.optional(v.boolean()),
  at: epochMs,
});
export type ChecksRecordArgs = v.InferOutput<typeof checksRecordArgs>;

export const hostNotifyArgs = v.object({
  notificationId: uuid,
  hostId: uuid,
  personId: uuid,
  visitId: v.optional(uuid),
  message: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'validation.too_long'))),
  at: epochMs,
});
export type HostNotifyArgs = v.InferOutput<typeof hostNotifyArgs>;

export const KIOSK_LOG_KINDS = ['action', 'error', 'online', 'offline'] as const;
export const kioskLogArgs = v.object({
  logId: uuid,
  kind: v.picklist(KIOSK_LOG_KINDS),
  code: v.pipe(v.string(), v.maxLength(64)),
  data: v.optional(v.record(v.pipe(v.string(), v.maxLength(64)), v.unknown())),
  at: epochMs,
});
export type KioskLogArgs = v.InferOutput<typeof kioskLogArgs>;

/** One finished journey: its stage, and whether the person went in (then visit.signIn follows). */
export const kioskVisitArgs = v.object({
  visitId: uuid,
  personId: uuid,
  areaId: uuid,
  journeyId: v.optional(uuid),
  journeyFlowId: v.optional(uuid),
  stage: v.picklist(VISIT_STAGES),
  signedIn: v.boolean(),
  details: kioskVisitDetails,
  /** The flow's custom-field values entered at the kiosk; the server checks them against the flow. */
  customFields: v.optional(v.array(customFieldValue), []),
  at: epochMs,
});
export type KioskVisitArgs = v.InferOutput<typeof kioskVisitArgs>;
