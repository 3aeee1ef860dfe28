// Dashboard access (the passport invitation) one by one and as mass actions (spec 1 §6:
// "Dashboard access can be invited or revoked for users with a user role; site and user type
// are required"; §5: "Mass invite requires role, site, user type, country code and phone").
import * as v from 'valibot';
import { phone } from './people';

const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.uuid'));
const countryCode = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.regex(/^\+?\d{1,4}$/, 'validation.country_code'),
);

export const inviteRevokeInput = v.variant(
  'status',
  [
    v.object({ status: v.literal('invite'), user_id: uuid, role_id: uuid, site_id: uuid, user_type_id: uuid }),
    v.object({ status: v.literal('revoke'), user_id: uuid }),
  ],
  'validation.required',
);
export type InviteRevokeInput = v.InferOutput<typeof inviteRevokeInput>;

export const massInviteInput = v.object({
  role_id: uuid,
  site_id: uuid,
  user_type_id: uuid,
  users: v.pipe(
    v.array(v.object({ id: uuid, country_code: countryCode, phone }), 'validation.required'),
    v.minLength(1, 'validation.select_users'),
    v.maxLength(1000, 'validation.too_long'),
  ),
});
export type MassInviteInput = v.InferOutput<typeof massInviteInput>;

export const massRevokeInput = v.object({
  user_ids: v.pipe(
    v.array(uuid, 'validation.required'),
    v.minLength(1, 'validation.select_users'),
    v.maxLength(1000, 'validation.too_long'),
  ),
});

export const inviteCandidatesQuery = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'validation.too_long'))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.integer('validation.number'),
      v.minValue(1, 'validation.number'),
      v.maxValue(500, 'validation.number'),
    ),
    '10',
  ),
  page: v.optional(
    v.pipe(v.string(), v.transform(Number), v.integer('validation.number'), v.minValue(1, 'validation.number')),
    '1',
  ),
});
