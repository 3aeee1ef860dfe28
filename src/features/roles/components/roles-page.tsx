// /roles (under Settings): a company admin chooses which permission keys (spec 1 §6) each role
// allows. Saved on the server, it applies to the next request of every holder's session and
// device; their apps hear pongUpdateUserRole and show 'Permissions Updated'. The system admin
// role and the editor's own role are shown but locked (the server refuses them too).
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MENU_KEYS, PERMISSION_KEYS, SYSTEM_ADMIN_ROLE, isAllowed } from '../../../../domain/permissions';
import { useDeviceCopy } from '../../../api/device-copy';
import { useStoredUser } from '../../../api/session';
import { OfflineNotice } from '../../../ui/offline-notice';
import { refuseOfflineSave } from '../../../ui/offline-save';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { showFormSuccess } from '../../../ui/form-toasts';
import { PageLoader } from '../../../ui/page-loader';
import { PageTitle } from '../../../ui/page-title';
import { listRoles, saveRolePermissions, type RoleRow } from '../hooks/roles-api';

const PAGE_ONLY = PERMISSION_KEYS.filter((k) => !(MENU_KEYS as readonly string[]).includes(k));

export function RolesPage() {
  const { t } = useTranslation();
  const stored = useStoredUser();
  const handleFailure = useFailureHandler();
  const [roles, setRoles] = useState<RoleRow[] | null>(null);
  const [roleId, setRoleId] = useState<string | null>(null);
  const [allowed, setAllowed] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  // Offline the roles as this device last loaded them, with their age.
  const copy = useDeviceCopy('roles', unreachable ? null : roles);
  const entityId = stored?.data.user.entity.id ?? '';
  const ownRole = stored?.data.user.role.name;

  useEffect(() => {
    void listRoles(entityId).then((res) => {
      if (!res.ok && res.status === 0) return setUnreachable(true);
      if (!res.ok) return handleFailure(res);
      setRoles(res.data.data);
      const first = res.data.data.find((r) => r.name !== SYSTEM_ADMIN_ROLE && r.name !== ownRole) ?? res.data.data[0];
      if (first) pick(first);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entityId]);

  const pick = (role: RoleRow) => {
    setRoleId(role.id);
    setAllowed(new Set(PERMISSION_KEYS.filter((k) => isAllowed(role.permissions, k))));
  };
  const role = useMemo(() => roles?.find((r) => r.id === roleId), [roles, roleId]);
  const locked = !role || role.name === SYSTEM_ADMIN_ROLE || role.name === ownRole;

  const toggle = (key: string, on: boolean) =>
    setAllowed((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const save = async () => {
    if (!role || refuseOfflineSave(t)) return;
    setBusy(true);
    const res = await saveRolePermissions(role.id, [...allowed]);
    setBusy(false);
    if (!res.ok) return handleFailure(res);
    setRoles((list) => list?.map((r) => (r.id === role.id ? res.data.data : r)) ?? null);
    showFormSuccess(t('rolesPage.saved', { role: t(`roles.${role.name}`, { defaultValue: role.name }) }));
  };

  // The kept copy stands in for the server's answer; choosing a role then works as online.
  useEffect(() => {
    if (unreachable && !roles && copy) {
      setRoles(copy.data);
      const first = copy.data.find((r) => r.name !== SYSTEM_ADMIN_ROLE && r.name !== ownRole) ?? copy.data[0];
      if (first) pick(first);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unreachable, roles, copy]);

  if (!roles) return unreachable ? <OfflineNotice kind="server" force /> : <PageLoader />;
  const group = (title: string, keys: readonly string[]) => (
    <Paper withBorder radius="md" p="lg">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {keys.map((key) => (
          <Checkbox
            key={key}
            size="md"
            label={t(`rolesPage.keys.${key}`)}
            checked={allowed.has(key)}
            disabled={locked}
            onChange={(e) => toggle(key, e.currentTarget.checked)}
            data-testid={`permission-${key}`}
          />
        ))}
      </SimpleGrid>
    </Paper>
  );

  return (
    <Stack gap="md">
      {unreachable ? <OfflineNotice force asOf={copy?.savedAt ?? null} /> : null}
      <PageTitle>{t('routes.roles')}</PageTitle>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('rolesPage.role')}
          data={roles.map((r) => ({ value: r.id, label: t(`roles.${r.name}`, { defaultValue: r.name }) }))}
          value={roleId}
          onChange={(id) => {
            const next = roles.find((r) => r.id === id);
            if (next) pick(next);
          }}
          allowDeselect={false}
          maw={320}
          w="100%"
          data-testid="role-select"
        />
        <Button size="md" onClick={() => void save()} loading={busy} disabled={locked} data-testid="role-save">
          {t('rolesPage.save')}
        </Button>
      </Group>
      {role && locked ? (
        <Alert color="blue" variant="light">
          {role.name === SYSTEM_ADMIN_ROLE ? t('rolesPage.systemLocked') : t('rolesPage.ownLocked')}
        </Alert>
      ) : null}
      {group(t('rolesPage.menuKeys'), MENU_KEYS)}
      {group(t('rolesPage.pageKeys'), PAGE_ONLY)}
    </Stack>
  );
}
