// /error (401), /otp-error and /404: open with or without a login, with a way back.
import { Button, Center, Paper, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { homeFor } from '../../../../domain/guards';
import { useStoredUser } from '../../../api/session';
import { PageTitle } from '../../../ui/page-title';

const COPY: Record<string, { title: string; body: string }> = {
  '/error': { title: 'routes.error', body: 'errorPages.unauthorized' },
  '/otp-error': { title: 'routes.otpError', body: 'errorPages.otp' },
  '/404': { title: 'routes.notFound', body: 'errorPages.notFound' },
};

export function ErrorPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const stored = useStoredUser();
  const copy = COPY[pathname.toLowerCase()] ?? COPY['/404']!;
  const home = stored ? homeFor(stored.data.user.entity.package) : '/login';

  return (
    <Center mih="80vh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%">
        <Stack align="center" ta="center" gap="sm">
          <img src="/logo.svg" alt="" width={48} height={48} />
          <PageTitle>{t(copy.title)}</PageTitle>
          <Text c="dimmed">{t(copy.body)}</Text>
          {stored && copy === COPY['/otp-error'] ? (
            // The way out of /otp-error is enrolment.
            <Button component={Link} to="/two-step?force_otp=1" mt="sm" size="md" data-testid="otp-enrol-link">
              {t('twoStep.setUp')}
            </Button>
          ) : null}
          <Button
            component={Link}
            to={home}
            mt="sm"
            variant={copy === COPY['/otp-error'] && stored ? 'default' : undefined}
            data-testid="error-home-link"
          >
            {stored ? t('errorPages.backHome') : t('errorPages.toLogin')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
