// Role, site and user type for a dashboard invitation (spec 1 §6: site and user type are
// required; the role decides what the invited person may do). Shared by the one-by-one modal
// and the /invite-users-to-dashboard screen.
import { useEffect, useState } from 'react';
import { Select } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';
import { useDb } from '../../../db/db-context';
import { useEntityId } from '../hooks/use-users';
import type { PermissionMap } from '../../../../domain/permissions';
import { assignableRoles } from '../../../../domain/role-assignment';

export interface InviteRefs {
  role_id: string | null;
  site_id: string | null;
  user_type_id: string | null;
}
export const NO_REFS: InviteRefs = { role_id: null, site_id: null, user_type_id: null };

interface Props {
  value: InviteRefs;
  onChange(next: InviteRefs): void;
  errors?: Record<string, string[]>;
  w?: number;
}

export function InviteFields({ value, onChange, errors = {}, w = 200 }: Props) {
  const { t } = useTranslation();
  const db = useDb();
  const entityId = useEntityId();
  const mine = useStoredUser()?.data.user.role.permissions;
  // The device only keeps the signed-in user's own role, so the company's roles come from the server;
  // only those the server would let this user give are offered (domain/role-assignment.ts).
  const [roles, setRoles] = useState<Array<{ id: string; name: string; permissions: PermissionMap }>>([]);
  useEffect(() => {
    void api
      .get<{ data: Array<{ id: string; name: string; permissions: PermissionMap }> }>(`/roles/${entityId}`)
      .then((res) => {
        if (res.ok) setRoles(assignableRoles(mine ?? {}, res.data.data));
      });
  }, [entityId, mine]);
  const sites = useLiveQuery(() => db.sites.toArray(), [db]) ?? [];
  const types = useLiveQuery(() => db.userTypes.toArray(), [db]) ?? [];
  const err = (k: string) => (errors[k] ? errors[k]!.map((m) => t(m)).join(' ') : undefined);
  return (
    <>
      <Select
        label={t('invites.role')}
        required
        w={w}
        data={roles.map((r) => ({ value: r.id, label: t(`roles.${r.name}`, { defaultValue: r.name }) }))}
        value={value.role_id}
        onChange={(v) => onChange({ ...value, role_id: v })}
        error={err('role_id')}
        data-testid="invite-role"
      />
      <Select
        label={t('invites.site')}
        required
        w={w}
        data={sites.map((s) => ({ value: s.id, label: s.name }))}
        value={value.site_id}
        onChange={(v) => onChange({ ...value, site_id: v })}
        error={err('site_id')}
        data-testid="invite-site"
      />
      <Select
        label={t('people.fields.userType')}
        required
        w={w}
        data={types.map((ty) => ({ value: ty.id, label: ty.name }))}
        value={value.user_type_id}
        onChange={(v) => onChange({ ...value, user_type_id: v })}
        error={err('user_type_id')}
        data-testid="invite-user-type"
      />
    </>
  );
}

export const refsComplete = (r: InviteRefs): r is { role_id: string; site_id: string; user_type_id: string } =>
  Boolean(r.role_id && r.site_id && r.user_type_id);
