// /attendance-codes/:integId/:integName: which of the directory's attendance codes
// each Gatehouse outcome becomes — a mode's on time, late and early without a reason, and each
// reason (a reason left empty uses its mode's late or early code). The timesheet shows the mapped
// code and write-back sends it. Needs a connection, like all configuration.
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import {
  CODE_MAX,
  CODE_SITUATIONS,
  modeCodeKey,
  reasonCodeKey,
  type AttendanceCodesWire,
} from '../../../../domain/attendance-codes';
import { api } from '../../../api/client';
import { showFormError, showFormSuccess } from '../../../ui/form-toasts';
import { NeedsConnection } from '../../../ui/needs-connection';
import { PageTitle } from '../../../ui/page-title';
import { useIntegrationData } from '../hooks/use-integration-data';

export function AttendanceCodesPage() {
  const { t } = useTranslation();
  const { integId = '', integName = '' } = useParams();
  const name = decodeURIComponent(integName);
  const { data, offline } = useIntegrationData<AttendanceCodesWire>(`/integrations/${integId}/attendance-codes`);
  const [codes, setCodes] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setCodes(data.codes);
  }, [data]);

  async function save() {
    setBusy(true);
    const res = await api.request<{ data: AttendanceCodesWire }>('PUT', `/integrations/${integId}/attendance-codes`, {
      body: { codes },
    });
    setBusy(false);
    if (res.ok) {
      setError(null);
      setCodes(res.data.data.codes);
      return showFormSuccess(t('integrationCodes.saved'));
    }
    const message = t(Object.values(res.body?.errors ?? {})[0]?.[0] ?? 'errors.generic');
    setError(message);
    showFormError(message);
  }

  const input = (key: string, label: string, gatehouse: string | null) => (
    <TextInput
      key={key}
      label={label}
      description={gatehouse ? t('integrationCodes.gatehouseCode', { code: gatehouse }) : undefined}
      // The description goes under the box: only some inputs of a row have one, and the boxes of a
      // row must line up.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      placeholder={t('integrationCodes.unmapped')}
      value={codes[key] ?? ''}
      maxLength={CODE_MAX}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setCodes((c) => ({ ...c, [key]: value }));
      }}
      data-testid={`code-${key}`}
    />
  );

  return (
    <Stack gap="md" data-testid="attendance-codes" data-loaded={data !== null}>
      <PageTitle>{t('integrationCodes.title', { name })}</PageTitle>
      <Text c="dimmed">{t('integrationCodes.hint')}</Text>
      {offline && !data ? <NeedsConnection /> : null}
      {data && data.modes.length === 0 ? <Alert color="yellow">{t('integrationCodes.noModes')}</Alert> : null}
      {(data?.modes ?? []).map((m) => (
        <Paper key={m.id} withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {m.name}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {CODE_SITUATIONS.map((s) =>
                input(
                  modeCodeKey(m.id, s),
                  t(`integrationCodes.situation.${s}`),
                  s === 'on_time' ? m.attendanceCode : null,
                ),
              )}
            </SimpleGrid>
            {m.reasons.length ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {m.reasons.map((r) =>
                  input(
                    reasonCodeKey(r.id),
                    t(`integrationCodes.reason.${r.type}`, { name: r.name }),
                    r.attendanceCode,
                  ),
                )}
              </SimpleGrid>
            ) : null}
          </Stack>
        </Paper>
      ))}
      {error ? (
        <Alert color="red" data-testid="codes-error">
          {error}
        </Alert>
      ) : null}
      <Group gap="sm" wrap="wrap">
        <Button onClick={() => void save()} loading={busy} disabled={!data} data-testid="codes-save">
          {t('integrationCodes.save')}
        </Button>
        <Button component={Link} to={`/write-back?id=${integId}`} variant="light">
          {t('integrationWriteBack.open')}
        </Button>
        <Button component={Link} to={`/view-integration/${integId}/${encodeURIComponent(name)}`} variant="default">
          {t('integrationCodes.back')}
        </Button>
      </Group>
    </Stack>
  );
}
