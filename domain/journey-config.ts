// The journey builder's payloads (spec 1 §3, §5): the same schemas check the admin's form and
// the server's REST body, and the rules that need other records are pure functions given them.
import * as v from 'valibot';
import { CONTENT_LANGUAGES, localizedTextSchema, type LocalizedText } from './localized-text';
import { flowSettings, journeySettings, type RegistrationMethod } from './journey';
import type { FieldErrors } from './validation';

export const JOURNEY_NAME_MIN = 2;
export const JOURNEY_NAME_MAX = 50;
export const DESCRIPTION_MAX = 250;

const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.uuid'));
const description = v.optional(
  v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(DESCRIPTION_MAX, 'validation.too_long'))),
  null,
);
const name = localizedTextSchema(JOURNEY_NAME_MAX, JOURNEY_NAME_MIN);

export const journeyInput = v.object({
  name,
  description,
  logo: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(500, 'validation.too_long'))), null),
  settings: v.optional(journeySettings, {}),
});
export type JourneyInput = v.InferOutput<typeof journeyInput>;

export const flowInput = v.object({
  name,
  description,
  user_type_id: v.optional(v.nullable(uuid), null),
  settings: v.optional(flowSettings, {}),
});
export type FlowInput = v.InferOutput<typeof flowInput>;

/** Every text of a name, lower-cased, for "unique per company" in any language. */
export function nameKeys(text: LocalizedText): string[] {
  const texts = typeof text === 'string' ? [text] : CONTENT_LANGUAGES.map((l) => text[l]);
  return texts.filter((t): t is string => !!t?.trim()).map((t) => t.trim().toLocaleLowerCase());
}

/** True when `text` shares a name (in any language) with one of `others`. */
export const nameTaken = (text: LocalizedText, others: readonly LocalizedText[]): boolean => {
  const mine = new Set(nameKeys(text));
  return others.some((o) => nameKeys(o).some((k) => mine.has(k)));
};

export interface TypeFacts {
  /** The registration method of a user type of this company (undefined: not one of ours). */
  methodOf: (userTypeId: string) => RegistrationMethod | undefined;
}

const unregistered = (f: TypeFacts, id: string | null | undefined) =>
  !!id && f.methodOf(id) === 'registration not required';

/** Journey rules that need the company's user types (spec 1 §5 "Registration and user types"). */
export function journeyRuleErrors(input: JourneyInput, f: TypeFacts, flowTypeIds: readonly string[] = []): FieldErrors {
  const errors: FieldErrors = {};
  const s = input.settings;
  if (s.shown_user_types.some((id) => !f.methodOf(id))) errors['settings.shown_user_types'] = ['validation.uuid'];
  if (s.quick_pass_user_type_id && !f.methodOf(s.quick_pass_user_type_id))
    errors['settings.quick_pass_user_type_id'] = ['validation.uuid'];
  const types = new Set([...s.shown_user_types, ...flowTypeIds].filter((id) => unregistered(f, id)));
  if (types.size > 1) errors['settings.shown_user_types'] = ['validation.one_unregistered_type'];
  if (s.facial_recognition && [...s.shown_user_types, ...flowTypeIds].some((id) => unregistered(f, id)))
    errors['settings.facial_recognition'] = ['validation.face_unregistered'];
  if (s.instruction_enabled && nameKeys(s.instruction ?? '').length === 0)
    errors['settings.instruction'] = ['validation.required'];
  return errors;
}

/** Flow rules: its user type exists, is the journey's only unregistered type, and is not asked
 * for facial recognition when it does not register. */
export function flowRuleErrors(input: FlowInput, f: TypeFacts, otherFlowTypeIds: readonly string[] = []): FieldErrors {
  const errors: FieldErrors = {};
  const typeId = input.user_type_id;
  if (typeId && !f.methodOf(typeId)) errors.user_type_id = ['validation.uuid'];
  else if (unregistered(f, typeId) && otherFlowTypeIds.some((id) => id !== typeId && unregistered(f, id)))
    errors.user_type_id = ['validation.one_unregistered_type'];
  if (input.settings.facial_recognition && unregistered(f, typeId))
    errors['settings.facial_recognition'] = ['validation.face_unregistered'];
  return errors;
}
