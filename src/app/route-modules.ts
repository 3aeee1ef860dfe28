// Which lazy module renders each route. A route without a built screen gets ComingSoonPage.
import { createElement, type ComponentType } from 'react';
import type { RouteDef } from '../../domain/routes';

export type RouteModule = () => Promise<{ Component: ComponentType }>;

const comingSoon: RouteModule = () => import('../ui/coming-soon-page').then((m) => ({ Component: m.ComingSoonPage }));
const errorPage: RouteModule = () =>
  import('../features/errors/components/error-page').then((m) => ({ Component: m.ErrorPage }));

const journeyForm: RouteModule = () =>
  import('../features/journeys/components/journey-form-page').then((m) => ({ Component: m.JourneyFormPage }));
const flowForm: RouteModule = () =>
  import('../features/journeys/components/flow-form-page').then((m) => ({ Component: m.FlowFormPage }));

const BUILT: Record<string, RouteModule> = {
  '/notification-settings': () =>
    import('../features/notifications/components/notification-settings-page').then((m) => ({
      Component: m.NotificationSettingsPage,
    })),
  // Directory integrations.
  '/integration': () =>
    import('../features/integrations/components/integrations-page').then((m) => ({ Component: m.IntegrationsPage })),
  '/integration-settings': () =>
    import('../features/integrations/components/integration-settings-page').then((m) => ({
      Component: m.IntegrationSettingsPage,
    })),
  '/sync-status': () =>
    import('../features/integrations/components/sync-status-page').then((m) => ({ Component: m.SyncStatusPage })),
  '/sync-integration': () =>
    import('../features/integrations/components/sync-integration-page').then((m) => ({
      Component: m.SyncIntegrationPage,
    })),
  '/integration-duplicate': () =>
    import('../features/integrations/components/integration-duplicate-page').then((m) => ({
      Component: m.IntegrationDuplicatePage,
    })),
  '/integration-error': () =>
    import('../features/integrations/components/integration-rows-pages').then((m) => ({
      Component: m.IntegrationErrorPage,
    })),
  '/integration-valid': () =>
    import('../features/integrations/components/integration-rows-pages').then((m) => ({
      Component: m.IntegrationValidPage,
    })),
  '/attendance-codes/:integId/:integName': () =>
    import('../features/integrations/components/attendance-codes-page').then((m) => ({
      Component: m.AttendanceCodesPage,
    })),
  '/write-back': () =>
    import('../features/integrations/components/write-back-page').then((m) => ({ Component: m.WriteBackPage })),
  // Google/Microsoft consent landings: store the sealed tokens, then back to the integration.
  '/googleAD/auth/:accessToken/:refreshToken/:encryptedEmail': () =>
    import('../features/integrations/components/consent-complete-page').then((m) => ({
      Component: m.ConsentCompletePage,
    })),
  '/azureAD/auth/:accessToken/:refreshToken/:encryptedEmail': () =>
    import('../features/integrations/components/consent-complete-page').then((m) => ({
      Component: m.ConsentCompletePage,
    })),
  '/view-integration/:integId/:integName': () =>
    import('../features/integrations/components/view-integration-page').then((m) => ({
      Component: m.ViewIntegrationPage,
    })),
  '/login': () => import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })),
  '/forgot-password': () =>
    import('../features/auth/components/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  '/reset-password/:token': () =>
    import('../features/auth/components/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  '/logout': () => import('../features/auth/components/logout-page').then((m) => ({ Component: m.LogoutPage })),
  '/error': errorPage,
  '/otp-error': errorPage,
  '/404': errorPage,
  '/': () => import('../features/dashboard/components/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  '/filtered': () =>
    import('../features/dashboard/components/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  '/multiple-signin': () =>
    import('../features/dashboard/components/multiple-signin-page').then((m) => ({ Component: m.MultipleSigninPage })),
  '/users': () => import('../features/people/components/users-page').then((m) => ({ Component: m.UsersPage })),
  // User import.
  '/users/import': () => import('../features/import/components/import-page').then((m) => ({ Component: m.ImportPage })),
  '/users/import/grid': () =>
    import('../features/import/components/import-grid-page').then((m) => ({ Component: m.ImportGridPage })),
  '/users/import/queue': () =>
    import('../features/import/components/import-queue-page').then((m) => ({ Component: m.ImportQueuePage })),
  '/users/import/details/:id': () =>
    import('../features/import/components/import-details-page').then((m) => ({ Component: m.ImportDetailsPage })),
  '/user-types': () =>
    import('../features/people/components/user-types-page').then((m) => ({ Component: m.UserTypesPage })),
  // The spec's older address of the same list: one list of user types, so it opens that list.
  '/olduser-types': () =>
    import('react-router-dom').then((m) => ({
      Component: () => createElement(m.Navigate, { to: '/user-types', replace: true }),
    })),
  '/add-user-type': () =>
    import('../features/people/components/add-user-type-page').then((m) => ({ Component: m.AddUserTypePage })),
  '/invite-users-to-dashboard': () =>
    import('../features/people/components/invite-users-page').then((m) => ({ Component: m.InviteUsersPage })),
  '/duplication-control-board': () =>
    import('../features/duplicates/components/duplication-board-page').then((m) => ({
      Component: m.DuplicationBoardPage,
    })),
  '/rfid-enrollment': () =>
    import('../features/people/components/rfid-enrollment-page').then((m) => ({ Component: m.RfidEnrollmentPage })),
  '/device': () => import('../features/device/components/device-page').then((m) => ({ Component: m.DevicePage })),
  '/remote-sign-in': () =>
    import('../features/remote-sign-in/components/remote-sign-in-page').then((m) => ({
      Component: m.RemoteSignInPage,
    })),
  '/company': () => import('../features/company/components/company-page').then((m) => ({ Component: m.CompanyPage })),
  '/two-step': () =>
    import('../features/two-step/components/two-step-page').then((m) => ({ Component: m.TwoStepPage })),
  '/roles': () => import('../features/roles/components/roles-page').then((m) => ({ Component: m.RolesPage })),
  '/vp/playground': () =>
    import('../features/kiosk/components/playground-page').then((m) => ({ Component: m.PlaygroundPage })),
  '/passport': () =>
    import('../features/passport/components/passport-page').then((m) => ({ Component: m.PassportPage })),
  // Pre-registration.
  '/pre-registration/:id?': () =>
    import('../features/preregistration/components/pre-registration-page').then((m) => ({
      Component: m.PreRegistrationPage,
    })),
  '/pre-registration/:id?/success': () =>
    import('../features/preregistration/components/success-page').then((m) => ({ Component: m.SuccessPage })),
  '/e/:id?': () =>
    import('../features/preregistration/components/forwarders').then((m) => ({ Component: m.ExpectedLinkPage })),
  '/c/:visitUrl/:code?': () =>
    import('../features/preregistration/components/visit-link-page').then((m) => ({ Component: m.VisitLinkPage })),
  '/online-compliance/:id?': () =>
    import('../features/preregistration/components/online-compliance-page').then((m) => ({
      Component: m.OnlineCompliancePage,
    })),
  '/confirm-registration/:id': () =>
    import('../features/preregistration/components/confirm-registration-page').then((m) => ({
      Component: m.ConfirmRegistrationPage,
    })),
  '/link-expired': () =>
    import('../features/preregistration/components/link-expired-page').then((m) => ({ Component: m.LinkExpiredPage })),
  '/rfid/:code': () =>
    import('../features/preregistration/components/rfid-page').then((m) => ({ Component: m.RfidPage })),
  // One-time login links and single sign-on.
  '/login-one-time': () =>
    import('../features/sso/components/login-one-time-page').then((m) => ({ Component: m.LoginOneTimePage })),
  '/sso/:id?/:atex?/:entityId?/:ip?': () =>
    import('../features/sso/components/sso-page').then((m) => ({ Component: m.SsoPage })),
  '/add-expected-visitors': () =>
    import('../features/expected-visits/components/expected-visitors-page').then((m) => ({
      Component: m.ExpectedVisitorsPage,
    })),
  '/emergency-list': () =>
    import('../features/emergency/components/emergency-list-page').then((m) => ({ Component: m.EmergencyListPage })),
  '/emergency-sessions': () =>
    import('../features/emergency/components/sessions-page').then((m) => ({ Component: m.SessionsPage })),
  '/emergency-sessions/:sessionName/:sessionId': () =>
    import('../features/emergency/components/session-page').then((m) => ({ Component: m.SessionPage })),
  '/kiosk-register': () => import('../features/kiosk/components/kiosk-page').then((m) => ({ Component: m.KioskPage })),
  // Sites and devices: sites and areas, and the kiosk list as a tab (src/app composes features).
  '/sites': () => import('./sites-devices-page').then((m) => ({ Component: m.SitesDevicesPage })),
  // Journey builder.
  '/journeys': () =>
    import('../features/journeys/components/journeys-page').then((m) => ({ Component: m.JourneysPage })),
  '/add-journey': journeyForm,
  '/update/journey/:id': journeyForm,
  '/add-flow': flowForm,
  '/add/journey/flow/:id': flowForm,
  '/update/journey/flow/:id': flowForm,
  // Custom fields and sections.
  // Attendance modes and reasons.
  '/attendance-modes': () =>
    import('../features/attendance/components/attendance-modes-page').then((m) => ({
      Component: m.AttendanceModesPage,
    })),
  '/add-attendance-mode': () =>
    import('../features/attendance/components/mode-form-page').then((m) => ({ Component: m.ModeFormPage })),
  '/add-reason': () =>
    import('../features/attendance/components/reason-form-page').then((m) => ({ Component: m.ReasonFormPage })),
  '/mail-log': () =>
    import('../features/expected-visits/components/mail-log-page').then((m) => ({ Component: m.MailLogPage })),
  '/watch-list': () =>
    import('../features/watch-list/components/watch-list-page').then((m) => ({ Component: m.WatchListPage })),
  '/custom-fields': () =>
    import('../features/custom-fields/components/custom-fields-page').then((m) => ({ Component: m.CustomFieldsPage })),
  '/add-custom-field': () =>
    import('../features/custom-fields/components/section-editor-page').then((m) => ({
      Component: m.SectionEditorPage,
    })),
  // Announcements and the privacy manager.
  '/announcements': () =>
    import('../features/announcements/components/announcements-page').then((m) => ({ Component: m.AnnouncementsPage })),
  '/add-announcement': () =>
    import('../features/announcements/components/announcement-form-page').then((m) => ({
      Component: m.AnnouncementFormPage,
    })),
  '/announcement-details': () =>
    import('../features/announcements/components/announcement-details-page').then((m) => ({
      Component: m.AnnouncementDetailsPage,
    })),
  '/privacy-manager': () =>
    import('../features/privacy/components/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  // Reports.
  '/reporting/history': () =>
    import('../features/reports/components/history-page').then((m) => ({ Component: m.HistoryPage })),
  '/reporting/visit_summary': () =>
    import('../features/reports/components/visit-summary-page').then((m) => ({ Component: m.VisitSummaryPage })),
  '/reporting/timesheet': () =>
    import('../features/reports/components/timesheet-page').then((m) => ({ Component: m.TimesheetPage })),
  '/reporting/time': () => import('../features/reports/components/time-page').then((m) => ({ Component: m.TimePage })),
  '/reporting/export-list': () =>
    import('../features/reports/components/export-list-page').then((m) => ({ Component: m.ExportListPage })),
  '/reporting/users-not-on-site': () =>
    import('../features/reports/components/users-not-on-site-page').then((m) => ({ Component: m.UsersNotOnSitePage })),
  '/reporting/track-trace': () =>
    import('../features/reports/components/track-trace-page').then((m) => ({ Component: m.TrackTracePage })),
  '/reporting/kiosk-logs': () =>
    import('../features/reports/components/kiosk-logs-page').then((m) => ({ Component: m.KioskLogsPage })),
  '/reporting/printer': () =>
    import('../features/reports/components/printer-page').then((m) => ({ Component: m.PrinterPage })),
  '/compliances': () =>
    import('../features/compliance/components/compliances-page').then((m) => ({ Component: m.CompliancesPage })),
  '/compliance-new': () =>
    import('../features/compliance/components/compliance-editor-page').then((m) => ({
      Component: m.NewCompliancePage,
    })),
  '/compliance/update/:id': () =>
    import('../features/compliance/components/compliance-editor-page').then((m) => ({
      Component: m.UpdateCompliancePage,
    })),
};

export function moduleFor(route: RouteDef): RouteModule {
  return BUILT[route.path] ?? comingSoon;
}

/** Paths whose screen exists (the rest render the coming-soon state). */
export const BUILT_PATHS: readonly string[] = Object.keys(BUILT);
