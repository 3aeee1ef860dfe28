// The side menu (spec 1 §2 "Side menu"): entries shown only with their permission allowed.
import { SYSTEM_ADMIN_ROLE, isAllowed, type PermissionMap } from './permissions';

export interface MenuItem {
  key: string;
  /** i18n key under "menu". */
  label: string;
  to?: string;
  permission?: string;
  newTab?: boolean;
  children?: MenuItem[];
}

const reporting: MenuItem[] = [
  { key: 'history', label: 'history', to: '/reporting/history', permission: 'show_history_list' },
  {
    key: 'visit_summary',
    label: 'visitSummary',
    to: '/reporting/visit_summary',
    permission: 'show_visit_summary_list',
  },
  { key: 'timesheet', label: 'timesheet', to: '/reporting/timesheet', permission: 'show_time_sheet_list' },
  // The Time report (time on site per person) had a page and no entry.
  { key: 'time', label: 'timeReport', to: '/reporting/time', permission: 'reporting' },
  {
    key: 'users_not_on_site',
    label: 'usersNotOnSite',
    to: '/reporting/users-not-on-site',
    permission: 'show_users_not_on_site_list',
  },
  { key: 'track_trace', label: 'trackTrace', to: '/reporting/track-trace', permission: 'show_track_trace_list' },
  { key: 'export_list', label: 'exportList', to: '/reporting/export-list', permission: 'show_export_list' },
  { key: 'kiosk_logs', label: 'kioskLogs', to: '/reporting/kiosk-logs', permission: 'show_kiosk_logs_list' },
  { key: 'printer', label: 'printList', to: '/reporting/printer', permission: 'show_printer_list' },
];

const settings: MenuItem[] = [
  { key: 'user_types', label: 'userTypes', to: '/user-types', permission: 'show_user_types_list' },
  { key: 'privacy_manager', label: 'privacyManager', to: '/privacy-manager', permission: 'show_privacy_manager_list' },
  {
    key: 'duplication_board',
    label: 'duplicationBoard',
    to: '/duplication-control-board',
    permission: 'show_duplication_control_board_list',
  },
  { key: 'attendance_modes', label: 'attendanceModes', to: '/attendance-modes', permission: 'show_attendance_modes' },
  { key: 'custom_fields', label: 'customFields', to: '/custom-fields', permission: 'show_custom_fields' },
  { key: 'watch_list', label: 'watchList', to: '/watch-list', permission: 'watch_list' },
  { key: 'mail_log', label: 'mailLog', to: '/mail-log', permission: 'users' },
  { key: 'roles', label: 'roles', to: '/roles', permission: 'user_settings' },
  {
    key: 'notification_settings',
    label: 'notificationSettings',
    to: '/notification-settings',
    permission: 'company_details',
  },
];

export const MENU: readonly MenuItem[] = [
  { key: 'passport', label: 'passport', to: '/passport' },
  { key: 'company_details', label: 'companyDetails', to: '/company', permission: 'company_details' },
  { key: 'dashboard', label: 'dashboard', to: '/', permission: 'dashboard' },
  { key: 'system', label: 'system' },
  // Same window: a new tab each time piled tabs up; a person who wants one asks for it.
  { key: 'users', label: 'users', to: '/users', permission: 'users' },
  { key: 'announcements', label: 'announcements', to: '/announcements', permission: 'announcements' },
  { key: 'sites_devices', label: 'sitesDevices', to: '/sites', permission: 'sites_devices' },
  { key: 'reporting', label: 'reporting', to: '/Reporting', permission: 'reporting', children: reporting },
  { key: 'user_settings', label: 'settings', to: '/settings', permission: 'user_settings', children: settings },
  { key: 'journey_builder', label: 'journeyBuilder', to: '/journeys', permission: 'journey_builder' },
  { key: 'compliance', label: 'compliance', to: '/compliances', permission: 'compliance' },
  { key: 'integration', label: 'integration', to: '/integration', permission: 'integration' },
  { key: 'emergency', label: 'emergencySessions', to: '/emergency-sessions', permission: 'emergency' },
];

/** The entries this role sees; children filtered by their own keys. */
export function visibleMenu(permissions: PermissionMap, roleName: string): MenuItem[] {
  const shown: MenuItem[] = [];
  for (const item of MENU) {
    if (item.key === 'system') {
      if (roleName === SYSTEM_ADMIN_ROLE) shown.push(item);
      continue;
    }
    if (item.permission && !isAllowed(permissions, item.permission)) continue;
    const children = item.children?.filter((c) => !c.permission || isAllowed(permissions, c.permission));
    shown.push(children ? { ...item, children } : item);
  }
  return shown;
}

/** /Reporting and /settings open the first sub-page the user may see. */
export function firstSubPage(sectionPath: string, permissions: PermissionMap): string | undefined {
  const section = MENU.find((m) => m.to?.toLowerCase() === sectionPath.toLowerCase());
  // A section the role may not open leads nowhere, whatever key one of its pages also accepts.
  if (section?.permission && !isAllowed(permissions, section.permission)) return undefined;
  return section?.children?.find((c) => !c.permission || isAllowed(permissions, c.permission))?.to;
}

const FIXED_ACTIVE: ReadonlyArray<[RegExp, string]> = [
  [/sso/, 'passport'],
  [/journey/, 'journey_builder'],
  [/announcement/, 'announcements'],
  [/compliance/, 'compliance'],
  [/^\/(emergency)/, 'emergency'],
  [/^\/reporting/i, 'reporting'],
  [
    /^\/(user-types|olduser-types|add-user-type|privacy-manager|duplication-control-board|attendance-modes|add-attendance-mode|add-reason|custom-fields|add-custom-field|watch-list|roles|notification-settings|mail-log|settings)/,
    'user_settings',
  ],
  [/^\/(users|invite-users|rfid-enrollment|multiple-signin)/, 'users'],
  [/^\/(integration|sync-|write-back|attendance-codes|view-integration|googleAD)/, 'integration'],
];

/** The active item from the current path or its parent route. */
export function activeMenuKey(pathname: string): string | undefined {
  for (const [pattern, key] of FIXED_ACTIVE) if (pattern.test(pathname)) return key;
  const direct = MENU.find((m) => m.to && m.to !== '/' && pathname.startsWith(m.to));
  if (direct) return direct.key;
  return pathname === '/' || pathname === '/filtered' ? 'dashboard' : undefined;
}
