// /user-types: the company's user types with their registration method, grace period and
// user count; "Add user type" opens /add-user-type. The device's synced copy is shown until the
// server answers, and offline: the counts are then counted from the synced people.
import { useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useDb } from '../../../db/db-context';
import { OfflineNotice } from '../../../ui/offline-notice';
import { Link } from 'react-router-dom';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';
import { PageTitle } from '../../../ui/page-title';
import { isAllowed } from '../../../../domain/permissions';
import { TableScroll } from '../../../ui/table-scroll';
import { ChannelChoiceButton } from '../../../ui/channel-choice';

export interface UserTypeItem {
  id: string;
  name: string;
  registration_method: string;
  grace_period: number;
  profile_photo: boolean;
  parent_id: string | null;
  users_count: number;
}

export function UserTypesPage() {
  const { t } = useTranslation();
  const permissions = useStoredUser()?.data.user.role.permissions ?? {};
  const [types, setTypes] = useState<UserTypeItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const db = useDb();
  const local = useLiveQuery(async () => {
    const [rows, people] = await Promise.all([db.userTypes.toArray(), db.people.toArray()]);
    const counts = new Map<string, number>();
    for (const p of people)
      if (p.userTypeId && !p.archived) counts.set(p.userTypeId, (counts.get(p.userTypeId) ?? 0) + 1);
    return rows
      .map((ty): UserTypeItem => ({
        id: ty.id,
        name: ty.name,
        registration_method: ty.registrationMethod,
        grace_period: ty.gracePeriodMinutes ?? 0,
        profile_photo: Boolean(ty.profilePhoto),
        parent_id: ty.parentId ?? null,
        users_count: counts.get(ty.id) ?? 0,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [db]);
  useEffect(() => {
    void api.get<{ data: UserTypeItem[] }>('/user-types').then((res) => {
      if (res.ok) setTypes(res.data.data);
      // Only an unreachable server reads as offline; a refusal is the global layer's to show.
      else setFailed(res.status === 0);
    });
  }, []);
  const shown = types ?? local ?? [];
  const nameOf = (id: string | null) => shown.find((ty) => ty.id === id)?.name ?? '—';

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <PageTitle>{t('routes.userTypes')}</PageTitle>
        {isAllowed(permissions, 'add_new_user_type') ? (
          <Button component={Link} to="/add-user-type" data-testid="add-user-type">
            {t('userTypes.add')}
          </Button>
        ) : null}
      </Group>
      <OfflineNotice force={failed && types === null} />
      <Paper withBorder radius="md" p="md">
        {
          <TableScroll minWidth={640}>
            <Table striped verticalSpacing="sm" data-testid="user-types-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('userTypes.name')}</Table.Th>
                  <Table.Th>{t('userTypes.method')}</Table.Th>
                  <Table.Th>{t('userTypes.grace')}</Table.Th>
                  <Table.Th>{t('userTypes.photo')}</Table.Th>
                  <Table.Th>{t('userTypes.parent')}</Table.Th>
                  <Table.Th>{t('userTypes.users')}</Table.Th>
                  <Table.Th>{t('channelChoice.column')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((ty) => (
                  <Table.Tr key={ty.id} data-testid="user-type-row">
                    <Table.Td fw={500}>{ty.name}</Table.Td>
                    <Table.Td>
                      {t(`userTypes.methods.${ty.registration_method}`, { defaultValue: ty.registration_method })}
                    </Table.Td>
                    <Table.Td>{t('userTypes.minutes', { count: ty.grace_period })}</Table.Td>
                    <Table.Td>
                      {ty.profile_photo ? <Badge variant="light">{t('userTypes.required')}</Badge> : '—'}
                    </Table.Td>
                    <Table.Td>{nameOf(ty.parent_id)}</Table.Td>
                    <Table.Td>{ty.users_count}</Table.Td>
                    <Table.Td>
                      <ChannelChoiceButton url={`/user-types/${ty.id}/notification-channels`} title={ty.name} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        }
      </Paper>
    </Stack>
  );
}
