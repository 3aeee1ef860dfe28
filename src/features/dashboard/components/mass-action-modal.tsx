// The dashboard's mass sign-in / sign-out modal.
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MassActionPanel } from './mass-action-panel';

export function MassActionModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('mass.title')} size="xl" data-testid="mass-modal">
      {opened ? <MassActionPanel /> : null}
    </Modal>
  );
}
