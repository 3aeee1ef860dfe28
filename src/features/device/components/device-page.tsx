// /device: this device's sync and storage state (DESIGN "Storage") and what needs attention.
import { useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../ui/page-title';
import { storageState, type StorageState } from '../../../sync/sync-client';
import { useSync, useSyncStatus } from '../../../sync/sync-context';
import { NeedsAttention } from './needs-attention';
import './device-page.css';
import { formatDateTime } from '../../../../domain/date-format';

const mb = (bytes: number | null, lang: string) =>
  bytes === null
    ? '—'
    : new Intl.NumberFormat(lang, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
        bytes / 1024 / 1024,
      );

function Fact({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid="device-fact-cell">
      <Text size="sm" c="dimmed" data-testid="device-fact-label">
        {label}
      </Text>
      <Text fw={600} className="gh-device-value" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export function DevicePage() {
  const { t, i18n } = useTranslation();
  const status = useSyncStatus();
  const sync = useSync();
  const [storage, setStorage] = useState<StorageState | null>(null);
  useEffect(() => void storageState(false).then(setStorage), []);

  const persisted = storage?.persisted;
  return (
    <Stack gap="md">
      <PageTitle>{t('routes.device')}</PageTitle>
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {t('sync.title')}
          </Title>
          <Button size="sm" variant="light" onClick={() => sync?.trigger()} disabled={!sync}>
            {t('sync.syncNow')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Fact label={t('sync.connection')} value={status.online ? t('sync.online') : t('sync.offline')} />
          <Fact label={t('sync.pending')} value={status.pending} testId="device-pending" />
          <Fact label={t('sync.rejected')} value={status.rejected} />
          <Fact
            label={t('sync.lastSyncLabel')}
            testId="device-last-sync"
            value={status.lastSyncAt ? formatDateTime(status.lastSyncAt, i18n.language) : t('sync.neverSynced')}
          />
        </SimpleGrid>
        {status.phase === 'needs-login' ? (
          <Text c="orange.8" mt="sm">
            {t('sync.needsLogin')}
          </Text>
        ) : null}
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="sm">
          {t('sync.storageTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact
            label={t('sync.persistence')}
            testId="device-persisted"
            value={
              <Badge color={persisted ? 'teal' : 'orange'} variant="light">
                {persisted ? t('sync.persisted') : t('sync.notPersisted')}
              </Badge>
            }
          />
          <Fact label={t('sync.used')} value={mb(storage?.usage ?? null, i18n.language)} />
          <Fact
            label={t('sync.quotaLeft')}
            value={mb(
              storage?.quota != null && storage.usage != null ? storage.quota - storage.usage : null,
              i18n.language,
            )}
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="sm">
          {t('sync.needsAttention')}
        </Title>
        <NeedsAttention />
      </Paper>
    </Stack>
  );
}
