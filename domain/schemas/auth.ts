// Payload schemas for authentication calls. Messages are i18n keys, translated at the edge.
import * as v from 'valibot';
import { LANGUAGES } from '../constants';

export const email = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.maxLength(254, 'validation.too_long'),
  v.email('errors.invalid_email'),
);

export const loginSchema = v.object({
  email,
  password: v.pipe(
    v.string('validation.required'),
    v.nonEmpty('validation.required'),
    v.maxLength(200, 'validation.too_long'),
  ),
  /** Only needed when one email exists in several companies. */
  subdomain: v.optional(
    v.pipe(v.string('validation.required'), v.trim(), v.toLowerCase(), v.maxLength(63, 'validation.too_long')),
  ),
  /** The two-step code (or a recovery code), on the second call when the first answered otp_required. */
  code: v.optional(v.pipe(v.string('validation.required'), v.trim(), v.maxLength(32, 'validation.too_long'))),
});
export type LoginInput = v.InferOutput<typeof loginSchema>;

export const changeLangSchema = v.object({
  lang: v.picklist(LANGUAGES, 'validation.language'),
});

export const uuidSchema = v.pipe(v.string(), v.uuid('errors.not_found'));
