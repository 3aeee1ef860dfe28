// Payload schemas for users, user types and labels (spec 1 §3, §5; spec 2 §7 "Users and
// related"). Field names are the spec's wire names; messages are i18n keys.
import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, GRACE_PERIOD_MIN_MINUTES, PHONE_MAX } from '../constants';
import { personFieldValues } from '../person-custom-fields';
import { email } from './auth';

// An empty reference is a missing one: "required" comes first, "not valid" only for a bad id.
const uuid = v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.uuid('validation.uuid'));
const name = (max: number) =>
  v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.minLength(2, 'validation.too_short'),
    v.maxLength(max, 'validation.too_long'),
  );
const flag = v.pipe(
  v.union([v.boolean(), v.literal(0), v.literal(1), v.literal('0'), v.literal('1')], 'validation.required'),
  v.transform((x) => x === true || x === 1 || x === '1'),
);
const intText = (min: number, max: number, message = 'validation.number') =>
  v.pipe(
    v.union([v.string(), v.number()], 'validation.required'),
    v.transform(Number),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

export const REGISTRATION_METHODS = [
  'registration allowed',
  'pre-registration with approval required',
  'pre-registered by admin',
  'registration not required',
  'pre-registered only',
] as const;

export const phone = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.maxLength(PHONE_MAX, 'validation.phone'),
  v.regex(/^\d+$/, 'validation.phone'),
);

export const userInput = v.object({
  full_name: name(50),
  email,
  phone,
  country_code: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\+?\d{0,4}$/, 'validation.country_code')), ''),
  user_type_id: uuid,
  role_id: v.optional(uuid),
  labels: v.optional(v.array(uuid), []),
  rfid: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30, 'validation.too_long')), ''),
  /** A data URL (png or jpg); checked by content on the server. Empty string removes it. */
  image: v.optional(v.string()),
  /** Custom-field values to save; fields not named keep theirs (domain/person-custom-fields.ts). */
  custom_fields: v.optional(personFieldValues),
});
export type UserInput = v.InferOutput<typeof userInput>;

/** POST /update-user-details: the caller's own details; fields not sent keep theirs. What gives
 * access (e-mail, role, user type, labels, card) is changed by an administrator, not here. */
export const ownDetailsInput = v.object({
  full_name: v.optional(name(50)),
  phone: v.optional(phone),
  country_code: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\+?\d{0,4}$/, 'validation.country_code'))),
});
export type OwnDetailsInput = v.InferOutput<typeof ownDetailsInput>;

export const USER_SORT_FIELDS = ['full_name', 'email', 'phone', 'user_type', 'updated_at'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

const filterBy = v.pipe(
  v.string(),
  v.maxLength(500, 'validation.too_long'),
  v.transform((text) => {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
    } catch {
      /* plain text is a search */
    }
    return { search: text } as Record<string, unknown>;
  }),
  v.object({
    search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'validation.too_long'))),
    user_type_id: v.optional(uuid),
    label: v.optional(uuid),
    status: v.optional(v.picklist(['active', 'archived', 'all'], 'validation.required')),
  }),
);

export const usersQuery = v.object({
  filterBy: v.optional(filterBy, '{}'),
  /** A sort field, "-" in front for descending (spec: orderBy / sortField). */
  orderBy: v.optional(
    v.pipe(v.string(), v.regex(/^-?(full_name|email|phone|user_type|updated_at)$/, 'validation.required')),
    'full_name',
  ),
  limit: v.optional(intText(1, 500), DEFAULT_PAGE_SIZE),
  page: v.optional(intText(1, 1_000_000), FIRST_PAGE),
});
export type UsersQuery = v.InferOutput<typeof usersQuery>;

const userIds = v.pipe(
  v.array(uuid, 'validation.required'),
  v.minLength(1, 'validation.select_users'),
  v.maxLength(1000, 'validation.too_long'),
);

export const usersActiveInput = v.object({ user_ids: userIds, active: flag });
export const usersUserTypeInput = v.object({ user_ids: userIds, user_type_id: uuid });
export const labelInput = v.object({ name: name(30) });
export const applyLabelsInput = v.object({
  user_ids: userIds,
  label_ids: v.pipe(v.array(uuid), v.minLength(1, 'validation.required')),
});

export const userTypeInput = v.object({
  name: name(50),
  registration_method: v.picklist(REGISTRATION_METHODS, 'validation.required'),
  grace_period: intText(GRACE_PERIOD_MIN_MINUTES, 100_000, 'validation.grace_period'),
  profile_photo: v.optional(flag, false),
  parent_id: v.optional(v.nullable(uuid)),
});
export type UserTypeInput = v.InferOutput<typeof userTypeInput>;
