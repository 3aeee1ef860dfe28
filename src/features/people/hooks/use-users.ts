// The users grid's data: one server page for the filters in the URL (server-side paging,
// sorting and filtering, spec: filterBy, orderBy, limit, page), and the company's labels.
import { useCallback, useEffect, useState } from 'react';
import type { CustomFieldEntry } from '../../../../domain/custom-fields';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';

export interface UserItem {
  id: string;
  full_name: string;
  email: string;
  phone: string | null;
  country_code: string | null;
  user_type_id: string | null;
  user_type: { id: string; name: string | null } | null;
  role_id: string;
  labels: string[];
  /** The person's custom-field values (the spec's value list). */
  custom_fields?: CustomFieldEntry[];
  rfid: string | null;
  image: string | null;
  archived: boolean;
  dashboard_access: boolean;
  version: number;
}
export interface UsersFilter {
  search?: string;
  user_type_id?: string;
  label?: string;
  status?: 'active' | 'archived' | 'all';
}
export interface UsersParams {
  filter: UsersFilter;
  orderBy: string;
  page: number;
  limit: number;
}

export function paramsOf(search: URLSearchParams): UsersParams {
  const status = search.get('status');
  return {
    filter: {
      search: search.get('search') || undefined,
      user_type_id: search.get('userType') || undefined,
      label: search.get('label') || undefined,
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
  // `unreachable`: the last request got no answer (offline); the rows loaded before are kept,
  // with `loadedAt`, so the page can show them with their age instead of "no users match".
  const [state, setState] = useState<{
    data: UserItem[];
    count: number;
    loading: boolean;
    failed: boolean;
    unreachable: boolean;
    loadedAt: number | null;
  }>({ data: [], count: 0, loading: true, failed: false, unreachable: false, loadedAt: null });
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(p);
  useEffect(() => {
    // Read back from `key`: `p` is a new object on every render, its content is what counts.
    const params = JSON.parse(key) as UsersParams;
    const controller = new AbortController();
    const filterBy = JSON.stringify(Object.fromEntries(Object.entries(params.filter).filter(([, v]) => v)));
    const q = new URLSearchParams({
      filterBy,
      orderBy: params.orderBy,
      limit: String(params.limit),
      page: String(params.page),
    });
    setState((s) => ({ ...s, loading: true }));
    void api
      .get<{ data: UserItem[]; count: number }>(`/users/${entityId}?${q}`, { signal: controller.signal })
      .then((res) => {
        if (controller.signal.aborted) return;
        setState((s) =>
          res.ok
            ? {
                data: res.data.data,
                count: res.data.count,
                loading: false,
                failed: false,
                unreachable: false,
                loadedAt: Date.now(),
              }
            : res.status === 0
              ? { ...s, loading: false, failed: true, unreachable: true }
              : { data: [], count: 0, loading: false, failed: true, unreachable: false, loadedAt: s.loadedAt },
        );
      });
    return () => controller.abort();
  }, [key, entityId, tick]);
  return { ...state, reload: useCallback(() => setTick((n) => n + 1), []) };
}

export function useLabels() {
  const entityId = useEntityId();
  const [labels, setLabels] = useState<Array<{ id: string; name: string }>>([]);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    void api.get<{ data: Array<{ id: string; name: string }> }>(`/labels/${entityId}`).then((res) => {
      if (res.ok) setLabels(res.data.data);
    });
  }, [entityId, tick]);
  return { labels, reload: useCallback(() => setTick((n) => n + 1), []) };
}
