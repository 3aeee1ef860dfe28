// An admin's reset of a person's two-step authentication (lost phone): after a
// confirmation the server switches it off and logs the person out; they enrol again if required.
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSend } from '../hooks/use-send';

export function ResetTwoStepButton({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const send = useSend();
  const [busy, setBusy] = useState(false);
  async function reset() {
    if (!window.confirm(t('sso.resetTwoStepConfirm'))) return;
    setBusy(true);
    await send('POST', `/users/${userId}/two-step/reset`, {}, t('sso.resetTwoStepDone'));
    setBusy(false);
  }
  return (
    <Group justify="flex-start" mt="md">
      <Button variant="light" color="orange" loading={busy} onClick={() => void reset()} data-testid="reset-two-step">
        {t('sso.resetTwoStep')}
      </Button>
    </Group>
  );
}
