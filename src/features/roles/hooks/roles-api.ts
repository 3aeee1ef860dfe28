// The roles page's calls (server/roles/roles.routes.ts).
import type { PermissionMap } from '../../../../domain/permissions';
import { api } from '../../../api/client';

export interface RoleRow {
  id: string;
  name: string;
  permissions: PermissionMap;
}

export const listRoles = (entityId: string) => api.get<{ data: RoleRow[] }>(`/roles/${entityId}`);
export const saveRolePermissions = (roleId: string, allowed: string[]) =>
  api.request<{ data: RoleRow }>('PUT', `/roles/${roleId}/permissions`, { body: { allowed } });
