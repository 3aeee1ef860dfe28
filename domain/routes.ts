// Every route of both spec documents, with the keys that guard it (spec 1 §2 and §6,
// DESIGN ruling 2: the menu key and the page key are both enforced).

export type RouteKind = 'public' | 'error' | 'private' | 'section';
/** Which issue builds the screen; a route whose feature has not landed shows "coming soon". */
export type Feature =
  | 'foundation'
  | 'sync'
  | 'kiosk'
  | 'preregistration'
  | 'emergency'
  | 'dashboard'
  | 'people'
  | 'company'
  | 'announcements'
  | 'reporting'
  | 'sites'
  | 'journeys'
  | 'compliance'
  | 'settings'
  | 'integrations'
  | 'attendance';

export interface RouteDef {
  path: string;
  kind: RouteKind;
  /** i18n key under "routes" for the page title. */
  title: string;
  feature: Feature;
  menuKey?: string;
  pageKey?: string;
  /** Standalone package: 'open' for sites and passport, 'techTeam' for company. */
  standalone?: 'open' | 'techTeam';
  /** Integration sub-pages opened directly from the dashboard go back to /integration. */
  flowOf?: '/integration';
}

const pub = (path: string, title: string, feature: Feature, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  kind: 'public',
  title,
  feature,
  ...extra,
});
const priv = (
  path: string,
  title: string,
  feature: Feature,
  menuKey?: string,
  pageKey?: string,
  extra: Partial<RouteDef> = {},
): RouteDef => ({ path, kind: 'private', title, feature, menuKey, pageKey, ...extra });
const integ = (path: string, title: string): RouteDef =>
  priv(path, title, 'integrations', 'integration', 'integration', { flowOf: '/integration' });

