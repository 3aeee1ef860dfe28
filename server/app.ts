// buildApp(deps): the whole HTTP API as a Fastify instance that does not listen, so tests can
// drive it with app.inject() and main.ts can attach socket.io and listen.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { DEMO_PASSWORD } from '../domain/constants';
import type { DatabaseHandle } from './db/database';
import { authRoutes } from './auth/auth.routes';
import { rateLimitOptions, trustProxyOption } from './auth/rate-limits';
import { sharedRateLimitStore } from './auth/shared-rate-limit-store';
import { healthRoutes } from './health/health.routes';
import { unauthenticated } from './http/api-error';
import { pgliteTimingOn, timeRequests } from './db/pglite-timing';
import { bearerToken, routeAccessOf } from './http/context';
import { scopeHandler } from './http/route-schemas';
import { routeDocOf } from './openapi/route-doc';
import type { RouteEntry } from './http/route-entry';
import { openapiRoutes } from './openapi/openapi.routes';
import { echoRequestId, requestIdOf } from './http/observability';
import { createMetrics, registerMetrics, type Metrics } from './http/metrics';
import { registerErrorHandling } from './http/error-handler';
import { registerSecurityHeaders } from './http/security-headers';
import { registerJsonCompression } from './http/compress-json';
import { registerStatic } from './http/static';
import { createRealtimeHub, type Realtime, type RealtimeHub } from './realtime';
import { pokeThrottle } from './sync/poke-throttle';
import { rolesRoutes } from './roles/roles.routes';
import { buildServices, type Services } from './services';
import { usersRoutes } from './users/users.routes';
import { syncRoutes } from './sync/sync.routes';
import type { MailOptions } from './mail/mailer';
import { mailRoutes } from './mail/mail.routes';
import { complianceRoutes } from './compliance/compliance.routes';
import { preregistrationRoutes } from './preregistration/preregistration.routes';
import { expectedVisitsRoutes } from './preregistration/expected-visits.routes';
import { emergencyRoutes } from './emergency/emergency.routes';
import { kioskRoutes } from './kiosk/kiosk.routes';
import { kioskCommandsRoutes } from './kiosk/kiosk-commands.routes';
import { kioskPairingRoutes } from './kiosk/kiosk-pairing.routes';
import { placesRoutes } from './places/places.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { peopleRoutes } from './people/people.routes';
import { userTypesRoutes } from './people/user-types.routes';
import { journeysRoutes } from './journeys/journeys.routes';
import { invitesRoutes } from './people/invites.routes';
import { userDocumentsRoutes } from './people/user-documents.routes';
import { enrollmentRoutes } from './people/enrollment.routes';
import { resourcesRoutes } from './people/resources.routes';
import { rfidEnrolmentRoutes } from './rfid-enrolment/rfid-enrolment.routes';
import { reportsRoutes } from './reports/reports.routes';
import { importRoutes } from './import/import.routes';
import { timesheetRoutes } from './reports/timesheet.routes';
import { moreReportsRoutes } from './reports/more-reports.routes';
import { printRoutes } from './reports/print.routes';
import { customFieldsRoutes } from './custom-fields/custom-fields.routes';
import { attendanceRoutes } from './attendance/attendance.routes';
import { duplicatesRoutes } from './duplicates/duplicates.routes';
import { announcementsRoutes } from './announcements/announcements.routes';
import { privacyRoutes } from './privacy/privacy.routes';
import { autoSignOutRoutes } from './auto-sign-out/auto-sign-out.routes';
import { mailFirstPasswords, passwordResetRoutes } from './password-reset/password-reset.routes';
import { companyRoutes } from './company/company.routes';
import { enforceTwoStep } from './two-step/enforcement';
import { twoStepRoutes } from './two-step/two-step.routes';
import { integrationsRoutes } from './integrations/integrations.routes';
import { integrationOAuthRoutes } from './integrations/oauth.routes';
import { writeBackRoutes } from './integrations/write-back.routes';
import { ssoRoutes } from './sso/sso.routes';
import { oneTimeLoginRoutes } from './sso/one-time-login.routes';
import { passportRoutes } from './passport/passport.routes';
import { syncScopesRoutes } from './sync-scopes/sync-scopes.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { watchListRoutes } from './watch-list/watch-list.routes';

