// /view-integration/:integId/:integName (spec 1 §3 "name, mapping, status, sync
// logs", §4): where a finished sync lands. Shows the status and schedule, the last run's
// counts, the log, and the people kept in step; deactivating turns off the automatic sync
// only (a manual sync still runs), reactivating turns it back on.
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../../domain/date-format';
import type { IntegrationWire, SyncRunWire } from '../../../../domain/integrations';
import { api } from '../../../api/client';
import { NeedsConnection } from '../../../ui/needs-connection';
import { PageTitle } from '../../../ui/page-title';
import { useIntegrationData, type LinkedPeopleWire, type LogWire } from '../hooks/use-integration-data';
import { useCustomTargets } from '../hooks/use-custom-targets';
import { PeopleTable } from './integration-rows-pages';
import { STATUS_COLOR } from './integrations-page';

type Status = { status_id: number | null; run: SyncRunWire | null };

export function ViewIntegrationPage() {
  const { t, i18n } = useTranslation();
  const { integId = '', integName = '' } = useParams();
  const integ = useIntegrationData<IntegrationWire>(`/integrations/${integId}`);
  const status = useIntegrationData<Status>(`/integrations/${integId}/sync-status`);
  const logs = useIntegrationData<LogWire[]>(`/integrations/${integId}/logs`);
  const people = useIntegrationData<LinkedPeopleWire>(`/integrations/${integId}/people`);
  // Every custom field of the company names the people's values (not only this user type's).
  const customTargets = useCustomTargets(null);
  const [busy, setBusy] = useState(false);
  const i = integ.data;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');

  async function toggle() {
    if (!i) return;
    setBusy(true);
    await api.post(`/integrations/${i.id}/${i.auto_sync ? 'deactivate' : 'activate'}`, {});
    setBusy(false);
    integ.reload();
  }

  const run = status.data?.run;
  const q = `?id=${integId}`;
  return (
    <Stack gap="md" data-testid="view-integration" data-loaded={i !== null} data-status={i?.status}>
      <PageTitle>{i?.name ?? decodeURIComponent(integName)}</PageTitle>
      {integ.offline && !i ? <NeedsConnection /> : null}
      {i ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group gap="sm" wrap="wrap">
              <Badge color={STATUS_COLOR[i.status]} variant="light" data-testid="integration-status">
                {t(`integrations.status.${i.status.replace(/ /g, '_')}`)}
              </Badge>
              <Text size="sm">{t(`integrations.kind.${i.kind}`)}</Text>
              <Text size="sm" c="dimmed">
                {t('integrations.view.schedule', {
                  frequency: t(`integrations.frequency.${i.frequency}`),
                  auto: t(i.auto_sync ? 'integrations.view.autoOn' : 'integrations.view.autoOff'),
                })}
              </Text>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Text size="sm">{t('integrations.view.lastSync', { at: when(i.last_sync_at) })}</Text>
              <Text size="sm">{t('integrations.view.nextSync', { at: i.auto_sync ? when(i.next_sync_at) : '—' })}</Text>
            </SimpleGrid>
            {run ? (
              <Text size="sm" data-testid="view-last-run">
                {t('integrations.log.finished', { ...run })}
              </Text>
            ) : null}
            {i.status === 'authentication failed' ? (
              <Alert color="red">{t('integrations.syncStatus.authFailed')}</Alert>
            ) : null}
            <Group gap="sm" wrap="wrap">
              <Button component={Link} to={`/sync-integration${q}`}>
                {t('integrations.syncStatus.start')}
              </Button>
              <Button component={Link} to={`/integration-settings${q}`} variant="light">
                {t('integrations.edit')}
              </Button>
              <Button variant="default" onClick={() => void toggle()} loading={busy} data-testid="integration-toggle">
                {t(i.auto_sync ? 'integrations.view.deactivate' : 'integrations.view.reactivate')}
              </Button>
              <Button component={Link} to={`/integration-duplicate${q}`} variant="default">
                {t('integrations.review.toDuplicates')}
              </Button>
              <Button component={Link} to={`/integration-error${q}`} variant="default">
                {t('integrations.review.toErrors')}
              </Button>
              <Button component={Link} to={`/attendance-codes/${i.id}/${encodeURIComponent(i.name)}`} variant="default">
                {t('integrationCodes.open')}
              </Button>
              <Button component={Link} to={`/write-back${q}`} variant="default">
                {t('integrationWriteBack.open')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      <Title order={2} size="h4">
        {t('integrations.view.logs')}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap={4}>
          {(logs.data ?? []).slice(0, 12).map((l) => (
            <Text key={l.id} size="sm" style={{ overflowWrap: 'anywhere' }} c={l.level === 'error' ? 'red' : undefined}>
              {when(l.at)} · {t(`integrations.log.${l.code}`, l.params)}
            </Text>
          ))}
          {logs.data?.length === 0 ? <Text c="dimmed">{t('integrations.view.noLogs')}</Text> : null}
        </Stack>
      </Paper>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          {t('integrations.view.people', { n: people.data?.total ?? 0 })}
        </Title>
        <Button component={Link} to={`/integration-valid${q}`} variant="subtle">
          {t('integrations.view.allPeople')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        <PeopleTable
          people={(people.data?.people ?? []).slice(0, 20)}
          fields={customTargets.data ?? []}
          loaded={people.data !== null}
        />
      </Paper>
    </Stack>
  );
}
