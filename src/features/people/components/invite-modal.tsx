// Invite one user to the dashboard (role, site and user type required) from the users list.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '../hooks/use-users';
import { useSend } from '../hooks/use-send';
import { InviteFields, NO_REFS, refsComplete, type InviteRefs } from './invite-fields';

interface Props {
  user: UserItem | null;
  onClose(): void;
  onDone(): void;
}

export function InviteModal({ user, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const send = useSend();
  const [refs, setRefs] = useState<InviteRefs>(NO_REFS);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  useEffect(() => {
    setRefs({ ...NO_REFS, role_id: user?.role_id ?? null, user_type_id: user?.user_type_id ?? null });
    setErrors({});
  }, [user]);

  async function invite() {
    if (!user || !refsComplete(refs)) return;
    const res = await send('PUT', '/invite_revoke', { status: 'invite', user_id: user.id, ...refs }, t('invites.sent'));
    if (res.ok) {
      onDone();
      onClose();
    } else setErrors(res.errors);
  }

  return (
    <Modal opened={user !== null} onClose={onClose} title={t('invites.inviteOne')}>
      <Stack gap="sm" data-testid="invite-modal">
        <Text size="sm">{t('invites.inviteWho', { name: user?.full_name ?? '' })}</Text>
        <InviteFields value={refs} onChange={setRefs} errors={errors} w={undefined} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('people.cancel')}
          </Button>
          <Button onClick={() => void invite()} disabled={!refsComplete(refs)} data-testid="invite-one-send">
            {t('invites.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
