// The company's history window: days of visit history an admin's device keeps for
// offline use, read from and saved to /api/sync/history-window (needs a connection, like every
// company setting). The value is checked with the domain schema the server uses, so an
// out-of-range number is refused beside the field before anything is sent.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { historyWindowBody } from '../../../../domain/sync-scope-change';
import { parse } from '../../../../domain/validation';
import { api } from '../../../api/client';
import { useSend } from './use-send';

export interface HistoryWindow {
  history_days: number;
  default_days: number;
  min_days: number;
  max_days: number;
}

export function useHistoryWindow() {
  const { t } = useTranslation();
  const send = useSend();
  const [stored, setStored] = useState<HistoryWindow | null>(null);
  const [failed, setFailed] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void api.get<{ data: HistoryWindow }>('/sync/history-window').then((res) => {
      if (res.ok) setStored(res.data.data);
      else setFailed(true);
    });
  }, []);

  /** Saves `days` ('' when the field is empty); true when the server kept it. */
  const save = useCallback(
    async (days: number | string): Promise<boolean> => {
      const body = { history_days: days === '' ? undefined : Number(days) };
      const local = parse(historyWindowBody, body);
      if (!local.ok) {
        // Domain messages are i18n keys; the server's answers arrive translated already.
        setError(t(local.errors.history_days?.[0] ?? 'validation.required'));
        return false;
      }
      setBusy(true);
      const res = await send<HistoryWindow>('PUT', '/sync/history-window', local.value, t('historyWindow.saved'));
      setBusy(false);
      setError(res.ok ? undefined : res.errors.history_days?.[0]);
      if (res.ok) setStored(res.data);
      return res.ok;
    },
    [send, t],
  );

  return { stored, failed, error, busy, save, clearError: () => setError(undefined) };
}
