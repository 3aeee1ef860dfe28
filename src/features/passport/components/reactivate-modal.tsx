// 'Reactivate My Passport Account' (spec 2 §2): how many days ago the account was deactivated,
// with Reactivate and Cancel.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ReactivateModal(props: {
  days: number;
  busy: boolean;
  onReactivate: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={props.onCancel}
      centered
      closeOnClickOutside={false}
      title={t('passportAccount.reactivateTitle')}
      data-testid="passport-reactivate-modal"
    >
      <Text>{t('passportAccount.reactivateBody', { count: props.days })}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" size="md" onClick={props.onCancel}>
          {t('passportAccount.cancel')}
        </Button>
        <Button size="md" loading={props.busy} onClick={props.onReactivate} data-testid="passport-reactivate">
          {t('passportAccount.reactivate')}
        </Button>
      </Group>
    </Modal>
  );
}
