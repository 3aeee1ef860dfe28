// The announcement calls as the screens use them: the wire shape, loading the list (with the
// company's user types, for the targets), and sending a change (configuration needs a
// connection): a success toast, or field errors beside the inputs plus the server's message.
import { useCallback, useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { AnnouncementState } from '../../../../domain/announcement';
import { messageOf } from '../../../../domain/errors';
import type { LocalizedText } from '../../../../domain/localized-text';
import { api } from '../../../api/client';
import { useDeviceCopy } from '../../../api/device-copy';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { refuseOfflineSave } from '../../../ui/offline-save';
import { showFormError, showFormSuccess } from '../../../ui/form-toasts';

export interface AnnouncementWire {
  id: string;
  /** The text per content language (a plain string is the default language's). */
  description: LocalizedText;
  url: string | null;
  urgent: boolean;
  pinned: boolean;
  verbal: boolean;
  target_user_types: string[];
  publish_time: number;
  expiry_time: number | null;
  version: number;
  state: AnnouncementState;
}
export interface UserTypeOption {
  id: string;
  name: string;
}
type ListBody = { data: AnnouncementWire[]; user_types: UserTypeOption[] };

export function useAnnouncementList(state: AnnouncementState | null) {
  const key = `announcements:${state ?? 'all'}`;
  // Each answer remembers its filter, so a copy is never kept under another filter's name.
  const [answer, setAnswer] = useState<{ key: string; body: ListBody } | null>(null);
  const [failed, setFailed] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const load = useCallback(() => {
    void api.get<ListBody>(`/announcements${state ? `?state=${state}` : ''}`).then((res) => {
      // No answer (offline) is not a failure: the page shows the device's copy.
      setUnreachable(!res.ok && res.status === 0);
      setFailed(!res.ok && res.status !== 0);
      if (res.ok) setAnswer({ key: `announcements:${state ?? 'all'}`, body: res.data });
    });
  }, [state]);
  useEffect(load, [load]);
  const fresh = answer?.key === key ? answer.body : null;
  const copy = useDeviceCopy(key, fresh);
  const list = fresh ?? (unreachable ? (copy?.data ?? null) : (answer?.body ?? null));
  return { list, failed, unreachable, copyAt: copy?.savedAt ?? null, load };
}

export type SendResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string[]> };

export function useAnnouncementSend() {
  const { t } = useTranslation();
  const fail = useFailureHandler();
  return useCallback(
    async <T>(method: string, path: string, body: unknown, success: string): Promise<SendResult<T>> => {
      if (refuseOfflineSave(t)) return { ok: false, errors: {} };
      const res = await api.request<{ data: T }>(method, path, { body });
      if (res.ok) {
        showFormSuccess(success);
        return { ok: true, data: res.data.data };
      }
      if (res.status === 400 || res.status === 409) {
        showFormError(messageOf(res.body) ?? t('errors.generic'));
        return { ok: false, errors: res.body?.errors ?? {} };
      }
      fail(res);
      notifications.hide('form-error');
      return { ok: false, errors: {} };
    },
    [t, fail],
  );
}

/** User type names for an announcement's targets, in list order; no targets means everyone
 * (domain/announcement.ts isShownTo), which `everyone` says instead of a blank cell. */
export const targetNames = (ids: readonly string[], types: readonly UserTypeOption[], everyone: string): string =>
  ids.length === 0
    ? everyone
    : types
        .filter((t) => ids.includes(t.id))
        .map((t) => t.name)
        .join(', ') || '—';
