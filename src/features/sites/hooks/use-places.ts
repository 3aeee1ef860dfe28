// The sites page's data and calls: GET /api/sites (each site with its areas) and the writes,
// each answered with the spec-style toast or the server's reason (in use, no access).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import type { FireAlarm } from '../../../../domain/places';
import { api } from '../../../api/client';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { showFormError, showFormSuccess } from '../../../ui/form-toasts';
import { refuseOfflineSave } from '../../../ui/offline-save';

export interface AreaItem {
  id: string;
  site_id: string;
  name: string;
  parent_area_id: string | null;
  geofencing: boolean;
  local_sync_ip: string | null;
  local_sync_port: number | null;
  auto_sign_out_mode: string;
  login_mode: string;
  fire_alarm: FireAlarm | null;
}
export interface SiteItem {
  id: string;
  name: string;
  location_name: string | null;
  lat: number | null;
  long: number | null;
  radius: number | null;
  zoom: number | null;
  time_zone: string;
  areas: AreaItem[];
}
export type SendResult = { ok: true; data?: unknown } | { ok: false; errors: Record<string, string[]> };

export function usePlaces() {
  const [sites, setSites] = useState<SiteItem[] | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const load = useCallback(async () => {
    const r = await api.get<{ data: SiteItem[] }>('/sites');
    setUnreachable(!r.ok && r.status === 0);
    if (r.ok) setSites(r.data.data);
  }, []);
  useEffect(() => void load(), [load]);
  return { sites, unreachable, load };
}

/** One write; the toast key is under sites.toasts. 400 keeps the field errors for the form. */
export function usePlaceWrite(onDone: () => void) {
  const { t } = useTranslation();
  const fail = useFailureHandler();
  return useCallback(
    async (method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, toast: string): Promise<SendResult> => {
      if (refuseOfflineSave(t)) return { ok: false, errors: {} };
      const r = await api.request<{ data?: unknown; message?: string }>(
        method,
        path,
        body === undefined ? {} : { body },
      );
      if (r.ok) {
        showFormSuccess(t(`sites.toasts.${toast}`));
        onDone();
        return { ok: true, data: r.data.data };
      }
      // In use (409) and no access to the site (403 with its code) say why, here, not on an error page.
      if (r.status === 400 || r.status === 409 || (r.status === 403 && r.body?.code === 'site_no_access')) {
        showFormError(messageOf(r.body) ?? t('errors.generic'));
        return { ok: false, errors: r.body?.errors ?? {} };
      }
      fail(r);
      return { ok: false, errors: {} };
    },
    [t, fail, onDone],
  );
}
