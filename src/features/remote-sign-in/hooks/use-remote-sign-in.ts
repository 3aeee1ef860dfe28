// The server's answer for this person (remote areas and whether they are signed in), and the
// sign-in/out call. Online only: the server must check the position against the site's circle.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/client';

export interface RemoteArea {
  id: string;
  name: string;
  site_name: string;
  login_mode: string;
  geofence: { lat: number; long: number; radius: number } | null;
}

export interface RemoteState {
  areas: RemoteArea[];
  current: { area_id: string; at: number } | null;
}

export function useRemoteSignIn() {
  const [data, setData] = useState<RemoteState | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    const res = await api.get<RemoteState>('/remote-sign-in');
    if (res.ok) setData(res.data);
    setFailed(!res.ok);
  }, []);
  useEffect(() => void load(), [load]);

  const send = useCallback(
    async (body: { area_id: string; action: 'in' | 'out'; lat: number; long: number; accuracy: number }) => {
      const res = await api.post<{ current: RemoteState['current'] }>('/remote-sign-in', body);
      if (res.ok) setData((d) => (d ? { ...d, current: res.data.current } : d));
      return res;
    },
    [],
  );
  return { data, failed, send };
}
