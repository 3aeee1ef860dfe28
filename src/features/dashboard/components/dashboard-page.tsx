// The dashboard for now: a real welcome with the company and the user's role, and an honest
// note that the live logbook is still being built.
import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useOutletContext } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useStoredUser } from '../../../api/session';
import { PageTitle } from '../../../ui/page-title';
import { QuickSignIn } from './quick-sign-in';

export function DashboardPage() {
  const { t } = useTranslation();
  const stored = useStoredUser();
  const context = useOutletContext<{ noAccess?: boolean } | undefined>();
  if (!stored) return null;
  const user = stored.data.user;

  return (
    <Stack gap="md">
      <PageTitle>{t('dashboard.welcome', { name: user.fullName })}</PageTitle>
      {context?.noAccess ? (
        <Alert color="yellow" data-testid="dashboard-no-access">{t('dashboard.noAccess')}</Alert>
      ) : null}
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Group gap="xs">
            <Text c="dimmed" size="sm">{t('dashboard.company')}</Text>
            <Text fw={600} data-testid="dashboard-company">{user.entity.name}</Text>
            {user.entity.package ? <Badge variant="light">{user.entity.package}</Badge> : null}
          </Group>
          <Group gap="xs">
            <Text c="dimmed" size="sm">{t('dashboard.role')}</Text>
            <Text fw={600} data-testid="dashboard-role">{t(`roles.${user.role.name}`, { defaultValue: user.role.name })}</Text>
          </Group>
        </Stack>
      </Paper>
      {context?.noAccess ? null : <QuickSignIn />}
      <Paper withBorder radius="md" p="lg" data-testid="coming-soon">
        <Text fw={600}>{t('dashboard.logbookTitle')}</Text>
        <Text c="dimmed" size="sm" mt={4}>{t('dashboard.logbookSoon')}</Text>
      </Paper>
    </Stack>
  );
}