export interface AppDeps {
  database: DatabaseHandle;
  /** Epoch ms; injected so tests can move time (token expiry, login windows). */
  now: () => number;
  /** The built PWA (dist/); without it only /api is served. */
  staticDir?: string;
  loginLimits?: {
    /** Requests per address to /api/login. */
    perAddress?: { max: number; timeWindowMs: number };
    /** Failed logins per account before 429, within the window. */
    perAccount?: { maxFailures: number; windowMs: number };
  };
  /** Production refuses the public demo password even if such a hash exists. */
  production?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Addresses/CIDRs of the proxies in front (TRUSTED_PROXIES); only their X-Forwarded-For is believed. */
  trustedProxies?: readonly string[];
  /** Outgoing mail (SMTP_URL); without it mail only goes to the mail log. */
  mail?: MailOptions;
  /** Where visitors open their links (PUBLIC_URL) and the passport host (PASSPORT_URL); default: this server. */
  publicUrl?: string;
  passportUrl?: string;
  /** METRICS_TOKEN: the bearer token a Prometheus scraper sends to GET /metrics; unset, /metrics answers 404. */
  metricsToken?: string;
  /** How often this instance runs the auto sign-out job (unset: not scheduled; tests run it). */
  autoSignOutIntervalMs?: number;
  /** Whether this instance sweeps retention (unset: not scheduled; tests run it themselves). */
  retentionSchedule?: boolean;
  /** How often this instance runs the host notification sender (unset: not scheduled; tests run it). */
  notificationIntervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    realtime: Realtime;
    realtimeHub: RealtimeHub;
    /** Every route as registered (onRoute), for the tenancy walk and API listings. */
    routeTable: RouteEntry[];
    /** Prometheus metrics of this instance; background jobs count their runs here. */
    metrics: Metrics;
  }
}

