// RFID enrolment (/rfid-enrollment): one card per user, unique within the company (spec 1 §5
// "RFID must be unique"). The card id is what the reader types; letters and digits only.
import * as v from 'valibot';
import { rfidCard } from '../rfid-enrolment';

export const rfidEnrollmentInput = v.object({
  user_id: v.pipe(v.string('validation.required'), v.uuid('validation.uuid')),
  rfid: rfidCard,
});
export type RfidEnrollmentInput = v.InferOutput<typeof rfidEnrollmentInput>;

export const rfidEnrolledQuery = v.object({
  entityId: v.pipe(v.string('validation.required'), v.uuid('validation.uuid')),
  userIds: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.split(',').filter(Boolean)),
      v.maxLength(500, 'validation.too_long'),
      v.array(v.pipe(v.string(), v.uuid('validation.uuid'))),
    ),
    '',
  ),
});
