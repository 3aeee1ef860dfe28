// /passport: the passport account entry. No external passport service is configured yet, so
// the page says what it will do instead of pretending.
import { Alert, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useStoredUser } from '../../../api/session';
import { homeFor } from '../../../../domain/guards';
import { PageTitle } from '../../../ui/page-title';

export function PassportPage() {
  const { t } = useTranslation();
  const stored = useStoredUser();
  const [params] = useSearchParams();
  const forwarded = ['journey', 'add_visitor'].filter((key) => params.has(key));
  // Spec 2 §4: 'Security Policy Updated' sends here with force_otp=1; two-step lives on /two-step (issue 19).
  if (stored && params.get('force_otp') === '1') return <Navigate to="/two-step?force_otp=1" replace />;

  return (
    <Container size="sm" py={stored ? 0 : 'xl'} px={stored ? 0 : 'md'}>
      <Stack gap="md">
        <PageTitle>{t('routes.passport')}</PageTitle>
        <Paper withBorder radius="md" p="lg" data-testid="passport-info">
          <Stack gap="sm">
            <Text>{t('passport.explain')}</Text>
            <Alert color="blue" variant="light">
              {t('passport.notConfigured')}
            </Alert>
            {forwarded.length ? (
              <Text size="sm" c="dimmed">
                {t('passport.willForward', { params: forwarded.join(', ') })}
              </Text>
            ) : null}
            <Group>
              {stored ? (
                <Button component={Link} to="/two-step" data-testid="passport-two-step">
                  {t('routes.twoStep')}
                </Button>
              ) : null}
              <Button
                component={Link}
                to={stored ? homeFor(stored.data.user.entity.package) : '/login'}
                variant="default"
              >
                {stored ? t('errorPages.backHome') : t('errorPages.toLogin')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
