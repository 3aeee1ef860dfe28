// Registers the service worker (prompt type) and tells a logged-in admin when a new version
// is ready. The kiosk reads the same state through useAppUpdate and applies it when idle.
import { useEffect } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useStoredUser } from '../api/session';
import { appUpdateAtom, deferUpdatePromptAtom } from '../pwa/update-state';

const NOTIFICATION_ID = 'app-update';
const CHECK_EVERY_MS = 60 * 60 * 1000;

export function UpdatePrompt() {
  const { t } = useTranslation();
  const stored = useStoredUser();
  const deferred = useAtomValue(deferUpdatePromptAtom);
  const publish = useSetAtom(appUpdateAtom);
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), CHECK_EVERY_MS);
    },
    onRegisterError(error: unknown) {
      console.warn('gatehouse: service worker registration failed', error);
    },
  });

  useEffect(() => {
    publish({ ready: needRefresh, apply: () => updateServiceWorker(true) });
  }, [needRefresh, updateServiceWorker, publish]);

  const showPrompt = needRefresh && !deferred && stored !== null;
  useEffect(() => {
    if (!showPrompt) return;
    notifications.show({
      id: NOTIFICATION_ID,
      autoClose: false,
      withCloseButton: true,
      title: t('update.title'),
      message: (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm">{t('update.body')}</Text>
          <Button size="xs" onClick={() => void updateServiceWorker(true)}>
            {t('update.reload')}
          </Button>
        </Group>
      ),
    });
    return () => {
      notifications.hide(NOTIFICATION_ID);
    };
  }, [showPrompt, t, updateServiceWorker]);

  return null;
}
