// /passport: the passport account entry. No external passport service is configured yet, so
// the page says what it will do instead of pretending.
import { Alert, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useStoredUser } from '../../../api/session';
import { homeFor } from '../../../../domain/guards';
import { PageTitle } from '../../../ui/page-title';

export function PassportPage() {
  const { t } = useTranslation();
  const stored = useStoredUser();
  const [params] = useSearchParams();
  const forwarded = ['journey', 'add_visitor'].filter((key) => params.has(key));

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
