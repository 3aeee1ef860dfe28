// The users grid's data: one server page for the filters in the URL (server-side paging,
// sorting and filtering, spec: filterBy, orderBy, limit, page), and the company's labels.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';

export interface UserItem {
  id: string; full_name: string; email: string; phone: string | null; country_code: string | null;
  user_type_id: string | null; user_type: { id: string; name: string | null } | null; role_id: string;
  labels: string[]; rfid: string | null; image: string | null; archived: boolean; dashboard_access: boolean; version: number;
}
export interface UsersFilter { search?: string; user_type_id?: string; label?: string; status?: 'active' | 'archived' | 'all' }
export interface UsersParams { filter: UsersFilter; orderBy: string; page: number; limit: number }

export function paramsOf(search: URLSearchParams): UsersParams {
  const status = search.get('status');
  return {
    filter: {
      search: search.get('search') || undefined, user_type_id: search.get('userType') || undefined, label: search.get('label') || undefined,
      status: status === 'archived' || status === 'all' ? status : undefined,
    },
    orderBy: search.get('orderBy') || 'full_name',
    page: Math.max(1, Number(search.get('page')) || 1),
    limit: [10, 25, 50, 100, 500].includes(Number(search.get('limit'))) ? Number(search.get('limit')) : 10,
  };
}

export function searchOf(p: UsersParams): string {
  const q = new URLSearchParams();
  if (p.filter.search) q.set('search', p.filter.search);
  if (p.filter.user_type_id) q.set('userType', p.filter.user_type_id);
  if (p.filter.label) q.set('label', p.filter.label);
  if (p.filter.status) q.set('status', p.filter.status);
  if (p.orderBy !== 'full_name') q.set('orderBy', p.orderBy);
  if (p.page !== 1) q.set('page', String(p.page));
  if (p.limit !== 10) q.set('limit', String(p.limit));
  return q.toString();
}

export function useEntityId(): string {
  return useStoredUser()?.data.user.entity.id ?? '';
}

export function useUsers(p: UsersParams) {
  const entityId = useEntityId();
  const [state, setState] = useState<{ data: UserItem[]; count: number; loading: boolean; failed: boolean }>({ data: [], count: 0, loading: true, failed: false });
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(p);
  useEffect(() => {
    const controller = new AbortController();
    const filterBy = JSON.stringify(Object.fromEntries(Object.entries(p.filter).filter(([, v]) => v)));
    const q = new URLSearchParams({ filterBy, orderBy: p.orderBy, limit: String(p.limit), page: String(p.page) });
    setState((s) => ({ ...s, loading: true }));
    void api.get<{ data: UserItem[]; count: number }>(`/users/${entityId}?${q}`, { signal: controller.signal }).then((res) => {
      if (controller.signal.aborted) return;
      setState(res.ok ? { data: res.data.data, count: res.data.count, loading: false, failed: false } : { data: [], count: 0, loading: false, failed: true });
    });
    return () => controller.abort();
    // `key` stands for `p`, whose object identity changes on every render.
  }, [key, entityId, tick]);
  return { ...state, reload: useCallback(() => setTick((n) => n + 1), []) };
}

export function useLabels() {
  const entityId = useEntityId();
  const [labels, setLabels] = useState<Array<{ id: string; name: string }>>([]);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    void api.get<{ data: Array<{ id: string; name: string }> }>(`/labels/${entityId}`).then((res) => { if (res.ok) setLabels(res.data.data); });
  }, [entityId, tick]);
  return { labels, reload: useCallback(() => setTick((n) => n + 1), []) };
}
