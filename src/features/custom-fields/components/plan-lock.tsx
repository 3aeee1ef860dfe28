// What a lite company sees instead of the custom-field screens (spec 1 §6).
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PlanLock() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={t('customFieldAdmin.lockedTitle')} data-testid="custom-fields-locked" role="status">
      {t('customFieldAdmin.lockedBody')}
    </Alert>
  );
}
