// Roles and permission keys (spec 1 §2 side menu, §6). A permission is allowed only when
// pivot.allowed === 1; a key the role lacks entirely is "missing", which lets a page open.

export const MENU_KEYS = [
  'company_details',
  'dashboard',
  'users',
  'announcements',
  'sites_devices',
  'reporting',
  'user_settings',
  'journey_builder',
  'compliance',
  'integration',
  'emergency',
] as const;

export const REPORTING_KEYS = [
  'show_history_list',
  'show_visit_summary_list',
  'show_time_sheet_list',
  'show_users_not_on_site_list',
  'show_track_trace_list',
  'show_export_list',
  'show_kiosk_logs_list',
  'show_printer_list',
] as const;

export const SETTINGS_KEYS = [
  'show_user_types_list',
  'show_privacy_manager_list',
  'show_duplication_control_board_list',
  'show_attendance_modes',
  'show_custom_fields',
] as const;

export const PAGE_KEYS = [
  'company_details',
  'show_emergency_sessions',
  'show_emergency_list',
  'users',
  'announcements',
  'sites_devices',
  ...REPORTING_KEYS,
  'show_user_types_list',
  'add_new_user_type',
  'show_privacy_manager_list',
  'show_duplication_control_board_list',
  'user_settings',
  'add_attendance_mode',
  'show_attendance_modes',
  'show_custom_fields',
  // The watch list: its own key, admins only by default (reasons are sensitive).
  'watch_list',
  'add_custom_field_to_new_section',
  'add_reason',
  'show_journey_list',
  'create_journey',
  'edit_journey',
  'add_journey_flow',
  'edit_journey_flow',
  'show_compliance_list',
  'create_compliance',
  'edit_compliance',
  'integration',
  'add-announcement',
] as const;

/** Keys only a device's token carries (never a role's): a kiosk runs the journey and nothing else. */
export const DEVICE_PERMISSION_KEYS = ['kiosk_device'] as const;
export type DevicePermission = (typeof DEVICE_PERMISSION_KEYS)[number];
export const KIOSK_DEVICE_PERMISSION: DevicePermission = 'kiosk_device';

export const PERMISSION_KEYS: readonly string[] = [...new Set<string>([...MENU_KEYS, ...PAGE_KEYS])];
export type PermissionKey = (typeof MENU_KEYS)[number] | (typeof PAGE_KEYS)[number];

/** Wire shape: permissions keyed by name, each with pivot.allowed 1 or 0. */
export type PermissionMap = Record<string, { pivot: { allowed: 0 | 1 } }>;
export type Access = 'allowed' | 'denied' | 'missing';

export function accessOf(permissions: PermissionMap, key: string): Access {
  const entry = permissions[key];
  if (!entry) return 'missing';
  return entry.pivot.allowed === 1 ? 'allowed' : 'denied';
}

/** Strict check: the menu and the server's requirePermission need allowed === 1. */
export function isAllowed(permissions: PermissionMap, key: string): boolean {
  return accessOf(permissions, key) === 'allowed';
}

export const ROLE_NAMES = [
  'admin',
  'employee',
  'employee with reporting',
  'fire warden',
  'default users',
  'system admin',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
export const SYSTEM_ADMIN_ROLE: RoleName = 'system admin';

const ALL = PERMISSION_KEYS;
const grants: Record<RoleName, readonly string[]> = {
  'system admin': ALL,
  admin: ALL,
  employee: ['dashboard', 'users'],
  'employee with reporting': ['dashboard', 'users', 'reporting', ...REPORTING_KEYS],
  'fire warden': ['dashboard', 'emergency', 'show_emergency_sessions', 'show_emergency_list'],
  'default users': [],
};

/** The permission map a role starts with: every key present, allowed 1 or 0. */
export function defaultPermissionsFor(role: RoleName): PermissionMap {
  const granted = new Set(grants[role]);
  return Object.fromEntries(
    PERMISSION_KEYS.map((key) => [key, { pivot: { allowed: granted.has(key) ? 1 : 0 } }]),
  ) as PermissionMap;
}
