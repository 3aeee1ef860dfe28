// /two-step: the person's own two-step authentication. Off: why it matters (and that
// the company requires it, after /otp-error or the 'Security Policy Updated' modal with
// force_otp=1), then enrolment. Just on: the ten recovery codes, once. On: switch it off with a code.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { readStoredUser, writeStoredUser } from '../../../api/session';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { PageTitle } from '../../../ui/page-title';
import { PageLoader } from '../../../ui/page-loader';
import { twoStepState, type TwoStepState } from '../hooks/two-step-api';
import { DisableForm } from './disable-form';
import { EnrolPanel } from './enrol-panel';

/** The stored login follows the server, so the live pop-ups judge with the current flag. */
function rememberEnabled(on: boolean) {
  const stored = readStoredUser();
  if (stored && stored.data.user.is_otp_enabled !== on)
    writeStoredUser({ data: { ...stored.data, user: { ...stored.data.user, is_otp_enabled: on } } });
}

export function TwoStepPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const handleFailure = useFailureHandler();
  const [state, setState] = useState<TwoStepState | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const load = useCallback(async () => {
    const res = await twoStepState();
    if (res.ok) {
      setState(res.data.data);
      rememberEnabled(res.data.data.enabled);
    } else handleFailure(res);
  }, [handleFailure]);
  useEffect(() => {
    void load();
  }, [load]);

  if (!state) return <PageLoader />;
  const forced = params.get('force_otp') === '1' || state.must_enrol;
  return (
    <Container size="sm" px={0}>
      <Stack gap="md">
        <PageTitle>{t('routes.twoStep')}</PageTitle>
        <Paper withBorder radius="md" p="lg" data-testid="two-step-panel">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} size="h4">
                {t('twoStep.heading')}
              </Title>
              <Badge color={state.enabled ? 'green' : 'gray'} size="lg" data-testid="two-step-status">
                {t(state.enabled ? 'twoStep.on' : 'twoStep.off')}
              </Badge>
            </Group>
            <Text c="dimmed">{t('twoStep.explain')}</Text>
            {codes ? (
              <Alert color="yellow" variant="light" title={t('twoStep.recoveryTitle')} data-testid="recovery-codes">
                <Text size="sm" mb="xs">
                  {t('twoStep.recoveryOnce')}
                </Text>
                <List spacing={4} dir="ltr" ff="monospace">
                  {codes.map((c) => (
                    <List.Item key={c}>{c}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            {!state.enabled && forced ? (
              <Alert color="orange" variant="light" data-testid="two-step-required">
                {t('twoStep.required')}
              </Alert>
            ) : null}
            {state.enabled ? (
              <>
                <Text size="sm">{t('twoStep.recoveryLeft', { count: state.recovery_left })}</Text>
                {state.required ? (
                  <Text size="sm" c="dimmed">
                    {t('twoStep.cannotDisable')}
                  </Text>
                ) : (
                  <DisableForm
                    onDone={() => {
                      setCodes(null);
                      void load();
                    }}
                  />
                )}
              </>
            ) : (
              <EnrolPanel
                onDone={(recovery) => {
                  setCodes(recovery);
                  void load();
                }}
              />
            )}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
