// The watch-list calls as the Settings page uses them: the entries, the audit trail
// and the company's sites (to choose where an entry applies). Writes need a connection: a
// success toast, or field errors beside the inputs plus the server's message.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import type { WatchListAuditWire, WatchListEntryWire } from '../../../../domain/watch-list';
import { api } from '../../../api/client';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { showFormError, showFormSuccess } from '../../../ui/form-toasts';
import { refuseOfflineSave } from '../../../ui/offline-save';

export interface SiteOption {
  id: string;
  name: string;
}

export function useWatchList() {
  const [entries, setEntries] = useState<WatchListEntryWire[] | null>(null);
  const [audit, setAudit] = useState<WatchListAuditWire[] | null>(null);
  const [sites, setSites] = useState<SiteOption[]>([]);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    const [list, trail, places] = await Promise.all([
      api.get<{ data: WatchListEntryWire[] }>('/watch-list'),
      api.get<{ data: WatchListAuditWire[] }>('/watch-list/audit'),
      api.get<{ data: SiteOption[] }>('/sites'),
    ]);
    setFailed(!list.ok);
    if (list.ok) setEntries(list.data.data);
    if (trail.ok) setAudit(trail.data.data);
    if (places.ok) setSites(places.data.data.map((s) => ({ id: s.id, name: s.name })));
  }, []);
  useEffect(() => void load(), [load]);
  return { entries, audit, sites, failed, load };
}

export type SendResult = { ok: true } | { ok: false; errors: Record<string, string[]> };

export function useWatchListSend() {
  const { t } = useTranslation();
  const fail = useFailureHandler();
  return useCallback(
    async (method: string, path: string, body: unknown, success: string): Promise<SendResult> => {
      if (refuseOfflineSave(t)) return { ok: false, errors: {} };
      const res = await api.request<{ data: unknown }>(method, path, { body });
      if (res.ok) {
        showFormSuccess(success);
        return { ok: true };
      }
      if (res.status === 400 || res.status === 409) {
        showFormError(messageOf(res.body) ?? t('errors.generic'));
        return { ok: false, errors: res.body?.errors ?? {} };
      }
      fail(res);
      return { ok: false, errors: {} };
    },
    [t, fail],
  );
}
