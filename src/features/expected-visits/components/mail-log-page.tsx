// /mail-log under Settings: what Gatehouse sent, or logged when no SMTP server is configured
// (its secret links masked), for anyone who manages people; the same list as the Sent mail tab.
import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../ui/page-title';
import { MailLog } from './mail-log';

export function MailLogPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageTitle>{t('routes.mailLog')}</PageTitle>
      <Text c="dimmed" size="sm">
        {t('expectedVisits.mailIntro')}
      </Text>
      <Paper withBorder radius="md" p="md">
        <MailLog />
      </Paper>
    </Stack>
  );
}
