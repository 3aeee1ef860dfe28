// Sends a configuration change (needs a connection) and turns the answer into what the screen
// shows: a success toast, or field errors beside the inputs with the server's message as a toast.
import { useCallback } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import { api } from '../../../api/client';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { refuseOfflineSave } from '../../../ui/offline-save';

export type SendResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string[]> };

export function useSend() {
  const { t } = useTranslation();
  const fail = useFailureHandler();
  return useCallback(
    async <T>(method: string, path: string, body: unknown, success?: string): Promise<SendResult<T>> => {
      if (refuseOfflineSave(t)) return { ok: false, errors: {} };
      const res = await api.request<{ data: T }>(method, path, { body });
      if (res.ok) {
        if (success) notifications.show({ color: 'teal', message: success, 'data-testid': 'toast-success' } as never);
        return { ok: true, data: res.data.data };
      }
      if (res.status === 400) {
        notifications.show({
          color: 'red',
          message: messageOf(res.body) ?? t('errors.generic'),
          'data-testid': 'toast-error',
        } as never);
        return { ok: false, errors: res.body?.errors ?? {} };
      }
      fail(res);
      return { ok: false, errors: {} };
    },
    [t, fail],
  );
}
