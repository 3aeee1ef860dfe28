// The custom-field values a kiosk stored with the visit (kiosk visit row, synced), labelled
// with the fields' names. Nothing shows when the visit has none.
import { Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { customFieldText } from '../../../../domain/custom-fields';
import { textIn } from '../../../../domain/localized-text';
import { useDb } from '../../../db/db-context';

export function VisitCustomFields({ kioskVisitId }: { kioskVisitId: unknown }) {
  const { t, i18n } = useTranslation();
  const db = useDb();
  const rows =
    useLiveQuery(async () => {
      if (typeof kioskVisitId !== 'string') return [];
      const values = (await db.kioskVisits.get(kioskVisitId))?.customFields ?? [];
      const fields = await db.customFields.bulkGet(values.map((v) => v.custom_field_id));
      return values.map((v, i) => ({
        id: v.custom_field_id,
        type: v.type,
        value: v.value,
        label: fields[i] ? textIn(fields[i].name, i18n.language) : '—',
      }));
    }, [db, kioskVisitId, i18n.language]) ?? [];
  if (rows.length === 0) return null;
  return (
    <Stack gap={4} data-testid="visit-custom-fields">
      <Text fw={600} size="sm">
        {t('customFields.title')}
      </Text>
      {rows.map((r) => (
        <Group key={r.id} gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" miw={110}>
            {r.label}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {customFieldText(r.type, r.value, (on) => t(on ? 'customFields.yes' : 'customFields.no'))}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
