// Sends a company change (needs a connection): a success toast, or field errors beside the inputs
// with the server's message as a toast; a version conflict says so and lets the page reload.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import { api } from '../../../api/client';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { clearFormError, showFormError, showFormSuccess } from '../../../ui/form-toasts';
import { refuseOfflineSave } from '../../../ui/offline-save';

export type SendResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string[]>; conflict?: boolean };

export function useSend() {
  const { t } = useTranslation();
  const fail = useFailureHandler();
  return useCallback(
    async <T>(method: string, path: string, body: unknown, success?: string): Promise<SendResult<T>> => {
      if (refuseOfflineSave(t)) return { ok: false, errors: {} };
      const res = await api.request<{ data: T }>(method, path, { body });
      if (res.ok) {
        if (success) showFormSuccess(success);
        else clearFormError();
        return { ok: true, data: res.data.data };
      }
      if (res.status === 400) {
        showFormError(messageOf(res.body) ?? t('errors.generic'));
        return { ok: false, errors: res.body?.errors ?? {} };
      }
      if (res.status === 409) {
        showFormError(messageOf(res.body) ?? t('errors.version_conflict'));
        return { ok: false, errors: {}, conflict: true };
      }
      fail(res);
      return { ok: false, errors: {} };
    },
    [t, fail],
  );
}
