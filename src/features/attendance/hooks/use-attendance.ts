// The company's attendance modes from the server (configuration needs a connection), and sending
// a change: a success toast, or field errors beside the inputs with the server's message as a
// toast; a version conflict (another admin saved first) is the failure handler's toast.
import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type * as v from 'valibot';
import { hhmmOf } from '../../../../domain/attendance';
import { messageOf } from '../../../../domain/errors';
import { parse, type FieldErrors } from '../../../../domain/validation';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { useDb } from '../../../db/db-context';
import { refuseOfflineSave } from '../../../ui/offline-save';
import { useOnline } from '../../../sync/sync-context';
import type { ModeItem } from '../attendance-wire';

/** Times as HH:mm from the minutes every row carries (the list call answers the stored rows). */
const withTimes = (m: ModeItem): ModeItem => ({
  ...m,
  startTime: hhmmOf(m.startMinutes),
  endTime: hhmmOf(m.endMinutes),
  reasons: (m.reasons ?? []).map((r) => ({
    ...r,
    startTime: r.startMinutes == null ? null : hhmmOf(r.startMinutes),
    endTime: r.endMinutes == null ? null : hhmmOf(r.endMinutes),
  })),
});

export function useModes() {
  const entityId = useStoredUser()?.data.user.entity.id;
  const online = useOnline();
  const [modes, setModes] = useState<ModeItem[] | null>(null);
  // The synced modes (the kiosk's own copy) until the server answers, and offline.
  const db = useDb();
  const local = useLiveQuery(
    async () =>
      (await db.attendanceModes.toArray())
        .map((m) => withTimes(m as unknown as ModeItem))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [db],
  );
  const reload = useCallback(async () => {
    if (!entityId) return;
    const res = await api.get<{ data: ModeItem[] }>(`/attendance_mode/${entityId}`);
    if (res.ok) setModes(res.data.data.map(withTimes));
  }, [entityId]);
  useEffect(() => {
    if (online) void reload();
  }, [online, reload]);
  return { modes: modes ?? local ?? null, fromDevice: modes === null, reload, online };
}

export type SendResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function useSend() {
  const { t } = useTranslation();
  const fail = useFailureHandler();
  return useCallback(
    async <T>(method: string, path: string, body: unknown, success?: string): Promise<SendResult<T>> => {
      if (refuseOfflineSave(t)) return { ok: false, errors: {} };
      const res = await api.request<{ data: T }>(method, path, body === undefined ? {} : { body });
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

/** Field errors as sentences: the same domain schema and rules as the server, then the server's. */
export function useFormErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const check = useCallback(
    <S extends v.GenericSchema>(schema: S, payload: unknown, rules: (value: v.InferOutput<S>) => FieldErrors) => {
      const r = parse(schema, payload);
      const found = r.ok ? rules(r.value) : r.errors;
      setErrors(
        Object.fromEntries(Object.entries(found).map(([f, ks]) => [f, ks.map((k) => t(k, { defaultValue: k }))])),
      );
      return r.ok && Object.keys(found).length === 0 ? r.value : null;
    },
    [t],
  );
  const errorOf = (field: string) => errors[field]?.join(' ');
  return { setErrors, check, errorOf };
}
