// The app's services, built once per app from its deps (no module-level singletons).
import type { Db } from './db/database';
import { authService, type AuthOptions } from './auth/auth.service';
import { sessionChecks } from './auth/session-checks';
import { rolesService } from './roles/roles.service';
import { usersService } from './users/users.service';
import { syncService } from './sync/sync.service';
import { serverMutations, serverScopes } from './sync-registry';
import { createMailer, type MailOptions } from './mail/mailer';
import { passwordResetService } from './password-reset/password-reset.service';
import { preregistrationService } from './preregistration/preregistration.service';
import { expectedVisitsService } from './preregistration/expected-visits.service';
import { emergencyService } from './emergency/emergency.service';
import type { Realtime } from './realtime';
import { kioskService } from './kiosk/kiosk.service';
import { kioskCommandsService } from './kiosk/kiosk-commands.service';
import { kioskPairingService } from './kiosk/kiosk-pairing.service';
import { dashboardService } from './dashboard/dashboard.service';
import { peopleService } from './people/people.service';
import { userTypesService } from './people/user-types.service';
import { journeysService } from './journeys/journeys.service';
import { invitesService } from './people/invites.service';
import { userDocumentsService } from './people/user-documents.service';
import { enrollmentService } from './people/enrollment.service';
import { resourcesService } from './people/resources.service';
import { rfidEnrolmentService } from './rfid-enrolment/rfid-enrolment.service';
import { complianceService } from './compliance/compliance.service';
import { complianceDocumentsService } from './compliance/compliance-documents.service';
import { reportsService } from './reports/reports.service';
import { exportsService } from './reports/exports.service';
import { moreReportsService } from './reports/more-reports.service';
import { customFieldsService } from './custom-fields/custom-fields.service';
import { attendanceService } from './attendance/attendance.service';
import { duplicatesService } from './duplicates/duplicates.service';
import { announcementsService } from './announcements/announcements.service';
import { privacyService } from './privacy/privacy.service';
import { retentionJob } from './privacy/retention-job';
import { companyService } from './company/company.service';
import { autoSignOutService } from './auto-sign-out/auto-sign-out.service';
import { remoteSignInService } from './auto-sign-out/remote-sign-in.service';
import { placesService } from './places/places.service';
import { twoStepService } from './two-step/two-step.service';
import { secretBox } from './two-step/secret-box';
import { withRoleEvents } from './two-step/role-events';
import { importService } from './import/import.service';
import { integrationsService } from './integrations/integrations.service';
import { integrationSync } from './integrations/integration-sync';
import { credentialsBox, directoryClientFor } from './integrations/directory-access';
import { integrationConsent } from './integrations/oauth-consent';
import { attendanceCodesService } from './integrations/attendance-codes';
import { writeBackJob } from './integrations/write-back';
import { writeBackService } from './integrations/write-back.service';
import { oneTimeLoginService } from './sso/one-time-login.service';
import { sessionStarter } from './sso/session-start';
import { ssoService } from './sso/sso.service';
import { passportService } from './passport/passport.service';
import { passportIdCipher } from './passport/passport-id-cipher';
import { withPassportInvitations } from './passport/passport-invitations';
import { notificationSender } from './notifications/sender-job';
import { notificationsService } from './notifications/notifications.service';
import { ackLinks } from './notifications/ack-link';
import { notificationsBox } from './notifications/settings';
import { watchListService } from './watch-list/watch-list.service';

