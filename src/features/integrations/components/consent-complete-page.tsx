// /googleAD/auth/:accessToken/:refreshToken/:encryptedEmail (spec 1 §2) and Microsoft's
// /azureAD/auth/…: where the browser lands after consent. The segments are sealed by the server
// (nothing readable in the address); posting them back under the admin's login stores the
// tokens on the integration, which then opens its sync page.
import { Alert, Button, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../../api/client';
import { PageTitle } from '../../../ui/page-title';

type Done = { id: string; name: string; kind: string; account: string };

export function ConsentCompletePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const microsoft = useLocation().pathname.startsWith('/azureAD/');
  const { accessToken = '', refreshToken = '', encryptedEmail = '' } = useParams();
  const [state, setState] = useState<'saving' | 'failed' | 'offline'>('saving');
  const sent = useRef(false);

  useEffect(() => {
    // Once: the hand-off is stored once, and React's development double effect must not repeat it.
    if (sent.current) return;
    sent.current = true;
    void api
      .post<{ data: Done }>('/integrations/oauth/complete', {
        access_token: accessToken,
        refresh_token: refreshToken,
        encrypted_email: encryptedEmail,
      })
      .then((res) => {
        if (res.ok) return navigate(`/sync-integration?id=${res.data.data.id}&connected=1`, { replace: true });
        setState(res.status === 0 ? 'offline' : 'failed');
      });
  }, [accessToken, refreshToken, encryptedEmail, navigate]);

  return (
    <Stack gap="md" data-testid="consent-complete" data-state={state}>
      <PageTitle>{t(microsoft ? 'routes.azureAdAuth' : 'routes.googleAdAuth')}</PageTitle>
      <Paper withBorder radius="md" p="md">
        {state === 'saving' ? (
          <Stack align="center" gap="sm">
            <Loader size="sm" />
            <Text>{t('integrationSettings.consent.saving')}</Text>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Alert color={state === 'offline' ? 'yellow' : 'red'}>
              {t(state === 'offline' ? 'integrations.needsConnection' : 'integrationSettings.consent.failed')}
            </Alert>
            <Button component={Link} to="/integration" variant="default" w="fit-content">
              {t('integrations.syncStatus.back')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
