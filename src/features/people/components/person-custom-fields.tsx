// The user form's "Custom fields" section: the company's fields grouped by section (as
// /custom-fields groups them), one labelled input per type, in the admin's language. Values follow
// the spec's payload: checkboxes as JSON text of option values, toggles 1 or 0, dates YYYY-MM-DD.
// The fields come from this device's synced copy; a lite company sees the plan notice instead.
import { Button, Checkbox, Fieldset, Group, Radio, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { CUSTOM_FIELD_LIMITS, DEFAULT_RATING_STEPS, parseChecked } from '../../../../domain/custom-fields';
import {
  CONTENT_DEFAULT_LANGUAGE,
  customFieldsAllowed,
  numberInputText,
  optionValue,
} from '../../../../domain/custom-field-sections';
import { textIn, type LocalizedText } from '../../../../domain/localized-text';
import { useStoredUser } from '../../../api/session';
import type { LocalRow } from '../../../../sync/catalogue';
import { useDb } from '../../../db/db-context';
import { DateField } from '../../../ui/date-field';

export type FieldValue = string | number;
export type FormField = LocalRow<'customFields'>;

/** The company's fields and sections in the order /custom-fields shows them, and whether the plan allows them. */
export function useCompanyFields() {
  const db = useDb();
  const allowed = customFieldsAllowed(useStoredUser()?.data.user.entity.plan);
  const found = useLiveQuery(async () => {
    type Placed = { position?: number | null; id: string };
    const order = (a: Placed, b: Placed) => (a.position ?? 0) - (b.position ?? 0) || a.id.localeCompare(b.id);
    const [sections, fields] = await Promise.all([db.sections.toArray(), db.customFields.toArray()]);
    return { sections: sections.sort(order), fields: fields.sort(order) };
  }, [db]);
  return { allowed, sections: found?.sections ?? [], fields: found?.fields ?? [] };
}

function FieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: FormField;
  value: FieldValue | undefined;
  error?: string;
  onChange(v: FieldValue): void;
}) {
  const { t, i18n } = useTranslation();
  const label = textIn(field.name, i18n.language, CONTENT_DEFAULT_LANGUAGE);
  const text = value === undefined ? '' : String(value);
  const common = { label, error, 'data-field': label } as const;
  const clear = text ? (
    <Button
      variant="subtle"
      size="compact-sm"
      onClick={() => onChange('')}
      aria-label={t('personFields.clear', { field: label })}
    >
      {t('personFields.clearShort')}
    </Button>
  ) : null;
  const options = (list: readonly LocalizedText[]) =>
    list.map((o) => ({ value: optionValue(o), label: textIn(o, i18n.language, CONTENT_DEFAULT_LANGUAGE) }));
  switch (field.type) {
    case 'number':
      return (
        <TextInput
          {...common}
          inputMode="numeric"
          value={text}
          maxLength={CUSTOM_FIELD_LIMITS.number}
          onChange={(e) => onChange(numberInputText(e.currentTarget.value, CUSTOM_FIELD_LIMITS.number))}
        />
      );
    case 'date':
      return <DateField {...common} value={text} onChange={onChange} />;
    case 'long text':
      return (
        <Textarea
          {...common}
          value={text}
          autosize
          minRows={2}
          maxLength={CUSTOM_FIELD_LIMITS.longText}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'toggle button':
      return (
        <Switch
          {...common}
          checked={value === 1 || value === '1'}
          onChange={(e) => onChange(e.currentTarget.checked ? 1 : 0)}
        />
      );
    case 'checkboxes':
      return (
        <Checkbox.Group
          {...common}
          value={(text ? parseChecked(text) : null) ?? []}
          onChange={(list) => onChange(JSON.stringify(list))}
        >
          <Group gap="md" mt={4}>
            {options(field.options).map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case 'rating scale':
    case 'radio buttons': {
      const steps = field.type === 'rating scale' && field.options.length === 0;
      const list = steps
        ? DEFAULT_RATING_STEPS.map((s) => ({
            value: s,
            label: t('personFields.ratingStep', { n: s, max: DEFAULT_RATING_STEPS.length }),
          }))
        : options(field.options);
      return (
        <Radio.Group {...common} value={text || null} onChange={onChange}>
          <Group gap="md" mt={4}>
            {list.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} />
            ))}
            {clear}
          </Group>
        </Radio.Group>
      );
    }
    default:
      return (
        <TextInput
          {...common}
          value={text}
          maxLength={CUSTOM_FIELD_LIMITS.text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

export function PersonCustomFields({
  values,
  errors,
  onChange,
}: {
  values: Record<string, FieldValue>;
  errors: Record<string, string[]>;
  onChange(id: string, v: FieldValue): void;
}) {
  const { t, i18n } = useTranslation();
  const { allowed, sections, fields } = useCompanyFields();
  if (!allowed)
    return (
      <Stack gap={4} data-testid="person-custom-fields-locked">
        <Text fw={600}>{t('personFields.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('errors.custom_fields_locked')}
        </Text>
      </Stack>
    );
  if (!fields.length) return null;
  const known = new Set(sections.map((s) => s.id));
  const groups = [
    ...sections.map((s) => ({ id: s.id, name: textIn(s.name, i18n.language, CONTENT_DEFAULT_LANGUAGE) })),
    { id: '', name: t('personFields.other') },
  ]
    .map((g) => ({ ...g, fields: fields.filter((f) => (g.id ? f.sectionId === g.id : !known.has(f.sectionId))) }))
    .filter((g) => g.fields.length);
  return (
    <Stack gap="sm" data-testid="person-custom-fields">
      <Text fw={600}>{t('personFields.title')}</Text>
      {groups.map((g) => (
        <Fieldset key={g.id || 'other'} legend={g.name} data-testid="person-section">
          <Stack gap="sm">
            {g.fields.map((f) => (
              <FieldInput
                key={f.id}
                field={f}
                value={values[f.id]}
                error={errors[`custom_fields.${f.id}`]?.join(' ')}
                onChange={(v) => onChange(f.id, v)}
              />
            ))}
          </Stack>
        </Fieldset>
      ))}
    </Stack>
  );
}
