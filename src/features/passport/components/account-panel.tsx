// The person's passport account: the companies it holds, pending invitations to accept or
// reject, the password, and deactivation (which the next visit answers with the reactivate modal).
import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PassportAccountView } from '../../../../domain/passport';
import type { HttpResult } from '../../../api/http';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { acceptInvitation, rejectInvitation } from '../hooks/passport-api';
import { ChangePasswordForm } from './change-password-form';

export function AccountPanel(props: {
  account: PassportAccountView;
  onAccount: (a: PassportAccountView) => void;
  onDeactivate: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const handleFailure = useFailureHandler();
  const [confirming, setConfirming] = useState(false);
  const { account } = props;

  const answer = async (call: Promise<HttpResult<{ data: PassportAccountView }>>) => {
    const res = await call;
    if (res.ok) props.onAccount(res.data.data);
    else handleFailure(res);
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="xs">
          <Text c="dimmed" size="sm">
            {t('passportAccount.email')}
          </Text>
          <Text fw={600} data-testid="passport-email" style={{ overflowWrap: 'anywhere' }}>
            {account.email}
          </Text>
          <Title order={3} size="h4" mt="sm">
            {t('passportAccount.companies')}
          </Title>
          <Stack gap={4} data-testid="passport-companies">
            {account.companies.map((c) => (
              <Group key={`${c.entity_id}:${c.user_id}`} gap="xs">
                <Text>{c.name}</Text>
                {c.current ? <Badge variant="light">{t('passportAccount.current')}</Badge> : null}
              </Group>
            ))}
          </Stack>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Title order={3} size="h4" mb="sm">
          {t('passportAccount.invitations')}
        </Title>
        {account.invitations.length === 0 ? (
          <Text c="dimmed">{t('passportAccount.noInvitations')}</Text>
        ) : (
          <Stack gap="sm" data-testid="passport-invitations">
            {account.invitations.map((i) => (
              <Group key={i.id} justify="space-between" wrap="wrap">
                <Text>{t('passportAccount.invitedBy', { company: i.company_name })}</Text>
                <Group gap="xs">
                  <Button size="md" onClick={() => void answer(acceptInvitation(i.id))}>
                    {t('passportAccount.accept')}
                  </Button>
                  <Button size="md" variant="default" onClick={() => void answer(rejectInvitation(i.id))}>
                    {t('passportAccount.reject')}
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Title order={3} size="h4" mb="sm">
          {t('passportAccount.password')}
        </Title>
        <ChangePasswordForm />
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm" align="flex-start">
          <Title order={3} size="h4">
            {t('passportAccount.deactivateTitle')}
          </Title>
          <Text c="dimmed">{t('passportAccount.deactivateHelp')}</Text>
          <Button
            color="red"
            variant="light"
            size="md"
            onClick={() => setConfirming(true)}
            data-testid="passport-deactivate"
          >
            {t('passportAccount.deactivate')}
          </Button>
        </Stack>
      </Paper>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        centered
        title={t('passportAccount.deactivateTitle')}
      >
        <Text>{t('passportAccount.deactivateConfirm')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" size="md" onClick={() => setConfirming(false)}>
            {t('passportAccount.cancel')}
          </Button>
          <Button
            color="red"
            size="md"
            data-testid="passport-deactivate-confirm"
            onClick={() => void props.onDeactivate().then(() => setConfirming(false))}
          >
            {t('passportAccount.deactivate')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
