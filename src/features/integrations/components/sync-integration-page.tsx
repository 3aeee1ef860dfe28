// /sync-integration: before a manual sync, what it will do — which directory, what
// is selected, how fields map, and whether it is a first (full) read or only the changes since
// the last one — with Start, which opens /sync-status and starts after the spec's 2–3 s delay.
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { IntegrationWire } from '../../../../domain/integrations';
import { NeedsConnection } from '../../../ui/needs-connection';
import { PageTitle } from '../../../ui/page-title';
import { useIntegrationData } from '../hooks/use-integration-data';
import { STATUS_COLOR } from './integrations-page';

export function SyncIntegrationPage() {
  const { t } = useTranslation();
  const id = useSearchParams()[0].get('id') ?? '';
  const { data: i, offline } = useIntegrationData<IntegrationWire>(id ? `/integrations/${id}` : null);
  const none = t('integrations.syncIntegration.none');
  const mapping = (['fullName', 'email', 'phone'] as const)
    .map(
      (k) => `${t(`integrations.settings.map.${k}`)}: ${i?.mapping[k] || t(`integrations.settings.mapDefault.${k}`)}`,
    )
    .join(' · ');
  return (
    <Stack gap="md" data-testid="sync-integration" data-loaded={i !== null}>
      <PageTitle>{t('integrations.syncIntegration.title')}</PageTitle>
      {!id ? <Alert color="yellow">{t('integrations.syncIntegration.choose')}</Alert> : null}
      {offline && !i ? <NeedsConnection /> : null}
      {i ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group gap="sm" wrap="wrap">
              <Text fw={600}>{i.name}</Text>
              <Badge color={STATUS_COLOR[i.status]} variant="light">
                {t(`integrations.status.${i.status.replace(/ /g, '_')}`)}
              </Badge>
              <Text size="sm">{t(`integrations.kind.${i.kind}`)}</Text>
            </Group>
            <Text size="sm" data-testid="sync-integration-kind">
              {t(i.last_sync_at ? 'integrations.syncIntegration.delta' : 'integrations.syncIntegration.full')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('integrations.syncIntegration.selection', {
                fields: i.fields.join(', ') || none,
                groups: i.groups.join(', ') || none,
              })}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {mapping}
            </Text>
            <Group gap="sm" wrap="wrap">
              <Button component={Link} to={`/sync-status?id=${i.id}&start=1`} data-testid="sync-integration-start">
                {t('integrations.syncStatus.start')}
              </Button>
              <Button component={Link} to={`/integration-settings?id=${i.id}`} variant="default">
                {t('integrations.edit')}
              </Button>
              <Button component={Link} to="/integration" variant="default">
                {t('integrations.syncStatus.back')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
