// The honest state of a screen whose feature has not landed yet: its title and a plain note.
import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';
import { Icon } from './icons';

export function ComingSoon({ title, note }: { title: string; note?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      <Paper withBorder radius="md" p="xl" data-testid="coming-soon">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
            <Icon name="layout" size={26} />
          </ThemeIcon>
          <Text fw={600} size="lg">
            {t('common.comingSoonTitle')}
          </Text>
          <Text c="dimmed" maw={520}>
            {note ?? t('common.comingSoon')}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
