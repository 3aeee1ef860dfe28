// The custom fields of /integration-settings' mapping: one input per custom field of
// the company, labelled in the reader's language, holding the directory field that fills it.
// The fields the chosen user type's journeys ask for come first; the others follow under their
// own heading. A field mapped earlier and since deleted stays listed by id, so it can be cleared.
import { SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { textIn } from '../../../../domain/localized-text';
import { useCustomTargets, type CustomTargetWire } from '../hooks/use-custom-targets';

interface Props {
  userTypeId: string | null;
  value: Record<string, string>;
  onChange: (value: Record<string, string>) => void;
  err: (key: string) => string | undefined;
}

export function CustomMappingFields({ userTypeId, value, onChange, err }: Props) {
  const { t, i18n } = useTranslation();
  const targets = useCustomTargets(userTypeId);
  const listed = targets.data ?? [];
  const known = new Set(listed.map((f) => f.id));
  const unlisted = Object.keys(value).filter((id) => !known.has(id) && value[id]?.trim());
  const set = (id: string) => (e: { currentTarget: { value: string } }) => {
    const source = e.currentTarget.value;
    onChange({ ...value, [id]: source });
  };
  const typeLabel = (type: string) => t(`customFieldAdmin.types.${type.replace(/ /g, '_')}`);
  const asked = listed.filter((f) => f.applies);
  const others = listed.filter((f) => !f.applies);
  const input = (f: CustomTargetWire) => (
    <TextInput
      key={f.id}
      label={t('integrationMapping.customLabel', { name: textIn(f.name, i18n.language) })}
      description={t('integrationMapping.customType', {
        section: textIn(f.section, i18n.language),
        type: typeLabel(f.type),
      })}
      data-testid={`integration-map-custom-${f.id}`}
      data-field-name={textIn(f.name, 'en')}
      dir="ltr"
      value={value[f.id] ?? ''}
      onChange={set(f.id)}
      error={err(`mapping.custom:${f.id}`)}
    />
  );

  return (
    <Stack gap="xs" data-testid="custom-mapping" data-loaded={targets.data !== null}>
      <Title order={3} size="h6">
        {t('integrationMapping.customTitle')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('integrationMapping.customHint')}
      </Text>
      {targets.data && asked.length === 0 ? (
        <Text size="sm" data-testid="custom-mapping-none">
          {t(listed.length ? 'integrationMapping.customNoneAsked' : 'integrationMapping.customNone')}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{asked.map(input)}</SimpleGrid>
      {others.length ? (
        <Text size="sm" fw={600}>
          {t('integrationMapping.otherTitle')}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {others.map(input)}
        {targets.data
          ? unlisted.map((id) => (
              <TextInput
                key={id}
                label={t('integrationMapping.removedField', { id })}
                data-testid={`integration-map-custom-${id}`}
                dir="ltr"
                value={value[id] ?? ''}
                onChange={set(id)}
                error={err(`mapping.custom:${id}`)}
              />
            ))
          : null}
      </SimpleGrid>
    </Stack>
  );
}
