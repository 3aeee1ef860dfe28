// Reads a report from the server for a query; the previous answer stays on screen while the
// next one loads, and a failure says whether the server could not be reached.
import { useEffect, useState } from 'react';
import { api } from '../../../api/client';

export interface ReportState<T> {
  data: T | null;
  loading: boolean;
  offline: boolean;
  failed: boolean;
}

export function useReport<T>(path: string | null, version = 0): ReportState<T> {
  const [state, setState] = useState<ReportState<T>>({ data: null, loading: true, offline: false, failed: false });
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    void api.get<T>(path, { signal: controller.signal }).then((res) => {
      if (controller.signal.aborted) return;
      if (res.ok) setState({ data: res.data, loading: false, offline: false, failed: false });
      else setState((s) => ({ ...s, loading: false, offline: Boolean(res.offline), failed: true }));
    });
    return () => controller.abort();
  }, [path, version]);
  return state;
}
