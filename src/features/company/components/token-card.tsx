// The API integration token: generated on demand and shown exactly once (only its hash is kept);
// regenerating, after a confirmation, revokes the one in use.
import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../domain/date-format';
import type { Company } from '../hooks/use-company';
import { useSend } from '../hooks/use-send';

export function TokenCard(props: { company: Company; onGenerated: () => void }) {
  const { company } = props;
  const { t, i18n } = useTranslation();
  const send = useSend();
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function generate() {
    if (company.api_token.generated && !window.confirm(t('company.regenerateConfirm'))) return;
    setBusy(true);
    const res = await send<{ token: string }>('POST', `/entity/${company.id}/api-token`, {});
    setBusy(false);
    if (res.ok) {
      setToken(res.data.token);
      props.onGenerated();
    }
  }

  const at = company.api_token.generated_at;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('company.token')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="company-token-status">
          {at ? t('company.tokenGeneratedAt', { date: formatDateTime(at, i18n.language) }) : t('company.tokenNone')}
        </Text>
        {token && (
          <Alert color="yellow" title={t('company.tokenOnce')}>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code dir="ltr" className="gh-company-token" data-testid="company-token">
                {token}
              </Code>
              <CopyButton value={token}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy} className="gh-company-copy">
                    {copied ? t('company.copied') : t('company.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={() => void generate()} loading={busy} variant="light" data-testid="company-generate-token">
            {company.api_token.generated ? t('company.regenerate') : t('company.generate')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
