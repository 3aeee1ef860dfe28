// Custom-field values (spec 1 §3 "Custom field"): each value must belong to the flow and fit
// its field's type. The kiosk and the server run the same check; the server's answer decides.
import * as v from 'valibot';
import type { FieldErrors } from './validation';

export const CUSTOM_FIELD_TYPES = [
  'text',
  'number',
  'date',
  'long text',
  'rating scale',
  'toggle button',
  'checkboxes',
  'radio buttons',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export interface CustomFieldDef {
  id: string;
  name: string;
  type: string;
  options: readonly string[];
}
/** A value a journey recorded for a field, as a kiosk visit row holds it (synced). */
export const customFieldEntry = v.object({
  custom_field_id: v.string(),
  type: v.string(),
  value: v.union([v.string(), v.number()]),
});
export type CustomFieldEntry = v.InferOutput<typeof customFieldEntry>;

/** Spec 1 §5 lengths as the kiosk inputs enforce them. */
export const CUSTOM_FIELD_LIMITS = { text: 50, number: 13, longText: 2000 } as const;

const isRealDate = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A rating scale without labels: its steps, 1 to 5 (shown as stars or smileys). */
export const DEFAULT_RATING_STEPS = ['1', '2', '3', '4', '5'] as const;

/** A checkboxes value (JSON text of option values) as its list, or null when it is not one. */
export function parseChecked(value: string): string[] | null {
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) && list.every((x) => typeof x === 'string') ? (list as string[]) : null;
  } catch {
    return null;
  }
}

/** The i18n key of what is wrong with one value, or null when it fits the field. */
export function customFieldProblem(field: CustomFieldDef, value: string | number): string | null {
  const text = typeof value === 'string' ? value : null;
  switch (field.type as CustomFieldType) {
    case 'text':
      return text !== null && text.trim().length > 0 && text.length <= CUSTOM_FIELD_LIMITS.text
        ? null
        : 'customFields.invalid_text';
    case 'long text':
      return text !== null && text.trim().length > 0 && text.length <= CUSTOM_FIELD_LIMITS.longText
        ? null
        : 'customFields.invalid_text';
    case 'number': {
      // The letter e is blocked in number fields (spec 1 §5): digits only, optional sign and decimals.
      const s = String(value);
      return /^-?\d+(\.\d+)?$/.test(s) && s.length <= CUSTOM_FIELD_LIMITS.number ? null : 'customFields.invalid_number';
    }
    case 'date':
      return text !== null && isRealDate(text) ? null : 'customFields.invalid_date';
    case 'toggle button':
      return value === 1 || value === 0 || value === '1' || value === '0' ? null : 'customFields.invalid_toggle';
    case 'rating scale':
    case 'radio buttons': {
      const s = String(value);
      if (field.options.length) return field.options.includes(s) ? null : 'customFields.invalid_option';
      // A rating scale without labels is 1 to 5 (stars or smileys).
      return field.type === 'rating scale' && (DEFAULT_RATING_STEPS as readonly string[]).includes(s)
        ? null
        : 'customFields.invalid_option';
    }
    case 'checkboxes': {
      const list = text !== null ? parseChecked(text) : null;
      if (!list || new Set(list).size !== list.length) return 'customFields.invalid_checkboxes';
      return list.every((o) => field.options.includes(o)) ? null : 'customFields.invalid_option';
    }
    default:
      return 'customFields.unknown_field';
  }
}

/**
 * Field errors keyed `custom_fields.<id>`, or null when every value belongs to the flow's fields,
 * declares its field's type, appears once and fits that type.
 */
export function checkCustomFieldValues(
  fields: readonly CustomFieldDef[],
  values: readonly CustomFieldEntry[],
): FieldErrors | null {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  for (const entry of values) {
    const key = `custom_fields.${entry.custom_field_id}`;
    const field = byId.get(entry.custom_field_id);
    let problem: string | null;
    if (!field) problem = 'customFields.unknown_field';
    else if (seen.has(field.id)) problem = 'customFields.duplicate';
    else if (entry.type !== field.type) problem = 'customFields.wrong_type';
    else problem = customFieldProblem(field, entry.value);
    seen.add(entry.custom_field_id);
    if (problem) (errors[key] ??= []).push(problem);
  }
  return Object.keys(errors).length ? errors : null;
}

/** A stored value as a person reads it: checkboxes joined, toggles as yes/no keys resolved by the caller. */
export function customFieldText(type: string, value: string | number, yesNo: (on: boolean) => string): string {
  if (type === 'toggle button') return yesNo(value === 1 || value === '1');
  if (type === 'checkboxes' && typeof value === 'string') return (parseChecked(value) ?? []).join(', ');
  // A day is stored as the API's YYYY-MM-DD and read as DD/MM/YYYY, like every date shown.
  if (type === 'date' && typeof value === 'string' && isRealDate(value))
    return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
  return String(value);
}