export function buildServices(
  db: Db,
  now: () => number,
  authOptions: AuthOptions,
  onChanged: (entityId: string) => void,
  realtime?: Pick<Realtime, 'emitToEntity' | 'emitToRoom' | 'dataInRoom' | 'dropToken' | 'recheckUsers'>,
  mail: MailOptions = {},
) {
  const mailer = createMailer(db, now, mail);
  // Writes that end or change a session drop its sockets (server/auth/session-checks.ts).
  const sessions = sessionChecks(realtime);
  const reports = reportsService(db, now);
  const passwordReset = passwordResetService(db, now, mailer, realtime);
  const integrationBox = credentialsBox(process.env.INTEGRATION_KEY);
  const integrationJobs = integrationSync(db, now, integrationBox, directoryClientFor, onChanged);
  const integrations = integrationsService(db, now, integrationBox, integrationJobs);
  // Attendance codes and write-back of an integration.
  const writeBackJobs = writeBackJob(db, now, integrationBox, directoryClientFor);
  const twoStep = twoStepService(db, now, secretBox(process.env.TWO_STEP_KEY), realtime);
  // Single sign-on and one-time login; plain-http issuers only outside production.
  const oneTimeLogin = oneTimeLoginService(db, now, sessionStarter(db, now, twoStep));
  const ssoBox = secretBox(process.env.SSO_KEY, 'SSO_KEY', 'gatehouse-development-sso-key');
  const sso = ssoService(db, now, ssoBox, oneTimeLogin, {
    allowInsecureIssuers: process.env.NODE_ENV !== 'production',
  });
  const passportIds = passportIdCipher(process.env.PASSPORT_ID_KEY);
  const passport = passportService(db, now, passportIds, realtime);
  // Host notifications outbox: a push that wrote notifications starts the sender at once.
  const notificationLinks = ackLinks(process.env.INTEGRATION_KEY);
  const notificationSecrets = notificationsBox();
  const notificationJob = notificationSender(db, now, mailer, {
    box: notificationSecrets,
    links: notificationLinks,
    onChanged,
  });
  return {
    mailer,
    preregistration: preregistrationService(db, now, mailer, (sent) => passportIds.openAccount(sent)),
    expectedVisits: expectedVisitsService(db, now, mailer, onChanged),
    sync: syncService(
      db,
      now,
      (entityId) => {
        onChanged(entityId);
        notificationJob.kick();
      },
      serverMutations,
      realtime && ((entityId, n) => realtime.emitToEntity(entityId, n.event, n.payload as never)),
      // SYNC_SCOPES=off sends every device everything (the sync benchmark's "before" figures).
      process.env.SYNC_SCOPES === 'off' ? undefined : serverScopes,
    ),
    emergency: emergencyService(db, now),
    auth: authService(db, now, authOptions, realtime, twoStep),
    twoStep,
    oneTimeLogin,
    sso,
    passport,
    passwordReset,
    users: usersService(db, now),
    roles: rolesService(db, realtime),
    kiosks: sessions.kiosks(kioskService(db, now, realtime)),
    kioskCommands: kioskCommandsService(db, now, realtime),
    kioskPairing: kioskPairingService(db, now),
    dashboard: dashboardService(db, now),
    people: sessions.people(withRoleEvents(peopleService(db, now, onChanged), db, realtime)),
    userTypes: userTypesService(db, onChanged),
    journeys: journeysService(db, now, onChanged),
    invites: sessions.invites(withPassportInvitations(invitesService(db, now, onChanged), passport)),
    userDocuments: userDocumentsService(db, now),
    enrollment: enrollmentService(db, onChanged),
    resources: resourcesService(db),
    rfidLinks: rfidEnrolmentService(db, now, mailer, onChanged),
    compliance: complianceService(db, now, onChanged),
    complianceDocuments: complianceDocumentsService(db, now, onChanged),
    reports,
    exports: exportsService(db, now, reports, realtime),
    moreReports: moreReportsService(db, now),
    customFields: customFieldsService(db, onChanged),
    attendance: attendanceService(db, now, onChanged),
    duplicates: duplicatesService(db, now, onChanged),
    announcements: announcementsService(db, now, onChanged),
    watchList: watchListService(db, now),
    privacy: privacyService(db, now),
    retention: retentionJob(db, now, onChanged),
    company: companyService(db, now, passwordReset, realtime),
    autoSignOut: autoSignOutService(db, now, onChanged),
    remoteSignIn: remoteSignInService(db, now, onChanged),
    places: placesService(db, now, onChanged, realtime),
    imports: importService(db, now, onChanged, realtime),
    integrationJobs,
    integrations,
    // Google/Microsoft consent: state and hand-off sealed under INTEGRATION_KEY.
    integrationConsent: integrationConsent(db, now, integrationBox, process.env.INTEGRATION_KEY, integrations),
    writeBackJobs,
    attendanceCodes: attendanceCodesService(db, integrations.own),
    writeBack: writeBackService(db, integrations.own, integrationBox, directoryClientFor, writeBackJobs),
    notificationJob,
    notifications: notificationsService(
      db,
      now,
      notificationSecrets,
      notificationLinks,
      onChanged,
      () => notificationJob.kick(),
      process.env.NODE_ENV === 'production',
    ),
  };
}
export type Services = ReturnType<typeof buildServices>;
