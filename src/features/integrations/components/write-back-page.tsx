// /write-back: what an integration writes back to its directory — the register marks
// (a mark per person, day and session with the mapped attendance code, optionally the reason as
// its comment) — how many were sent, the last run and its error, and "write back now". The
// integration comes as ?id=; without one the admin picks it. Directories that take no
// write-back say so instead of offering switches.
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { AttendanceCodesWire, WriteBackWire } from '../../../../domain/attendance-codes';
import { formatDateTime } from '../../../../domain/date-format';
import type { IntegrationWire } from '../../../../domain/integrations';
import { api } from '../../../api/client';
import { showFormError, showFormSuccess } from '../../../ui/form-toasts';
import { NeedsConnection } from '../../../ui/needs-connection';
import { PageTitle } from '../../../ui/page-title';
import { useIntegrationData } from '../hooks/use-integration-data';

export function WriteBackPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? '';
  const list = useIntegrationData<IntegrationWire[]>('/integrations');
  const state = useIntegrationData<WriteBackWire>(id ? `/integrations/${id}/write-back` : null);
  const codes = useIntegrationData<AttendanceCodesWire>(id ? `/integrations/${id}/attendance-codes` : null);
  const [form, setForm] = useState({ attendance: false, comments: false });
  const [busy, setBusy] = useState<'save' | 'run' | null>(null);
  const w = state.data;
  useEffect(() => {
    if (w) setForm({ attendance: w.attendance, comments: w.comments });
  }, [w]);
  const integ = list.data?.find((i) => i.id === id);
  const mapped = codes.data ? Object.keys(codes.data.codes).length : 0;

  async function save() {
    setBusy('save');
    const res = await api.request<{ data: WriteBackWire }>('PUT', `/integrations/${id}/write-back`, { body: form });
    setBusy(null);
    if (!res.ok) return showFormError(t('errors.generic'));
    showFormSuccess(t('integrationWriteBack.saved'));
    state.reload();
  }
  async function runNow() {
    setBusy('run');
    const res = await api.post<{ data: WriteBackWire & { sentNow: number } }>(`/integrations/${id}/write-back/run`, {});
    setBusy(null);
    if (!res.ok) return showFormError(t('errors.generic'));
    if (!res.data.data.lastError) showFormSuccess(t('integrationWriteBack.ranNow', { n: res.data.data.sentNow }));
    state.reload();
  }

  return (
    <Stack gap="md" data-testid="write-back" data-loaded={!id || w !== null}>
      <PageTitle>{t('integrationWriteBack.title')}</PageTitle>
      <Text c="dimmed">{t('integrationWriteBack.hint')}</Text>
      {list.offline && !list.data ? <NeedsConnection /> : null}
      <Select
        label={t('integrationWriteBack.integration')}
        placeholder={t('integrationWriteBack.choose')}
        data={(list.data ?? []).map((i) => ({ value: i.id, label: `${i.name} · ${t(`integrations.kind.${i.kind}`)}` }))}
        value={id || null}
        onChange={(v) => v && navigate(`/write-back?id=${v}`, { replace: true })}
        maw={480}
        data-testid="write-back-integration"
      />
      {w && !w.supported ? (
        <Alert color="gray" data-testid="write-back-unsupported">
          {t('integrationWriteBack.unsupported')}
        </Alert>
      ) : null}
      {w?.supported ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Switch
              label={t('integrationWriteBack.attendance')}
              description={t('integrationWriteBack.attendanceHint')}
              checked={form.attendance}
              onChange={(e) => {
                // Read now: React clears currentTarget before the updater runs.
                const on = e.currentTarget.checked;
                setForm((f) => ({ ...f, attendance: on }));
              }}
              data-testid="write-back-attendance"
            />
            <Switch
              label={t('integrationWriteBack.comments')}
              description={t('integrationWriteBack.commentsHint')}
              checked={form.comments}
              disabled={!form.attendance}
              onChange={(e) => {
                // Read now: React clears currentTarget before the updater runs.
                const on = e.currentTarget.checked;
                setForm((f) => ({ ...f, comments: on }));
              }}
              data-testid="write-back-comments"
            />
            {codes.data && mapped === 0 ? (
              <Alert color="yellow" data-testid="write-back-no-codes">
                {t('integrationWriteBack.noCodes')}
              </Alert>
            ) : null}
            <Group gap="sm" wrap="wrap">
              <Button onClick={() => void save()} loading={busy === 'save'} data-testid="write-back-save">
                {t('integrationWriteBack.save')}
              </Button>
              <Button
                variant="light"
                onClick={() => void runNow()}
                loading={busy === 'run'}
                disabled={!w.attendance}
                data-testid="write-back-run"
              >
                {t('integrationWriteBack.run')}
              </Button>
              {integ ? (
                <Button
                  component={Link}
                  to={`/attendance-codes/${id}/${encodeURIComponent(integ.name)}`}
                  variant="default"
                >
                  {t('integrationCodes.open')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {w ? (
        <Paper withBorder radius="md" p="md" data-testid="write-back-progress">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Text size="sm">{t('integrationWriteBack.sent', { n: w.sent })}</Text>
            <Text size="sm">{t('integrationWriteBack.pending', { n: w.pending })}</Text>
            <Text size="sm">
              {t('integrationWriteBack.lastRun', {
                at: w.lastRunAt ? formatDateTime(w.lastRunAt, i18n.language) : '—',
              })}
            </Text>
          </SimpleGrid>
          {w.lastError ? (
            <Alert color="red" mt="sm" style={{ overflowWrap: 'anywhere' }} data-testid="write-back-error">
              {t('integrationWriteBack.lastError', { message: w.lastError })}
            </Alert>
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  );
}
