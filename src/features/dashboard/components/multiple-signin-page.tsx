// /multiple-signin: the mass sign-in / sign-out as a page of its own.
import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../ui/page-title';
import { MassActionPanel } from './mass-action-panel';

export function MultipleSigninPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageTitle>{t('mass.title')}</PageTitle>
      <Text c="dimmed">{t('mass.hint')}</Text>
      <Paper withBorder radius="md" p="lg">
        <MassActionPanel />
      </Paper>
    </Stack>
  );
}
