// Sections of custom fields as an admin writes them (spec 1 §3 "Custom field", §5, §6; spec 2 §7
// section calls): the payload schema and the rules the editor and the server both apply.
// Labels, option texts and section names are LocalizedText (en/ar/es).
import * as v from 'valibot';
import { PLANS } from './constants';
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from './custom-fields';
import { CONTENT_LANGUAGES, localizedTextSchema, textIn, type LocalizedText } from './localized-text';
import type { FieldErrors } from './validation';

/** The language a stored value (an option picked) is written in; the company has no other default yet. */
export const CONTENT_DEFAULT_LANGUAGE = 'en';

export const SECTION_LIMITS = { name: 50, label: 50, option: 30, options: 20, fields: 30 } as const;
export const RATING_DISPLAYS = ['stars', 'smileys'] as const;
export type RatingDisplay = (typeof RATING_DISPLAYS)[number];
export const FIELD_ICONS = ['info', 'car', 'briefcase', 'calendar', 'star', 'phone', 'id-card', 'building'] as const;
export type FieldIcon = (typeof FIELD_ICONS)[number];

/** Types whose value is one or more of the field's options (a rating scale's options are its labels). */
export const OPTION_TYPES: readonly CustomFieldType[] = ['checkboxes', 'radio buttons', 'rating scale'];
export const needsOptions = (type: string): boolean => type === 'checkboxes' || type === 'radio buttons';
export const takesOptions = (type: string): boolean => (OPTION_TYPES as readonly string[]).includes(type);

/** Custom fields are locked on the lite plan (spec 1 §6: Professional and Enterprise only). */
export const customFieldsAllowed = (plan: number | null | undefined): boolean => plan !== PLANS.lite;

/** What a synced row holds for a LocalizedText (a plain string or one text per language). */
export const localizedTextRow = v.union([v.string(), v.record(v.string(), v.string())]);

/** The value recorded when an option is picked: its text in the company's default language. */
export const optionValue = (option: LocalizedText): string => textIn(option, CONTENT_DEFAULT_LANGUAGE).trim();

const flag = v.pipe(
  v.union([v.boolean(), v.literal(0), v.literal(1)], 'validation.required'),
  v.transform((x) => x === true || x === 1),
);

export const customFieldInput = v.object({
  id: v.optional(v.nullable(v.pipe(v.string('validation.uuid'), v.uuid('validation.uuid'))), null),
  name: localizedTextSchema(SECTION_LIMITS.label),
  type: v.picklist(CUSTOM_FIELD_TYPES, 'validation.custom_field_type'),
  options: v.optional(
    v.pipe(
      v.array(localizedTextSchema(SECTION_LIMITS.option), 'validation.required'),
      v.maxLength(SECTION_LIMITS.options, 'validation.too_long'),
    ),
    [],
  ),
  display: v.optional(v.picklist(RATING_DISPLAYS, 'validation.required'), 'stars'),
  binding: v.optional(flag, false),
  fillable_by_user: v.optional(flag, true),
  printable_on_badge: v.optional(flag, false),
  icon: v.optional(v.nullable(v.picklist(FIELD_ICONS, 'validation.required')), null),
});
export type CustomFieldInput = v.InferOutput<typeof customFieldInput>;

export const sectionInput = v.object({
  name: localizedTextSchema(SECTION_LIMITS.name),
  icon: v.optional(v.nullable(v.picklist(FIELD_ICONS, 'validation.required')), null),
  custom_fields: v.pipe(
    v.array(customFieldInput, 'validation.required'),
    v.maxLength(SECTION_LIMITS.fields, 'validation.too_long'),
  ),
});
export type SectionInput = v.InferOutput<typeof sectionInput>;

/** The unique-name check's query (spec 2 §7: entity_id, value, optional section_id). */
export const uniqueQuery = v.object({
  entity_id: v.optional(v.string()),
  value: v.pipe(v.string('validation.required'), v.trim(), v.maxLength(200, 'validation.too_long')),
  section_id: v.optional(v.string()),
});

const lower = (x: string | undefined) => x?.trim().toLocaleLowerCase() || '';
const allTexts = (t: LocalizedText): string[] =>
  (typeof t === 'string' ? [t] : CONTENT_LANGUAGES.map((l) => t[l])).map(lower).filter(Boolean);

/** Whether two texts clash: the same words (ignoring case and outer spaces) in one language, or
 * anywhere in the other when one is a plain string (a typed name, or a text stored before translations). */
export function sameText(a: LocalizedText, b: LocalizedText): boolean {
  if (typeof a === 'string' || typeof b === 'string') {
    const other = allTexts(b);
    return allTexts(a).some((x) => other.includes(x));
  }
  return CONTENT_LANGUAGES.some((l) => !!lower(a[l]) && lower(a[l]) === lower(b[l]));
}

/** Drops what a type does not use (options of a text field, the display of a non-rating field). */
export function normalizeField(f: CustomFieldInput): CustomFieldInput {
  return {
    ...f,
    options: takesOptions(f.type) ? f.options : [],
    display: f.type === 'rating scale' ? f.display : 'stars',
  };
}

/**
 * The rules beyond each value's own shape, keyed like the payload (`custom_fields.1.options.0`):
 * checkboxes and radios need options; options are unique within their field; labels are unique
 * within the section. Null when the section is fine.
 */
export function sectionProblems(input: SectionInput): FieldErrors | null {
  const errors: FieldErrors = {};
  const add = (key: string, code: string) => (errors[key] ??= []).push(code);
  input.custom_fields.forEach((field, i) => {
    if (needsOptions(field.type) && field.options.length === 0)
      add(`custom_fields.${i}.options`, 'validation.options_required');
    if (field.type === 'rating scale' && field.options.length === 1)
      add(`custom_fields.${i}.options`, 'validation.rating_labels');
    if (takesOptions(field.type))
      field.options.forEach((o, j) => {
        if (field.options.slice(0, j).some((p) => sameText(p, o) || optionValue(p) === optionValue(o)))
          add(`custom_fields.${i}.options.${j}`, 'validation.duplicate_option');
      });
    if (input.custom_fields.slice(0, i).some((g) => sameText(g.name, field.name)))
      add(`custom_fields.${i}.name`, 'validation.duplicate_field');
  });
  return Object.keys(errors).length ? errors : null;
}

/** Trims a typed number to digits (no "e", sign or separators) and the field's maxlength (spec 1 §5). */
export function numberInputText(typed: string, maxLength: number): string {
  return typed.replace(/\D/g, '').slice(0, maxLength);
}
