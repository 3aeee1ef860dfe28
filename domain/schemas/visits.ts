// Arguments of the operational mutations that sign people in and out and edit their details.
import * as v from 'valibot';
import { epochMs, int4 } from '../bounds';

// An empty reference is a missing one: "required" comes first, "not valid" only for a bad id.
const uuid = v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.uuid('validation.uuid'));

/** What the journey recorded with a sign-in (host, checks, compliance, stage, outputs…).
 * The kiosk journey owns its fields; the logbook and the emergency list read them. */
export const visitDetails = v.record(v.pipe(v.string(), v.maxLength(64)), v.unknown());

export const signInArgs = v.object({
  eventId: uuid,
  personId: uuid,
  areaId: uuid,
  journeyFlowId: v.optional(uuid),
  userTypeId: v.optional(uuid),
  at: epochMs,
  details: v.optional(visitDetails),
});
export type SignInArgs = v.InferOutput<typeof signInArgs>;

export const signOutArgs = v.object({
  eventId: uuid,
  personId: uuid,
  areaId: v.optional(uuid),
  at: epochMs,
  details: v.optional(visitDetails),
});
export type SignOutArgs = v.InferOutput<typeof signOutArgs>;

export const personPatch = v.object({
  fullName: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(2, 'validation.too_short'), v.maxLength(50, 'validation.too_long')),
  ),
  phone: v.optional(v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'validation.phone'))),
  email: v.optional(
    v.pipe(v.string(), v.trim(), v.email('errors.invalid_email'), v.maxLength(254, 'validation.too_long')),
  ),
});

export const updateDetailsArgs = v.object({
  personId: uuid,
  /** The version the edit was based on; a mismatch keeps the server's value. */
  baseVersion: int4(0),
  patch: personPatch,
});
export type UpdateDetailsArgs = v.InferOutput<typeof updateDetailsArgs>;

/** An admin's decision on a kiosk visit that waits for one (domain/journey.ts decideVisit). */
export const visitDecisionArgs = v.object({
  visitId: uuid,
  decision: v.picklist(['approved', 'rejected'], 'validation.invalid'),
  /** The sign-in event's id when the person goes in. */
  eventId: uuid,
  at: epochMs,
});
export type VisitDecisionArgs = v.InferOutput<typeof visitDecisionArgs>;
