// Payloads of the pre-registration calls (spec 2 §7), checked by the server and the forms.
// Wire names stay the spec's (first_name, visit_date …); messages are i18n keys.
import * as v from 'valibot';
import { epochMs } from './bounds';
import { LANGUAGES } from './constants';
import { isVisitDate, normaliseVisitTime } from './preregistration';

const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.uuid'));
const optionalUuid = v.optional(v.union([v.literal(''), v.literal('null'), uuid]));
const name = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.minLength(1, 'validation.required'),
  v.maxLength(50, 'validation.too_long'),
);
const email = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.toLowerCase(),
  v.email('errors.invalid_email'),
  v.maxLength(254, 'validation.too_long'),
);
const phone = v.pipe(v.string('validation.required'), v.trim(), v.regex(/^\d{1,20}$/, 'validation.phone'));
const countryCode = v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\+?\d{0,4}$/, 'validation.phone')));
const visitDate = v.pipe(v.string('validation.required'), v.check(isVisitDate, 'errors.visit_date_invalid'));
const visitTime = v.pipe(
  v.string('validation.required'),
  v.check((t) => normaliseVisitTime(t) !== null, 'errors.visit_date_invalid'),
  v.transform((t) => normaliseVisitTime(t)!),
);
/** Multipart sends everything as text: 0/1 flags, numbers, JSON. */
const flag = v.optional(
  v.pipe(
    v.union([v.string(), v.number(), v.boolean()]),
    v.transform((x) => (x === true || x === 1 || x === '1' || x === 'true' ? 1 : 0)),
  ),
  0,
);
const tzOffset = v.optional(
  v.pipe(
    v.union([v.string(), v.number()]),
    v.transform(Number),
    v.number('validation.required'),
    v.integer(),
    v.minValue(-900),
    v.maxValue(900),
  ),
  0,
);

export const langParam = v.picklist(LANGUAGES);

export const customFieldValue = v.object({
  custom_field_id: v.pipe(v.string(), v.maxLength(64)),
  type: v.optional(v.pipe(v.string(), v.maxLength(32))),
  value: v.optional(v.union([v.pipe(v.string(), v.maxLength(2000)), v.number(), v.boolean(), v.null()])),
});
const customFields = v.optional(
  v.pipe(
    v.union([v.string(), v.array(v.unknown())]),
    v.transform((x) => {
      try {
        return typeof x === 'string' ? (x ? (JSON.parse(x) as unknown) : []) : x;
      } catch {
        return null;
      }
    }),
    v.array(customFieldValue, 'validation.required'),
    v.maxLength(100, 'validation.too_long'),
  ),
  [],
);

/** POST /api/create-expected-visit/{lang}: the multipart fields (the image comes separately). */
export const createExpectedVisitBody = v.object({
  journey_id: uuid,
  user_type_id: uuid,
  area_id: optionalUuid,
  entity_id: v.optional(v.string()),
  registration_method: v.optional(v.pipe(v.string(), v.maxLength(64))),
  visit_date: visitDate,
  visit_time: visitTime,
  tz_offset: tzOffset,
  first_name: name,
  last_name: name,
  email,
  phone,
  country_code: countryCode,
  company_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, 'validation.too_long'))),
  passport_id: v.optional(v.pipe(v.string(), v.maxLength(64))),
  passport_id_updated: flag,
  host: optionalUuid,
  custom_fields: customFields,
  image_mandatory: flag,
  is_qr_included: flag,
  is_compliance_required: flag,
  is_face_id_included: flag,
  is_rfid_included: flag,
  is_using_kiosk_screen: flag,
  enable_switch_usertype: flag,
});
export type CreateExpectedVisitBody = v.InferOutput<typeof createExpectedVisitBody>;

/** POST /api/confirm/visit/{lang} (a PUT override): the invited visitor confirms. */
export const confirmVisitBody = v.object({
  visit_url: v.pipe(v.string('validation.required'), v.maxLength(64)),
  code: v.pipe(v.string('validation.required'), v.maxLength(64)),
  user: v.object({
    first_name: name,
    last_name: name,
    email,
    phone,
    company_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, 'validation.too_long'))),
    passport_id: v.optional(v.pipe(v.string(), v.maxLength(64))),
  }),
  custom_fields: customFields,
  registration_method: v.optional(v.pipe(v.string(), v.maxLength(64))),
});

/** One visitor an admin adds from /add-expected-visitors. */
export const expectedVisitorInput = v.object({
  first_name: name,
  last_name: name,
  email,
  phone,
  country_code: countryCode,
  user_type_id: uuid,
  journey_flow_id: uuid,
  area_id: optionalUuid,
  host: optionalUuid,
  visit_date: visitDate,
  visit_time: visitTime,
  tz_offset: tzOffset,
});
export type ExpectedVisitorInput = v.InferOutput<typeof expectedVisitorInput>;
export const addExpectedVisitorsBody = v.object({
  visitors: v.pipe(
    v.array(expectedVisitorInput),
    v.minLength(1, 'validation.required'),
    v.maxLength(50, 'validation.too_long'),
  ),
});

export const visitIdBody = v.object({ visit_id: uuid });
export const editExpectedVisitBody = v.object({
  visit_id: uuid,
  visit_date: v.optional(visitDate),
  visit_time: v.optional(visitTime),
  tz_offset: tzOffset,
  area_id: optionalUuid,
  host: optionalUuid,
  company_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, 'validation.too_long'))),
});

export const checkUserBody = v.object({
  email: v.optional(v.union([v.literal(''), email])),
  phone: v.optional(v.union([v.literal(''), phone])),
  journey_id: uuid,
  entity_id: v.optional(v.string()),
  user_type_id: v.optional(uuid),
});
export const validateUserUpdateBody = v.object({
  email: v.optional(v.union([v.literal(''), email])),
  phone: v.optional(v.union([v.literal(''), phone])),
  user_id: v.optional(uuid),
});
export const hostSearchBody = v.object({
  journey_id: uuid,
  search: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(2, 'validation.too_short'),
    v.maxLength(50, 'validation.too_long'),
  ),
});
export const validateExpectedVisitBody = v.object({
  journey_id: uuid,
  email: v.optional(v.union([v.literal(''), email])),
  phone: v.optional(v.union([v.literal(''), phone])),
  passport_id: v.optional(v.pipe(v.string(), v.maxLength(64))),
  area_id: optionalUuid,
  visit_date: visitDate,
  visit_time: visitTime,
  tz_offset: tzOffset,
});

/** Offline approval on an admin tablet (sync mutations expectedVisit.approve / .reject). */
export const visitDecisionArgs = v.object({ visitId: uuid });
export type VisitDecisionArgs = v.InferOutput<typeof visitDecisionArgs>;

/** A kiosk signed the expected visit's visitor in (by the visit's QR): the visit has arrived. */
export const visitArriveArgs = v.object({
  visitId: uuid,
  /** The kiosk visit the arrival belongs to. */
  kioskVisitId: v.optional(uuid),
  at: epochMs,
});
export type VisitArriveArgs = v.InferOutput<typeof visitArriveArgs>;

/** '' and 'null' from multipart mean "none". */
export const orNull = (x: string | undefined): string | null => (x && x !== 'null' ? x : null);
