// /user-types: the company's user types with their registration method, grace period and
// user count; "Add user type" opens /add-user-type.
import { useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';
import { PageTitle } from '../../../ui/page-title';
import { isAllowed } from '../../../../domain/permissions';

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
  useEffect(() => {
    void api.get<{ data: UserTypeItem[] }>('/user-types').then((res) => {
      if (res.ok) setTypes(res.data.data);
      else setFailed(true);
    });
  }, []);
  const nameOf = (id: string | null) => types?.find((ty) => ty.id === id)?.name ?? '—';

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
      <Paper withBorder radius="md" p="md">
        {failed ? (
          <Text c="dimmed">{t('errors.offline_config')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="sm" data-testid="user-types-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('userTypes.name')}</Table.Th>
                  <Table.Th>{t('userTypes.method')}</Table.Th>
                  <Table.Th>{t('userTypes.grace')}</Table.Th>
                  <Table.Th>{t('userTypes.photo')}</Table.Th>
                  <Table.Th>{t('userTypes.parent')}</Table.Th>
                  <Table.Th>{t('userTypes.users')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(types ?? []).map((ty) => (
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
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
