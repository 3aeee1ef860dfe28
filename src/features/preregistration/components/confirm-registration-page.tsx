// /confirm-registration/:id — the one-time link mailed to the person on file when a public
// registration named them (server visit-hold.ts). Confirming is a button, never the page load,
// so a mail scanner that opens the link confirms nothing.
import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { preApi } from '../hooks/pre-api';
import { PublicShell } from './public-shell';

type State =
  | { kind: 'ready' }
  | { kind: 'sending' }
  | { kind: 'done' }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string };

export function ConfirmRegistrationPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'ready' });

  async function confirm() {
    setState({ kind: 'sending' });
    const r = await preApi.confirmRegistration(i18n.language, id);
    if (r.ok) setState({ kind: 'done' });
    else if (r.status === 404 || r.status === 409) setState({ kind: 'invalid' });
    else setState({ kind: 'failed', message: r.body?.message ?? t('errors.generic') });
  }

  if (state.kind === 'done') {
    return (
      <PublicShell title={t('visitHold.confirmedTitle')}>
        <Alert color="teal" variant="light" data-testid="registration-confirmed">
          <Text>{t('visitHold.confirmed')}</Text>
        </Alert>
      </PublicShell>
    );
  }
  if (state.kind === 'invalid') {
    return (
      <PublicShell title={t('visitHold.invalidTitle')}>
        <Alert color="orange" variant="light" data-testid="registration-link-invalid">
          <Text>{t('visitHold.invalid')}</Text>
        </Alert>
      </PublicShell>
    );
  }
  return (
    <PublicShell title={t('visitHold.confirmTitle')}>
      <Stack gap="md">
        <Text>{t('visitHold.confirmBody')}</Text>
        {state.kind === 'failed' ? (
          <Alert color="red" variant="light">
            {state.message}
          </Alert>
        ) : null}
        <Button
          size="lg"
          onClick={() => void confirm()}
          loading={state.kind === 'sending'}
          data-testid="confirm-registration"
        >
          {t('visitHold.confirmButton')}
        </Button>
      </Stack>
    </PublicShell>
  );
}
