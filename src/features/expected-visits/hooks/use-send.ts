// Sends an expected-visit change that needs a connection (add, edit, delete) and shows the
// result: the spec's toast on success, field errors and the server's message on a 400.
import { useCallback } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import { api } from '../../../api/client';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { useSync } from '../../../sync/sync-context';
import { clearFormError, showFormError } from '../../../ui/form-toasts';

export type SendResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string[]> };

export function useSend() {
  const { t } = useTranslation();
  const fail = useFailureHandler();
  const sync = useSync();
  return useCallback(
    async <T>(
      method: string,
      path: string,
      body?: unknown,
      success?: { title?: string; message: string },
    ): Promise<SendResult<T>> => {
      if (!navigator.onLine) {
        notifications.show({ color: 'yellow', message: t('expectedVisits.needsConnection') });
        return { ok: false, errors: {} };
      }
      const res = await api.request<{ data: T }>(method, path, body === undefined ? {} : { body });
      if (res.ok) {
        clearFormError();
        if (success) notifications.show({ color: 'teal', title: success.title, message: success.message });
        // The change comes back through the feed; pull now so the list shows it at once.
        sync?.trigger();
        return { ok: true, data: res.data.data };
      }
      if (res.status === 400 || res.status === 409) {
        showFormError(messageOf(res.body) ?? t('errors.generic'));
        return { ok: false, errors: res.body?.errors ?? {} };
      }
      fail(res);
      return { ok: false, errors: {} };
    },
    [t, fail, sync],
  );
}
