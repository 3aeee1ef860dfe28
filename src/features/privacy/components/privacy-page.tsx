// /privacy-manager: data and scans retention in days (version-checked on save), and when the
// retention job last ran with what it removed, per kind, plus the runs before it.
import { useCallback, useEffect, useState } from 'react';
import { Button, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../../domain/date-format';
import { messageOf } from '../../../../domain/errors';
import { RETENTION_KINDS, RETENTION_MAX_DAYS, type RetentionCounts } from '../../../../domain/retention';
import { api } from '../../../api/client';
import { useDeviceCopy } from '../../../api/device-copy';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { OfflineNotice } from '../../../ui/offline-notice';
import { refuseOfflineSave } from '../../../ui/offline-save';
import { showFormError, showFormSuccess } from '../../../ui/form-toasts';
import { PageLoader } from '../../../ui/page-loader';
import { PageTitle } from '../../../ui/page-title';

interface Run {
  id: string;
  ran_at: number;
  data_cutoff: number;
  scans_cutoff: number;
  removed: RetentionCounts;
}
interface Privacy {
  data_retention_days: number;
  scans_retention_days: number;
  version: number;
  last_run: Run | null;
  runs: Run[];
}
type Days = number | string;

const total = (r: RetentionCounts) => Object.values(r).reduce((a, b) => a + b, 0);

export function PrivacyPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const fail = useFailureHandler();
  const [page, setPage] = useState<Privacy | null>(null);
  const [failed, setFailed] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const [fresh, setFresh] = useState<Privacy | null>(null);
  // Offline: the settings as this device last loaded them, with their age.
  const copy = useDeviceCopy('privacy', fresh);
  const [data, setData] = useState<Days>('');
  const [scans, setScans] = useState<Days>('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const show = useCallback((p: Privacy) => {
    setPage(p);
    setData(p.data_retention_days);
    setScans(p.scans_retention_days);
  }, []);
  const load = useCallback(() => {
    void api.get<{ data: Privacy }>('/privacy').then((res) => {
      setUnreachable(!res.ok && res.status === 0);
      setFailed(!res.ok && res.status !== 0);
      if (res.ok) {
        setFresh(res.data.data);
        show(res.data.data);
      }
    });
  }, [show]);
  useEffect(load, [load]);
  useEffect(() => {
    if (unreachable && !page && copy) show(copy.data);
  }, [unreachable, page, copy, show]);

  async function save() {
    if (!page) return;
    if (refuseOfflineSave(t)) return;
    setBusy(true);
    const res = await api.request<{ data: Privacy }>('PUT', '/privacy', {
      body: {
        data_retention_days: data === '' ? null : data,
        scans_retention_days: scans === '' ? null : scans,
        version: page.version,
      },
    });
    setBusy(false);
    if (res.ok) {
      setErrors({});
      show(res.data.data);
      return showFormSuccess(t('privacy.saved'));
    }
    if (res.status === 400 || res.status === 409) {
      setErrors(res.body?.errors ?? {});
      return showFormError(messageOf(res.body) ?? t('errors.generic'));
    }
    fail(res);
  }

  if (failed && !page)
    return (
      <Group justify="space-between">
        <Text c="dimmed">{t('privacy.loadFailed')}</Text>
        <Button variant="light" onClick={load}>
          {t('privacy.retry')}
        </Button>
      </Group>
    );
  if (!page) return unreachable ? <OfflineNotice kind="server" force /> : <PageLoader />;
  const last = page.last_run;
  return (
    <Stack gap="md" maw={900}>
      <PageTitle>{t('privacy.title')}</PageTitle>
      {unreachable ? <OfflineNotice force asOf={copy?.savedAt ?? null} /> : null}
      <Text c="dimmed">{t('privacy.intro')}</Text>
      <Paper withBorder radius="md" p="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          noValidate
        >
          <Stack gap="md">
            <Group grow align="flex-start" wrap="wrap">
              <DaysInput
                label={t('privacy.dataDays')}
                description={t('privacy.dataHint')}
                value={data}
                onChange={(v) => {
                  setData(v);
                  setErrors(({ data_retention_days: _gone, ...rest }) => rest);
                }}
                error={errors.data_retention_days?.[0]}
                testId="privacy-data-days"
              />
              <DaysInput
                label={t('privacy.scansDays')}
                description={t('privacy.scansHint')}
                value={scans}
                onChange={(v) => {
                  setScans(v);
                  setErrors(({ scans_retention_days: _gone, ...rest }) => rest);
                }}
                error={errors.scans_retention_days?.[0]}
                testId="privacy-scans-days"
              />
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={busy} data-testid="privacy-save">
                {t('privacy.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Paper withBorder radius="md" p="lg" data-testid="privacy-last-run">
        <Title order={2} size="h4" mb="sm">
          {t('privacy.lastRun')}
        </Title>
        {!last ? (
          <Text c="dimmed">{t('privacy.never')}</Text>
        ) : (
          <Stack gap="xs">
            <Text fw={600} data-testid="privacy-ran-at">
              {t('privacy.ranAt', { time: formatDateTime(last.ran_at, lang) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('privacy.cutoffs', {
                data: formatDate(last.data_cutoff, lang),
                scans: formatDate(last.scans_cutoff, lang),
              })}
            </Text>
            {total(last.removed) === 0 ? (
              <Text>{t('privacy.removedNothing')}</Text>
            ) : (
              <Table striped maw={520} data-testid="privacy-removed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('privacy.kind')}</Table.Th>
                    <Table.Th>{t('privacy.count')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {RETENTION_KINDS.filter((k) => last.removed[k] > 0).map((k) => (
                    <Table.Tr key={k}>
                      <Table.Td>{t(`privacy.kinds.${k}`)}</Table.Td>
                      <Table.Td>{last.removed[k].toLocaleString(lang)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        )}
      </Paper>
      {page.runs.length > 1 ? (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            {t('privacy.history')}
          </Title>
          <Stack gap={4}>
            {page.runs.slice(1).map((r) => (
              <Text key={r.id} size="sm">
                {formatDateTime(r.ran_at, lang)} · {t('privacy.total', { count: total(r.removed) })}
              </Text>
            ))}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

/** A retention period in whole days, 1 to RETENTION_MAX_DAYS (out of range is the form's error). */
function DaysInput(props: {
  label: string;
  description: string;
  value: string | number;
  onChange: (value: string | number) => void;
  error: string | undefined;
  testId: string;
}) {
  return (
    <NumberInput
      label={props.label}
      description={props.description}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      min={1}
      max={RETENTION_MAX_DAYS}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      required
      data-testid={props.testId}
    />
  );
}
