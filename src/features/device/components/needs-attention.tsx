// Changes the server refused, with its reason in the user's language: resend (after fixing
// what can be fixed here, e.g. rebasing an edit on the newest version) or discard.
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { ArgsOf, MutationName } from '../../../../sync/catalogue';
import { isMutationName } from '../../../../sync/catalogue';
import { useDb } from '../../../db/db-context';
import type { RejectedRow } from '../../../db/schema';
import { useSync } from '../../../sync/sync-context';
import { formatDateTime } from '../../../../domain/date-format';

export function NeedsAttention() {
  const { t, i18n } = useTranslation();
  const db = useDb();
  const sync = useSync();
  const rows = useLiveQuery(() => db.rejected.orderBy('seq').toArray(), [db]) ?? [];

  async function resend(row: RejectedRow) {
    if (!sync || !isMutationName(row.name)) return;
    let args = row.args as ArgsOf<MutationName>;
    if (row.name === 'person.updateDetails') {
      // The edit lost to a newer version: re-apply it on the version this device now has.
      const edit = args as ArgsOf<'person.updateDetails'>;
      const person = await db.people.get(edit.personId);
      args = { ...edit, baseVersion: person?.version ?? edit.baseVersion };
    }
    const result = await sync.record(row.name, args as never);
    if (result.ok) await db.rejected.delete(row.seq);
  }

  if (rows.length === 0)
    return (
      <Text c="dimmed" data-testid="needs-attention-empty">
        {t('sync.nothingNeedsAttention')}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="needs-attention">
      {rows.map((row) => (
        <Card key={row.seq} withBorder padding="sm" data-testid="rejected-change">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Text fw={600}>{t(`sync.mutation.${row.name}`, { defaultValue: row.name })}</Text>
              <Text size="sm" c="red.8">
                {row.message || t(`errors.${row.code}`, { defaultValue: row.code })}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(row.clientTime, i18n.language)}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button size="sm" variant="light" onClick={() => void resend(row)} disabled={!sync}>
                {t('sync.resend')}
              </Button>
              <Button size="sm" variant="subtle" color="red" onClick={() => void db.rejected.delete(row.seq)}>
                {t('sync.discard')}
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