export const ROUTES: readonly RouteDef[] = [
  pub('/login', 'login', 'foundation'),
  pub('/forgot-password', 'forgotPassword', 'foundation'),
  // The one-time link from the forgot-password or first-password mail.
  pub('/reset-password/:token', 'resetPassword', 'foundation'),
  pub('/sso/:id?/:atex?/:entityId?/:ip?', 'sso', 'foundation'),
  pub('/kiosk-register', 'kioskRegister', 'kiosk'),
  pub('/pre-registration/:id?', 'preRegistration', 'preregistration'),
  pub('/pre-registration/:id?/success', 'preRegistrationSuccess', 'preregistration'),
  pub('/e/:id?', 'expectedLink', 'preregistration'),
  pub('/online-compliance/:id?', 'onlineCompliance', 'preregistration'),
  pub('/c/:visitUrl/:code?', 'visitLink', 'preregistration'),
  pub('/rfid/:code', 'rfid', 'preregistration'),
  pub('/link-expired', 'linkExpired', 'preregistration'),
  pub('/confirm-registration/:id', 'confirmRegistration', 'preregistration'),
  pub('/login-one-time', 'loginOneTime', 'preregistration'),
  pub('/passport', 'passport', 'foundation', { standalone: 'open' }),
  pub('/vp/playground', 'playground', 'foundation'),
  pub('/logout', 'logout', 'foundation'),
  { path: '/error', kind: 'error', title: 'error', feature: 'foundation' },
  { path: '/otp-error', kind: 'error', title: 'otpError', feature: 'foundation' },
  { path: '/404', kind: 'error', title: 'notFound', feature: 'foundation' },

  priv('/', 'dashboard', 'dashboard', 'dashboard'),
  priv('/filtered', 'dashboardFiltered', 'dashboard', 'dashboard'),
  priv('/device', 'device', 'sync'),
  // The person's own two-step authentication: any logged-in person.
  priv('/two-step', 'twoStep', 'foundation'),
  priv('/company', 'company', 'company', 'company_details', 'company_details', { standalone: 'techTeam' }),
  priv('/users', 'users', 'people', 'users', 'users'),
  priv('/users/import', 'usersImport', 'people', 'users', 'users'),
  priv('/users/import/grid', 'usersImportGrid', 'people', 'users', 'users'),
  priv('/users/import/queue', 'usersImportQueue', 'people', 'users', 'users'),
  priv('/users/import/details/:id', 'usersImportDetails', 'people', 'users', 'users'),
  priv(
    '/duplication-control-board',
    'duplicationBoard',
    'people',
    'user_settings',
    'show_duplication_control_board_list',
  ),
  priv('/invite-users-to-dashboard', 'inviteUsers', 'people', 'users', 'users'),
  priv('/rfid-enrollment', 'rfidEnrollment', 'people', 'users', 'users'),
  priv('/multiple-signin', 'multipleSignin', 'dashboard', 'users', 'users'),
  priv('/announcements', 'announcements', 'announcements', 'announcements', 'announcements'),
  priv('/add-announcement', 'addAnnouncement', 'announcements', 'announcements', 'add-announcement'),
  priv('/announcement-details', 'announcementDetails', 'announcements', 'announcements', 'announcements'),
  { path: '/reporting', kind: 'section', title: 'reporting', feature: 'reporting', menuKey: 'reporting' },
  priv('/reporting/time', 'reportingTime', 'reporting', 'reporting'),
  priv('/reporting/history', 'reportingHistory', 'reporting', 'reporting', 'show_history_list'),
  priv('/reporting/visit_summary', 'reportingVisitSummary', 'reporting', 'reporting', 'show_visit_summary_list'),
  priv(
    '/reporting/users-not-on-site',
    'reportingUsersNotOnSite',
    'reporting',
    'reporting',
    'show_users_not_on_site_list',
  ),
  priv('/reporting/printer', 'reportingPrinter', 'reporting', 'reporting', 'show_printer_list'),
  priv('/reporting/kiosk-logs', 'reportingKioskLogs', 'reporting', 'reporting', 'show_kiosk_logs_list'),
  priv('/reporting/timesheet', 'reportingTimesheet', 'reporting', 'reporting', 'show_time_sheet_list'),
  priv('/reporting/track-trace', 'reportingTrackTrace', 'reporting', 'reporting', 'show_track_trace_list'),
  priv('/reporting/export-list', 'reportingExportList', 'reporting', 'reporting', 'show_export_list'),
  priv('/add-expected-visitors', 'addExpectedVisitors', 'preregistration'),
  priv('/sites', 'sites', 'sites', 'sites_devices', 'sites_devices', { standalone: 'open' }),
  // Remote sign in/out from a phone (the spec names no path): any logged-in person.
  priv('/remote-sign-in', 'remoteSignIn', 'sites'),
  priv('/olduser-types', 'oldUserTypes', 'people', 'user_settings', 'show_user_types_list'),
  priv('/user-types', 'userTypes', 'people', 'user_settings', 'show_user_types_list'),
  priv('/add-user-type', 'addUserType', 'people', 'user_settings', 'add_new_user_type'),
  priv('/journeys', 'journeys', 'journeys', 'journey_builder', 'show_journey_list'),
  priv('/add-journey', 'addJourney', 'journeys', 'journey_builder', 'create_journey'),
  priv('/update/journey/:id', 'updateJourney', 'journeys', 'journey_builder', 'edit_journey'),
  priv('/add-flow', 'addFlow', 'journeys', 'journey_builder', 'add_journey_flow'),
  priv('/add/journey/flow/:id', 'addJourneyFlow', 'journeys', 'journey_builder', 'add_journey_flow'),
  priv('/update/journey/flow/:id', 'updateJourneyFlow', 'journeys', 'journey_builder', 'edit_journey_flow'),
  priv('/compliances', 'compliances', 'compliance', 'compliance', 'show_compliance_list'),
  priv('/compliance-new', 'complianceNew', 'compliance', 'compliance', 'create_compliance'),
  priv('/compliance/update/:id', 'complianceUpdate', 'compliance', 'compliance', 'edit_compliance'),
  { path: '/settings', kind: 'section', title: 'settings', feature: 'settings', menuKey: 'user_settings' },
  priv('/privacy-manager', 'privacyManager', 'settings', 'user_settings', 'show_privacy_manager_list'),
  priv('/custom-fields', 'customFields', 'settings', 'user_settings', 'show_custom_fields'),
  // The watch list: its own key, watch_list.
  priv('/watch-list', 'watchList', 'settings', 'user_settings', 'watch_list'),
  // What Gatehouse mailed (or logged without SMTP): open to those who manage people, like /api/mail-log.
  priv('/mail-log', 'mailLog', 'settings', 'user_settings', 'users'),
  // Which keys each role allows (the spec names no path): under Settings.
  priv('/roles', 'roles', 'settings', 'user_settings', 'user_settings'),
  // Host notifications: channels, providers, failures.
  priv('/notification-settings', 'notificationSettings', 'settings', 'user_settings', 'company_details'),
  priv('/add-custom-field', 'addCustomField', 'settings', 'user_settings', 'add_custom_field_to_new_section'),
  priv('/integration', 'integration', 'integrations', 'integration', 'integration'),
  integ('/integration-settings', 'integrationSettings'),
  integ('/sync-integration', 'syncIntegration'),
  integ('/sync-status', 'syncStatus'),
  integ('/integration-error', 'integrationError'),
  integ('/integration-duplicate', 'integrationDuplicate'),
  integ('/integration-valid', 'integrationValid'),
  integ('/write-back', 'writeBack'),
  integ('/attendance-codes/:integId/:integName', 'attendanceCodes'),
  integ('/view-integration/:integId/:integName', 'viewIntegration'),
  priv(
    '/googleAD/auth/:accessToken/:refreshToken/:encryptedEmail',
    'googleAdAuth',
    'integrations',
    'integration',
    'integration',
  ),
  // Microsoft's equivalent of the Google consent landing (the spec names only Google's).
  priv(
    '/azureAD/auth/:accessToken/:refreshToken/:encryptedEmail',
    'azureAdAuth',
    'integrations',
    'integration',
    'integration',
  ),
  priv('/emergency-list', 'emergencyList', 'emergency', 'emergency', 'show_emergency_list'),
  priv('/emergency-sessions', 'emergencySessions', 'emergency', 'emergency', 'show_emergency_sessions'),
  priv(
    '/emergency-sessions/:sessionName/:sessionId',
    'emergencySession',
    'emergency',
    'emergency',
    'show_emergency_sessions',
  ),
  priv('/attendance-modes', 'attendanceModes', 'attendance', 'user_settings', 'show_attendance_modes'),
  priv('/add-attendance-mode', 'addAttendanceMode', 'attendance', 'user_settings', 'add_attendance_mode'),
  priv('/add-reason', 'addReason', 'attendance', 'user_settings', 'add_reason'),
];

/** Match a concrete pathname against a route pattern with :params and optional :params?. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  let g = 0;
  for (const seg of want) {
    const optional = seg.endsWith('?');
    if (seg.startsWith(':')) {
      const name = seg.slice(1, optional ? -1 : undefined);
      if (g < got.length) params[name] = decodeURIComponent(got[g++]!);
      else if (!optional) return null;
    } else {
      if (got[g]?.toLowerCase() !== seg.toLowerCase()) return null;
      g++;
    }
  }
  return g === got.length ? params : null;
}

/** Literal segments beat parameters, so /pre-registration/x/success is not read as /pre-registration/:id. */
export function findRoute(pathname: string): RouteDef | undefined {
  const hits = ROUTES.filter((r) => matchPath(r.path, pathname));
  const literal = (r: RouteDef) => r.path.split('/').filter((s) => s && !s.startsWith(':')).length;
  return hits.sort((a, b) => literal(b) - literal(a))[0];
}
