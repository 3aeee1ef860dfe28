// The /sites kiosk list's calls: each answers with a toast in the spec's words (spec 2 §8
// "Kiosk Moved", "Kiosks Moved", "Kiosk Deleted", "Kiosk Settings Updated") or the server's message.
import { useCallback } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import { api } from '../../../api/client';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { refuseOfflineSave } from '../../../ui/offline-save';

export type AdminResult = { ok: true } | { ok: false; errors: Record<string, string[]> };

export function useKioskAdmin(onDone: () => void) {
  const { t } = useTranslation();
  const fail = useFailureHandler();
  return useCallback(
    async (method: 'PUT' | 'POST' | 'DELETE', path: string, body: unknown, toastKey: string): Promise<AdminResult> => {
      if (refuseOfflineSave(t)) return { ok: false, errors: {} };
      const res = await api.request<{ message?: string }>(method, path, body === undefined ? {} : { body });
      if (res.ok) {
        notifications.show({
          color: 'teal',
          message: t(`kioskAdmin.toasts.${toastKey}`),
          'data-testid': 'toast-success',
        } as never);
        onDone();
        return { ok: true };
      }
      if (res.status === 400) {
        notifications.show({ color: 'red', message: messageOf(res.body) ?? t('errors.generic') });
        return { ok: false, errors: res.body?.errors ?? {} };
      }
      fail(res);
      return { ok: false, errors: {} };
    },
    [t, fail, onDone],
  );
}
