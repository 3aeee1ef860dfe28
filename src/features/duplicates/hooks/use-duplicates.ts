// The board's data: likely duplicate groups from the server (configuration needs a connection),
// and a merge that answers 'Merged User' or the server's message ('Please select a user.').
import { useCallback, useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { DuplicateFilter, MergeField } from '../../../../domain/duplicates';
import { messageOf } from '../../../../domain/errors';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { useOnline } from '../../../sync/sync-context';

export interface BoardPerson {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  countryCode: string | null;
  userTypeId: string | null;
  userTypeName: string | null;
  image: string | null;
  visits: number;
  documents: number;
  rfid: string | null;
}
export interface BoardGroup {
  reasons: DuplicateFilter[];
  users: BoardPerson[];
}
export interface MergeRequest {
  keep_id: string | null;
  merge_ids: string[];
  fields: Partial<Record<MergeField, string>>;
}

export function useDuplicates(filter: DuplicateFilter | 'all') {
  const entityId = useStoredUser()?.data.user.entity.id;
  const online = useOnline();
  const [groups, setGroups] = useState<BoardGroup[] | null>(null);
  const reload = useCallback(async () => {
    if (!entityId) return;
    const query = filter === 'all' ? '' : `?filterBy=${filter}`;
    const res = await api.get<{ data: BoardGroup[] }>(`/get_users_duplicate/${entityId}${query}`);
    if (res.ok) setGroups(res.data.data);
  }, [entityId, filter]);
  useEffect(() => {
    if (online) void reload();
  }, [online, reload]);
  return { groups, reload, online };
}

export function useMerge() {
  const { t } = useTranslation();
  const fail = useFailureHandler();
  return useCallback(
    async (request: MergeRequest): Promise<boolean> => {
      const res = await api.request<{ message: string }>('POST', '/merge_user', { body: request });
      if (res.ok) {
        notifications.show({ color: 'teal', message: t('duplicates.merged'), 'data-testid': 'toast-success' } as never);
        return true;
      }
      if (res.status === 400) {
        notifications.show({
          color: 'red',
          message: messageOf(res.body) ?? t('errors.select_user'),
          'data-testid': 'toast-error',
        } as never);
      } else fail(res);
      return false;
    },
    [t, fail],
  );
}
