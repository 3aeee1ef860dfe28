// Users who can still be invited to the dashboard (active, no access yet), one server page.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/client';

export interface Candidate {
  id: string;
  full_name: string;
  email: string;
  phone: string | null;
  country_code: string | null;
}

export function useInviteCandidates(search: string, page: number, limit: number) {
  const [state, setState] = useState<{ data: Candidate[]; count: number }>({ data: [], count: 0 });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const q = new URLSearchParams({ limit: String(limit), page: String(page), ...(search ? { search } : {}) });
    void api
      .get<{ data: Candidate[]; count: number }>(`/mass-action-invite-users?${q}`, { signal: controller.signal })
      .then((res) => {
        if (!controller.signal.aborted && res.ok) setState({ data: res.data.data, count: res.data.count });
      });
    return () => controller.abort();
  }, [search, page, limit, tick]);
  return { ...state, reload: useCallback(() => setTick((n) => n + 1), []) };
}
