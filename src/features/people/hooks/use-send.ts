// Sends a configuration change (needs a connection) and turns the answer into what the
// screen shows: a success toast with the spec's words, or field errors beside the inputs and
// the server's message as a toast (DESIGN ruling 1). Other failures go to the global layer.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import { api } from '../../../api/client';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { clearFormError, showFormError, showFormSuccess } from '../../../ui/form-toasts';
import { refuseOfflineSave } from '../../../ui/offline-save';

export type SendResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string[]> };

export function useSend() {
  const { t } = useTranslation();
  const fail = useFailureHandler();
  return useCallback(
    async <T>(method: string, path: string, body: unknown, success?: string): Promise<SendResult<T>> => {
      // Refused at once offline: the form keeps what was typed.
      if (refuseOfflineSave(t)) return { ok: false, errors: {} };
      const res = await api.request<{ data: T; message?: string }>(method, path, { body });
      if (res.ok) {
        if (success) showFormSuccess(success);
        else clearFormError();
        return { ok: true, data: res.data.data };
      }
      if (res.status === 400) {
        showFormError(messageOf(res.body) ?? t('errors.generic'));
        return { ok: false, errors: res.body?.errors ?? {} };
      }
      if (res.status === 409 && res.body?.message) {
        showFormError(res.body.message);
        return { ok: false, errors: {} };
      }
      fail(res);
      return { ok: false, errors: {} };
    },
    [t, fail],
  );
}
