// /sync-status (spec 1 §4): starts a sync after the spec's 2–3 s delay, polls the
// run's status id (every 5 s for a first sync, 3 s for a later one, 1 s while people are being
// written) and shows processing, done, failed with Retry, or authentication failed. A sync it
// watched finish sends the admin on: duplicates, else failed rows, else the view page.
import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { pollInterval, syncPhase, type IntegrationWire, type SyncRunWire } from '../../../../domain/integrations';
import { api } from '../../../api/client';
import { PageTitle } from '../../../ui/page-title';
import { afterSyncPath, useIntegrationData } from '../hooks/use-integration-data';

const START_DELAY_MS = 2500;
type Status = { status_id: number | null; integration_status: string; run: SyncRunWire | null };

export function SyncStatusPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  // From /sync-integration: start as soon as the page knows nothing is running already.
  const autoStart = params.get('start') === '1';
  const autoStarted = useRef(false);
  const [status, setStatus] = useState<Status | null>(null);
  const [starting, setStarting] = useState(false);
  const [offline, setOffline] = useState(false);
  // No id, or one the server does not know (another company's too): say so, not "needs a connection".
  const [missing, setMissing] = useState(!id);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Set once this page has seen the run working, so only a sync watched here moves on by itself.
  const watched = useRef(false);
  const navigate = useNavigate();
  const integ = useIntegrationData<IntegrationWire>(id ? `/integrations/${id}` : null).data;

  const poll = useCallback(async () => {
    if (!id) return;
    const res = await api.get<{ data: Status }>(`/integrations/${id}/sync-status`);
    if (!res.ok && (res.status === 404 || res.status === 400)) return setMissing(true);
    if (!res.ok) return setOffline(true);
    setOffline(false);
    const s = res.data.data;
    setStatus(s);
    if (s.status_id !== null && syncPhase(s.status_id) === 'processing') {
      watched.current = true;
      timer.current = setTimeout(() => void poll(), pollInterval(s.status_id, s.run?.full ?? true));
    }
  }, [id]);

  const finished = status?.status_id != null && syncPhase(status.status_id) === 'done';
  useEffect(() => {
    if (finished && watched.current && integ) void navigate(afterSyncPath(integ, status?.run));
  }, [finished, integ, navigate, status?.run]);

  useEffect(() => {
    void poll();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [poll]);

  function start() {
    watched.current = true;
    setStarting(true);
    timer.current = setTimeout(() => {
      void api.post(`/integrations/${id}/sync`, {}).then(() => {
        setStarting(false);
        void poll();
      });
    }, START_DELAY_MS);
  }

  const phase = status?.status_id === null || !status ? null : syncPhase(status.status_id);
  useEffect(() => {
    if (!autoStart || autoStarted.current || !status || phase === 'processing') return;
    autoStarted.current = true;
    start();
  });
  const run = status?.run;
  return (
    <Stack gap="md" data-testid="sync-status" data-phase={starting ? 'starting' : (phase ?? 'idle')}>
      <PageTitle>{t('integrations.syncStatus.title')}</PageTitle>
      {missing ? (
        <Alert color="gray" data-testid="sync-status-not-found">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('integrationScreens.notFound')}</Text>
            <Button component={Link} to="/integration" variant="light" size="xs">
              {t('integrationScreens.toList')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {offline && !missing ? <Alert color="yellow">{t('integrations.needsConnection')}</Alert> : null}
      <Paper withBorder radius="md" p="md" display={missing ? 'none' : undefined}>
        <Stack gap="sm">
          {starting || phase === 'processing' ? (
            <Group gap="sm">
              <Loader size="sm" />
              <Text>{t(starting ? 'integrations.syncStatus.starting' : 'integrations.syncStatus.processing')}</Text>
            </Group>
          ) : null}
          {phase === 'done' ? (
            <Alert color={status?.status_id === 15 ? 'yellow' : 'teal'} data-testid="sync-done">
              {t(
                status?.status_id === 15
                  ? 'integrations.syncStatus.doneWithDuplicates'
                  : 'integrations.syncStatus.done',
              )}
            </Alert>
          ) : null}
          {phase === 'failed' || phase === 'retry-migration' ? (
            <Alert color="red">
              {t(`integrations.syncStatus.${phase === 'failed' ? 'failed' : 'migrationFailed'}`)}
            </Alert>
          ) : null}
          {phase === 'auth-failed' ? <Alert color="red">{t('integrations.syncStatus.authFailed')}</Alert> : null}
          {run ? (
            <SimpleGrid cols={{ base: 2, sm: 5 }}>
              {(['created', 'updated', 'archived', 'duplicates', 'errors'] as const).map((k) => (
                <Stack key={k} gap={0}>
                  <Text size="sm" c="dimmed">
                    {t(`integrations.syncStatus.${k}`)}
                  </Text>
                  <Text fw={600} data-testid={`sync-${k}`}>
                    {run[k]}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          ) : null}
          {run?.message && phase !== 'processing' ? (
            <Text size="sm" c="dimmed">
              {run.message}
            </Text>
          ) : null}
          {status ? (
            <Badge variant="light" w="fit-content">
              {status.status_id === null
                ? t('integrationScreens.neverSynced')
                : t('integrations.syncStatus.statusId', { id: status.status_id })}
            </Badge>
          ) : null}
          <Group gap="sm" wrap="wrap">
            {phase === null && !starting ? (
              <Button onClick={start} data-testid="sync-start">
                {t('integrations.syncStatus.start')}
              </Button>
            ) : null}
            {phase === 'done' && !starting ? (
              <Button variant="light" onClick={start}>
                {t('integrations.syncStatus.again')}
              </Button>
            ) : null}
            {(phase === 'failed' || phase === 'retry-migration') && !starting ? (
              <Button color="red" onClick={start} data-testid="sync-retry">
                {t('integrations.syncStatus.retry')}
              </Button>
            ) : null}
            {phase === 'auth-failed' ? (
              <Button component={Link} to={`/integration-settings?id=${id}`}>
                {t('integrations.syncStatus.reauthenticate')}
              </Button>
            ) : null}
            {phase === 'done' && integ ? (
              <Button variant="default" component={Link} to={afterSyncPath(integ, run)} data-testid="sync-continue">
                {t('integrations.syncStatus.continue')}
              </Button>
            ) : null}
            <Button variant="default" component={Link} to="/integration">
              {t('integrations.syncStatus.back')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
