// The custom-field values a badge prints: fields marked "printable on badge", labelled in the
// visitor's language, values as a person reads them.
import { CONTENT_DEFAULT_LANGUAGE } from '../../../../domain/custom-field-sections';
import { customFieldText, type CustomFieldEntry } from '../../../../domain/custom-fields';
import { textIn } from '../../../../domain/localized-text';
import type { KioskField } from './use-kiosk-data';

export function badgeLines(
  fields: readonly KioskField[],
  values: readonly CustomFieldEntry[] | undefined,
  language: string,
  yesNo: (on: boolean) => string,
): Array<{ id: string; label: string; value: string }> {
  return (values ?? []).flatMap((v) => {
    const field = fields.find((f) => f.id === v.custom_field_id);
    if (!field?.printable) return [];
    const value = customFieldText(v.type, v.value, yesNo);
    return value ? [{ id: field.id, label: textIn(field.name, language, CONTENT_DEFAULT_LANGUAGE), value }] : [];
  });
}
