// A person's custom-field values as the user form edits them (they live on
// users.custom_fields as the spec's value list: custom_field_id, type, value). The payload, the
// check the form and the server both run, and how an edit merges into what the person holds.
import * as v from 'valibot';
import { optionValue } from './custom-field-sections';
import { customFieldProblem, type CustomFieldDef, type CustomFieldEntry } from './custom-fields';
import type { LocalizedText } from './localized-text';
import type { FieldErrors } from './validation';

/** At most this many values in one save (a company has far fewer fields). */
export const PERSON_VALUES_MAX = 200;
const VALUE_MAX = 4_000;

/** One value as the form sends it. An empty value ('' or an empty checkbox list) clears the field. */
export const personFieldValue = v.object({
  custom_field_id: v.pipe(v.string('validation.required'), v.uuid('validation.uuid')),
  type: v.pipe(v.string('validation.required'), v.maxLength(30, 'validation.too_long')),
  value: v.union(
    [v.pipe(v.string(), v.maxLength(VALUE_MAX, 'validation.too_long')), v.pipe(v.number(), v.finite())],
    'validation.required',
  ),
});

export const personFieldValues = v.pipe(
  v.array(personFieldValue, 'validation.required'),
  v.maxLength(PERSON_VALUES_MAX, 'validation.too_long'),
);

/** A field as the company defines it (synced row or database row): options are LocalizedText. */
export interface DefinedField {
  id: string;
  type: string;
  options: readonly LocalizedText[];
}

/** The field as the value check reads it: options are the texts a value records. */
export const fieldDefOf = (f: DefinedField): CustomFieldDef => ({
  id: f.id,
  name: f.id,
  type: f.type,
  options: f.options.map(optionValue),
});

/** Whether a value clears its field: nothing typed, or no box ticked. */
export function isClearing(entry: Pick<CustomFieldEntry, 'type' | 'value'>): boolean {
  if (typeof entry.value === 'number') return false;
  const text = entry.value.trim();
  return text === '' || (entry.type === 'checkboxes' && text === '[]');
}

/**
 * Field errors keyed `custom_fields.<id>` (i18n keys under personFields.validation), or null when
 * every value names one of the company's fields once, declares its type and fits it.
 */
export function personFieldProblems(
  fields: readonly DefinedField[],
  entries: readonly CustomFieldEntry[],
): FieldErrors | null {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  for (const entry of entries) {
    const field = byId.get(entry.custom_field_id);
    let problem: string | null;
    if (!field) problem = 'unknown_field';
    else if (seen.has(field.id)) problem = 'duplicate';
    else if (entry.type !== field.type) problem = 'wrong_type';
    else if (isClearing(entry)) problem = null;
    else problem = customFieldProblem(fieldDefOf(field), entry.value)?.replace(/^customFields\./, '') ?? null;
    seen.add(entry.custom_field_id);
    if (problem) (errors[`custom_fields.${entry.custom_field_id}`] ??= []).push(`personFields.validation.${problem}`);
  }
  return Object.keys(errors).length ? errors : null;
}

/**
 * The person's values after a save: the fields the save names take its values (a clearing value
 * removes them); every other value the person holds stays, including values of fields deleted
 * since (recorded values stay, docs/decisions.md).
 */
export function mergePersonValues(
  stored: readonly CustomFieldEntry[],
  saved: readonly CustomFieldEntry[],
): CustomFieldEntry[] {
  const named = new Set(saved.map((e) => e.custom_field_id));
  return [
    ...stored.filter((e) => !named.has(e.custom_field_id)),
    ...saved
      .filter((e) => !isClearing(e))
      .map((e) => ({
        custom_field_id: e.custom_field_id,
        type: e.type,
        value: typeof e.value === 'string' ? e.value.trim() : e.value,
      })),
  ];
}

/** The form's values by field id, from what the person holds. */
export function valuesById(entries: readonly CustomFieldEntry[] | null | undefined): Record<string, string | number> {
  return Object.fromEntries((entries ?? []).map((e) => [e.custom_field_id, e.value]));
}
