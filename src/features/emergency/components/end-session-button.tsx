// Ending a session, after a confirmation. A sync mutation: offline it is queued; the server
// may still refuse it (sites the warden cannot access with people signed in), and then the
// session page shows it open again with the server's reason.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useSync } from '../../../sync/sync-context';

export function EndSessionButton({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const sync = useSync();
  const [opened, modal] = useDisclosure(false);

  async function end() {
    if (!sync) return;
    const result = await sync.record('emergency.end', { sessionId, at: Date.now() });
    modal.close();
    if (result.ok) notifications.show({ color: 'gray', message: t('emergency.toast.ended') });
  }

  return (
    <>
      <Button color="dark" onClick={modal.open} disabled={!sync} data-testid="end-session">
        {t('emergency.session.end')}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t('emergency.session.endConfirmTitle')} centered>
        <Text size="sm">{t('emergency.session.endConfirm')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={modal.close}>
            {t('emergency.cancel')}
          </Button>
          <Button color="dark" onClick={() => void end()} data-testid="confirm-end">
            {t('emergency.session.end')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
