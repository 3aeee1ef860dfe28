// /sync-status (spec 1 §4): starts a sync after the spec's 2–3 s delay, polls the
// run's status id (every 5 s for a first sync, 3 s for a later one, 1 s while people are being
// written) and shows processing, done, failed with Retry, or authentication failed. A sync it
// watched finish sends the admin on: duplicates, else failed rows, else the view page.
import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { pollInterval, syncPhase, type IntegrationWire, type SyncRunWire } from '../../../../domain/integrations';
import { api } from '../../../api/client';
import { PageTitle } from '../../../ui/page-title';
import { afterSyncPath, useIntegrationData } from '../hooks/use-integration-data';
import {
  idleWatch,
  syncWatch,
  waitingForRun,
  watchedRunFinished,
  type SyncStatusWire,
  type SyncWatchEvent,
} from '../hooks/sync-watch';

const START_DELAY_MS = 2500;
const RETRY_MS = 2000;

export function SyncStatusPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  // Another id is another integration: nothing watched or shown for the last one carries over.
  return <SyncStatus key={id} id={id} autoStart={params.get('start') === '1'} />;
}

/** `autoStart`: from /sync-integration, start as soon as the page knows nothing is running already. */
function SyncStatus({ id, autoStart }: { id: string; autoStart: boolean }) {
  const { t } = useTranslation();
  const autoStarted = useRef(false);
  const [status, setStatus] = useState<SyncStatusWire | null>(null);
  const [watch, dispatchWatch] = useReducer(syncWatch, idleWatch);
  // The poll reads the watch between renders, so it keeps its own copy, moved by the same reducer.
  const watchNow = useRef(idleWatch);
  const dispatch = useCallback((event: SyncWatchEvent) => {
    watchNow.current = syncWatch(watchNow.current, event);
    dispatchWatch(event);
  }, []);
  const [offline, setOffline] = useState(false);
  // No id, or one the server does not know (another company's too): say so, not "needs a connection".
  // Without an id that holds offline too; an unknown id is only known once the server answers.
  const [missing, setMissing] = useState(!id);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const navigate = useNavigate();
  const integration = useIntegrationData<IntegrationWire>(id ? `/integrations/${id}` : null);
  const integ = integration.data;

  const poll = useCallback(async () => {
    if (!id) return;
    const res = await api.get<{ data: SyncStatusWire }>(`/integrations/${id}/sync-status`);
    if (!res.ok && (res.status === 404 || res.status === 400)) return setMissing(true);
    if (!res.ok) {
      setOffline(true);
      // A run this page started is still awaited through a dropped answer: ask again.
      if (waitingForRun(watchNow.current, null)) timer.current = setTimeout(() => void poll(), RETRY_MS);
      return;
    }
    setOffline(false);
    const s = res.data.data;
    setStatus(s);
    dispatch({ type: 'status', status: s });
    if (s.status_id !== null && syncPhase(s.status_id) === 'processing')
      timer.current = setTimeout(() => void poll(), pollInterval(s.status_id, s.run?.full ?? true));
    else if (waitingForRun(watchNow.current, s)) timer.current = setTimeout(() => void poll(), RETRY_MS);
  }, [id, dispatch]);

  const leave = watchedRunFinished(watch, status);
  useEffect(() => {
    if (leave && integ) void navigate(afterSyncPath(integ, status?.run));
  }, [leave, integ, navigate, status?.run]);
  // Where to go next needs the integration: if its answer was lost, ask for it again.
  const { offline: integOffline, reload: reloadInteg } = integration;
  useEffect(() => {
    if (!leave || integ || !integOffline) return;
    const again = setInterval(reloadInteg, RETRY_MS);
    return () => clearInterval(again);
  }, [leave, integ, integOffline, reloadInteg]);

  useEffect(() => {
    void poll();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [poll]);

  function start() {
    dispatch({ type: 'start' });
    timer.current = setTimeout(() => {
      void api.post<{ data: SyncRunWire }>(`/integrations/${id}/sync`, {}).then((res) => {
        dispatch({ type: 'answered', run: res.ok ? res.data.data : null });
        if (!res.ok && (res.status === 404 || res.status === 400)) return setMissing(true);
        void poll();
      });
    }, START_DELAY_MS);
  }

  // Until the new run shows, the previous run's outcome is not this sync's: only "Starting" is said.
  const starting = watch.starting;
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
          {phase === 'done' && !starting ? (
            <Alert color={status?.status_id === 15 ? 'yellow' : 'teal'} data-testid="sync-done">
              {t(
                status?.status_id === 15
                  ? 'integrations.syncStatus.doneWithDuplicates'
                  : 'integrations.syncStatus.done',
              )}
            </Alert>
          ) : null}
          {(phase === 'failed' || phase === 'retry-migration') && !starting ? (
            <Alert color="red">
              {t(`integrations.syncStatus.${phase === 'failed' ? 'failed' : 'migrationFailed'}`)}
            </Alert>
          ) : null}
          {phase === 'auth-failed' && !starting ? (
            <Alert color="red">{t('integrations.syncStatus.authFailed')}</Alert>
          ) : null}
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
          {run?.message && phase !== 'processing' && !starting ? (
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
