// /logout: warns first when this device holds changes the server has not confirmed (they are
// kept for the next login), then tells the server (best effort), clears the session, and goes
// to /login.
import { useEffect, useState } from 'react';
import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { logout } from '../../../api/auth';
import { clearStoredUser } from '../../../api/session';
import { clearLocalData, pendingCount } from '../../../db/session-store';
import { useWithDb } from '../../../db/db-context';
import { PageLoader } from '../../../ui/page-loader';

export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const withDb = useWithDb();
  const [pending, setPending] = useState<number | null>(null);
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    void pendingCount(withDb)
      .catch(() => 0)
      .then(setPending);
  }, [withDb]);

  const go = pending === 0 || confirmed;
  useEffect(() => {
    if (!go) return;
    let cancelled = false;
    (async () => {
      await logout(api).catch(() => undefined);
      clearStoredUser();
      await clearLocalData(withDb).catch((error: unknown) =>
        console.warn('gatehouse: could not clear local data', error),
      );
      if (!cancelled) navigate('/login', { replace: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [go, navigate, withDb]);

  if (pending === null || go) return <PageLoader />;
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder radius="md" p="xl" maw={480} data-testid="logout-pending">
        <Stack>
          <Title order={1} size="h3">
            {t('sync.logoutPendingTitle')}
          </Title>
          <Text>{t('sync.logoutPending', { count: pending })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(-1)}>
              {t('sync.stayLoggedIn')}
            </Button>
            <Button color="orange" onClick={() => setConfirmed(true)} data-testid="logout-anyway">
              {t('sync.logoutAnyway')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
