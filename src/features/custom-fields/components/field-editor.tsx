// One field of a section: label (three languages), type, the type's options (checkboxes, radio
// buttons, rating labels), how a rating shows, binding, fillable, printable and icon.
import { ActionIcon, Button, Group, Paper, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from '../../../../domain/custom-fields';
import {
  FIELD_ICONS,
  SECTION_LIMITS,
  takesOptions,
  type RatingDisplay,
} from '../../../../domain/custom-field-sections';
import type { FieldDraft } from '../hooks/section-draft';
import { LocalizedInput } from '../../../ui/localized-input';

const typeKey = (type: string) => `customFieldAdmin.types.${type.replace(' ', '_')}`;

export function IconSelect({
  value,
  onChange,
  label,
  testId,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      value={value}
      onChange={onChange}
      clearable
      placeholder={t('customFieldAdmin.noIcon')}
      data-testid={testId}
      data={FIELD_ICONS.map((i) => ({ value: i, label: t(`customFieldAdmin.icons.${i}`) }))}
    />
  );
}

export function FieldEditor({
  index,
  field,
  errorOf,
  onChange,
  onRemove,
}: {
  index: number;
  field: FieldDraft;
  errorOf: (key: string) => string | undefined;
  onChange: (f: FieldDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const at = `custom_fields.${index}`;
  const set = <K extends keyof FieldDraft>(k: K, v: FieldDraft[K]) => onChange({ ...field, [k]: v });
  return (
    <Paper withBorder radius="md" p="md" data-testid="field-editor">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('customFieldAdmin.fieldN', { n: index + 1 })}</Text>
          <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove} data-testid="remove-field">
            {t('customFieldAdmin.removeField')}
          </Button>
        </Group>
        <LocalizedInput
          label={t('customFieldAdmin.label')}
          value={field.name}
          onChange={(v) => set('name', v)}
          error={errorOf(`${at}.name`)}
          maxLength={SECTION_LIMITS.label}
          required
          testId="field-label"
        />
        <Group grow align="flex-start">
          <Select
            label={t('customFieldAdmin.type')}
            value={field.type}
            allowDeselect={false}
            onChange={(v) => v && set('type', v as CustomFieldType)}
            error={errorOf(`${at}.type`)}
            data={CUSTOM_FIELD_TYPES.map((ty) => ({ value: ty, label: t(typeKey(ty)) }))}
            data-testid="field-type"
          />
          <IconSelect
            label={t('customFieldAdmin.icon')}
            value={field.icon}
            onChange={(v) => set('icon', v as FieldDraft['icon'])}
            testId="field-icon"
          />
        </Group>
        {field.type === 'rating scale' ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('customFieldAdmin.display')}
            </Text>
            <SegmentedControl
              value={field.display}
              onChange={(v) => set('display', v as RatingDisplay)}
              data={[
                { value: 'stars', label: t('customFieldAdmin.stars') },
                { value: 'smileys', label: t('customFieldAdmin.smileys') },
              ]}
              data-testid="field-display"
            />
            <Text size="xs" c="dimmed">
              {t('customFieldAdmin.ratingLabels')}
            </Text>
          </Stack>
        ) : null}
        {takesOptions(field.type) ? (
          <Stack gap="xs" data-testid="options-editor">
            <Text size="sm" fw={500}>
              {t('customFieldAdmin.options')}
            </Text>
            {field.options.map((o, j) => (
              <Group key={j} align="flex-end" wrap="nowrap" gap="xs">
                <div style={{ flex: 1 }}>
                  <LocalizedInput
                    label={t('customFieldAdmin.optionN', { n: j + 1 })}
                    value={o}
                    onChange={(v) =>
                      set(
                        'options',
                        field.options.map((p, k) => (k === j ? v : p)),
                      )
                    }
                    error={errorOf(`${at}.options.${j}`)}
                    maxLength={SECTION_LIMITS.option}
                    testId="option"
                  />
                </div>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={36}
                  mb={4}
                  aria-label={t('customFieldAdmin.removeOption', { n: j + 1 })}
                  onClick={() =>
                    set(
                      'options',
                      field.options.filter((_, k) => k !== j),
                    )
                  }
                >
                  ✕
                </ActionIcon>
              </Group>
            ))}
            {errorOf(`${at}.options`) ? (
              <Text size="sm" c="red" role="alert">
                {errorOf(`${at}.options`)}
              </Text>
            ) : null}
            <Group>
              <Button
                variant="light"
                size="compact-sm"
                disabled={field.options.length >= SECTION_LIMITS.options}
                onClick={() => set('options', [...field.options, {}])}
                data-testid="add-option"
              >
                {t('customFieldAdmin.addOption')}
              </Button>
            </Group>
          </Stack>
        ) : null}
        <Group gap="lg">
          <Switch
            label={t('customFieldAdmin.binding')}
            checked={field.binding}
            onChange={(e) => set('binding', e.currentTarget.checked)}
          />
          <Switch
            label={t('customFieldAdmin.fillable')}
            checked={field.fillable_by_user}
            onChange={(e) => set('fillable_by_user', e.currentTarget.checked)}
          />
          <Switch
            label={t('customFieldAdmin.printable')}
            checked={field.printable_on_badge}
            onChange={(e) => set('printable_on_badge', e.currentTarget.checked)}
            data-testid="field-printable"
          />
        </Group>
      </Stack>
    </Paper>
  );
}
