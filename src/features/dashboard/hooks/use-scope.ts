// The admin's scope for mass actions (which user types and areas they may act on), from the
// server and cached so it still applies offline. Null lists mean "all".
import { useEffect, useState } from 'react';
import type { Scope } from '../../../../domain/mass-action';
import { api } from '../../../api/client';

const KEY = 'massActionScope';
const ALL: Scope = { userTypeIds: null, areaIds: null };

function cached(): Scope {
  try {
    return (JSON.parse(localStorage.getItem(KEY) ?? 'null') as Scope | null) ?? ALL;
  } catch {
    return ALL;
  }
}

export function useScope(): Scope {
  const [scope, setScope] = useState<Scope>(cached);
  useEffect(() => {
    void api
      .get<{ data: { user_type_ids: string[] | null; area_ids: string[] | null } }>('/dashboard/scope')
      .then((res) => {
        if (!res.ok) return;
        const next = { userTypeIds: res.data.data.user_type_ids, areaIds: res.data.data.area_ids };
        localStorage.setItem(KEY, JSON.stringify(next));
        setScope(next);
      });
  }, []);
  return scope;
}
