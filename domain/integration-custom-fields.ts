// A directory field mapped to a custom field: the mapping key is `custom:<id>`, the
// directory's raw value becomes the spec's value payload entry (custom_field_id, type, value)
// and is checked with the same rule as every other custom-field value (domain/custom-fields.ts).
import { customFieldProblem, type CustomFieldDef, type CustomFieldEntry } from './custom-fields';

export const CUSTOM_TARGET_PREFIX = 'custom:';

/** The custom field id of a mapping key, or null for one of Gatehouse's own fields. */
export const customTargetId = (key: string): string | null =>
  key.startsWith(CUSTOM_TARGET_PREFIX) ? key.slice(CUSTOM_TARGET_PREFIX.length) : null;

export const customTargetKey = (fieldId: string) => `${CUSTOM_TARGET_PREFIX}${fieldId}`;

type Raw = string | number | boolean | null | undefined;

/** A directory value as the field's type stores it: toggles 1/0, checkboxes JSON text, the rest
 *  trimmed text. Null when the directory has no value (the person's value is then cleared). */
export function customValueOf(type: string, raw: Raw): string | number | null {
  if (raw === null || raw === undefined) return null;
  if (type === 'toggle button') {
    if (typeof raw === 'boolean') return raw ? 1 : 0;
    const s = String(raw).trim().toLowerCase();
    if (!s) return null;
    if (['1', 'true', 'yes'].includes(s)) return 1;
    if (['0', 'false', 'no'].includes(s)) return 0;
    return s;
  }
  const s = String(raw).trim();
  if (!s) return null;
  if (type === 'checkboxes' && !s.startsWith('['))
    return JSON.stringify(
      s
        .split(/[,;]/)
        .map((x) => x.trim())
        .filter(Boolean),
    );
  return s;
}

export interface MappedCustomValues {
  /** The values to store, one per mapped field that has a value. */
  entries: CustomFieldEntry[];
  /** Every mapped field id: their old values are replaced (or cleared) by `entries`. */
  fieldIds: string[];
  /** The first value that does not fit its field: the row is skipped whole. */
  problem: { fieldId: string; fieldName: string; code: string } | null;
}

/** What a directory person's fields give each mapped custom field. Fields no longer in the
 *  company (deleted since the mapping was saved) are left out. */
export function mappedCustomValues(
  mapping: Record<string, string>,
  fields: ReadonlyMap<string, CustomFieldDef>,
  directoryFields: Record<string, Raw>,
): MappedCustomValues {
  const entries: CustomFieldEntry[] = [];
  const fieldIds: string[] = [];
  for (const [key, source] of Object.entries(mapping)) {
    const id = customTargetId(key);
    const field = id ? fields.get(id) : undefined;
    if (!field) continue;
    fieldIds.push(field.id);
    const value = customValueOf(field.type, directoryFields[source]);
    if (value === null) continue;
    const code = customFieldProblem(field, value);
    if (code) return { entries: [], fieldIds, problem: { fieldId: field.id, fieldName: field.name, code } };
    entries.push({ custom_field_id: field.id, type: field.type, value });
  }
  return { entries, fieldIds, problem: null };
}