export type { RouteEntry };

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: requestIdOf,
    trustProxy: trustProxyOption(deps.trustedProxies),
    bodyLimit: 1024 * 1024,
  });
  const hub = createRealtimeHub();
  // A company's devices are poked at most once per POKE_EVERY_MS, the last change always (server/sync/poke-throttle.ts).
  const pokes = pokeThrottle((entityId) => hub.emitToEntity(entityId, 'poke', { entity_id: entityId }));
  const services = buildServices(
    deps.database.db,
    deps.now,
    {
      maxFailures: deps.loginLimits?.perAccount?.maxFailures ?? 5,
      windowMs: deps.loginLimits?.perAccount?.windowMs ?? 15 * 60 * 1000,
      refusedPasswords: deps.production ? [DEMO_PASSWORD] : [],
    },
    pokes.changed,
    hub,
    deps.mail,
  );
  app.decorate('services', services);
  app.decorate('realtime', hub as Realtime);
  app.decorate('realtimeHub', hub);
  // Sockets go first, or closing the HTTP server would wait on them.
  app.addHook('preClose', async () => {
    pokes.close();
    hub.disconnectAll();
  });
  app.addHook('onClose', async () => hub.close());
  app.decorateRequest('ctx', null);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        public: Boolean((route.config as { public?: boolean } | undefined)?.public),
        access: routeAccessOf(route),
        doc: routeDocOf(route),
      });
    }
    scopeHandler(route);
  });

  if (pgliteTimingOn()) timeRequests(app); // PGLITE_TIMING=1: lock waits per route (server/db/pglite-timing.ts)
  app.addHook('onRequest', echoRequestId);
  const metrics = createMetrics(() => hub.io?.engine.clientsCount ?? 0);
  app.decorate('metrics', metrics);
  registerMetrics(app, metrics, deps.metricsToken);
  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  registerJsonCompression(app);
  await app.register(rateLimit, rateLimitOptions(sharedRateLimitStore(deps.database.db, deps.now)));

  // Authentication for every /api route not marked public, before the body is even parsed.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.public || !request.routeOptions.url) return;
    const token = bearerToken(request);
    request.ctx = token ? await services.auth.authenticate(token) : null;
    // The company's API integration token, only where a route accepts it (server/company/integration-auth.ts).
    if (!request.ctx && token && request.routeOptions.config.integrationToken)
      request.ctx = await services.company.integrationContext(token);
    if (!request.ctx) throw unauthenticated();
    enforceTwoStep(request);
  });

  const perAddress = deps.loginLimits?.perAddress ?? { max: 20, timeWindowMs: 60_000 };
  await app.register(healthRoutes, { database: deps.database, auth: services.auth });
  await app.register(authRoutes, { services, perAddress });
  await app.register(usersRoutes, { services });
  await app.register(rolesRoutes, { services });
  await app.register(syncRoutes, { sync: services.sync, metrics, now: deps.now });
  await app.register(emergencyRoutes, { emergency: services.emergency });
  await app.register(placesRoutes, { places: services.places });
  await app.register(kioskRoutes, { kiosks: services.kiosks });
  await app.register(kioskCommandsRoutes, { commands: services.kioskCommands });
  await app.register(kioskPairingRoutes, { pairing: services.kioskPairing });
  await app.register(dashboardRoutes, { dashboard: services.dashboard });
  await app.register(peopleRoutes, { people: services.people });
  await app.register(userTypesRoutes, { userTypes: services.userTypes });
  await app.register(journeysRoutes, { journeys: services.journeys });
  await app.register(invitesRoutes, {
    invites: services.invites,
    onInvited: mailFirstPasswords(services.passwordReset, deps.publicUrl),
  });
  await app.register(userDocumentsRoutes, { documents: services.userDocuments });
  await app.register(enrollmentRoutes, { enrollment: services.enrollment });
  await app.register(resourcesRoutes, { resources: services.resources });
  await app.register(rfidEnrolmentRoutes, { rfidLinks: services.rfidLinks, publicUrl: deps.publicUrl });
  await app.register(customFieldsRoutes, { customFields: services.customFields });
  await app.register(attendanceRoutes, { attendance: services.attendance });
  await app.register(duplicatesRoutes, { duplicates: services.duplicates });
  await app.register(announcementsRoutes, { announcements: services.announcements });
  await app.register(watchListRoutes, { watchList: services.watchList });
  await app.register(privacyRoutes, {
    privacy: services.privacy,
    retention: services.retention,
    schedule: deps.retentionSchedule === true,
  });
  await app.register(preregistrationRoutes, { services, publicUrl: deps.publicUrl, passportUrl: deps.passportUrl });
  await app.register(expectedVisitsRoutes, { services, publicUrl: deps.publicUrl });
  await app.register(mailRoutes, { mailer: services.mailer, intervalMs: deps.notificationIntervalMs });
  await app.register(passwordResetRoutes, { passwordReset: services.passwordReset, publicUrl: deps.publicUrl });
  await app.register(complianceRoutes, { compliance: services.compliance, documents: services.complianceDocuments });
  await app.register(reportsRoutes, { reports: services.reports, exports: services.exports });
  await app.register(importRoutes, { imports: services.imports });
  await app.register(integrationsRoutes, { integrations: services.integrations, sync: services.integrationJobs });
  await app.register(integrationOAuthRoutes, { consent: services.integrationConsent, publicUrl: deps.publicUrl });
  await app.register(writeBackRoutes, {
    attendanceCodes: services.attendanceCodes,
    writeBack: services.writeBack,
    jobs: services.writeBackJobs,
  });
  await app.register(timesheetRoutes, { db: deps.database.db, now: deps.now });
  await app.register(moreReportsRoutes, { reports: services.moreReports });
  await app.register(printRoutes, {
    reports: services.reports,
    moreReports: services.moreReports,
    db: deps.database.db,
    now: deps.now,
  });
  await app.register(companyRoutes, { company: services.company, publicUrl: deps.publicUrl });
  await app.register(autoSignOutRoutes, {
    remote: services.remoteSignIn,
    job: services.autoSignOut,
    intervalMs: deps.autoSignOutIntervalMs,
  });
  await app.register(twoStepRoutes, { twoStep: services.twoStep });
  await app.register(ssoRoutes, { sso: services.sso, publicUrl: deps.publicUrl });
  await app.register(oneTimeLoginRoutes, { oneTimeLogin: services.oneTimeLogin, publicUrl: deps.publicUrl });
  await app.register(passportRoutes, { passport: services.passport });
  await app.register(syncScopesRoutes, { db: deps.database.db });
  await app.register(notificationsRoutes, {
    notifications: services.notifications,
    sender: services.notificationJob,
    publicUrl: deps.publicUrl,
    intervalMs: deps.notificationIntervalMs,
  });
  await app.register(openapiRoutes, { routes: routeTable });
  app.addHook('onClose', async () => services.mailer.close());
  await registerStatic(app, deps.staticDir);
  return app;
}
