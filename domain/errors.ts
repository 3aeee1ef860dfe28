// The error catalogue (spec 2 §8) as codes. Sentences live in locales/*.json under "errors";
// the server translates a code into the caller's language, the client the same way.

export const ERROR_CODES = [
  'email_exists',
  'phone_exists',
  'id_exists',
  'invalid_email',
  'generic',
  'wrong_password',
  'registration_unavailable',
  'not_allowed_to_register',
  'action_not_allowed',
  'phone_used',
  'account_deactivated',
  'select_user',
  'call_administrator',
  // Gatehouse additions, decided in docs/decisions.md.
  'invalid_credentials',
  'too_many_attempts',
  'unauthenticated',
  'not_found',
  'validation_failed',
  'offline_config',
  'version_conflict',
  'sequence_reused',
  'emergency_sites_inaccessible',
  'name_exists',
  'user_has_visits',
  // Pre-registration.
  'visit_in_past',
  'visit_date_invalid',
  'visit_exists',
  'photo_required',
  'photo_type',
  'photo_too_large',
  'photo_dimensions',
  'link_expired',
  'qr_invalid',
  // One-time RFID enrolment links (/rfid/:code).
  'link_used',
  // Kiosk.
  'custom_field_invalid',
  // Role assignment rules (domain/role-assignment.ts).
  'role_above_own',
  'user_above_own',
  'own_role_locked',
  'owner_protected',
  // Identity and privilege: one's own access, admin-only changes, granting keys.
  'own_access_locked',
  'admin_only',
  'permission_above_own',
  'dashboard_access_revoked',
  // 429s that say what was limited: the account, or requests from an address.
  'account_locked',
  'too_many_login_attempts',
  'too_many_requests',
  // Journeys: a site or remote work cannot be removed while visits use it.
  'journey_site_in_use',
  'journey_remote_in_use',
  // Compliance forms: a form a journey flow asks cannot be deleted.
  'compliance_in_use',
  // Custom fields are for the Professional and Enterprise plans (spec 1 §6).
  'custom_fields_locked',
  // Attendance modes: a mode a journey uses cannot be deleted.
  'attendance_mode_in_use',
  // Sites and areas: removal refused while in use or without access to the site.
  'site_in_use',
  'area_in_use',
  'area_has_children',
  'site_no_access',
  'kiosk_request_state',
  // Remote sign in/out from a phone: outside the site's circle, or not a remote area.
  'outside_geofence',
  'remote_sign_in_unavailable',
  // Two-step authentication.
  'otp_error',
  'otp_required',
  'otp_invalid',
  'otp_locked',
  'otp_required_by_role',
  // Single sign-on.
  'sso_not_configured',
  'sso_failed',
  'sso_unknown_user',
  // Directory integrations: reading the directory's groups for the settings picker.
  'integration_auth_failed',
  'directory_unavailable',
  // a new server address needs the secret again; SSO domain claims
  // and unverified provider e-mails.
  'integration_credentials_reentry',
  'sso_domain_taken',
  'sso_email_unverified',
  'sso_secret_reentry',
  // Reception's decision on a waiting kiosk visit: another admin decided it first.
  'visit_decided',
  // Setting a person's user types and areas beyond one's own.
  'resources_outside_own',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** What every 4xx from /api looks like. */
export interface ApiErrorBody {
  code?: string;
  message?: string;
  data?: unknown;
  errors?: Record<string, string[]>;
  otp_error?: boolean;
}

export type HttpEffect =
  | { kind: 'silent' }
  | { kind: 'navigate'; to: string }
  | { kind: 'leave'; to: 'passport-root' }
  | { kind: 'alert'; code: 'call_administrator' }
  | { kind: 'toast'; message?: string; code?: ErrorCode };

/** Spec 2 §8 "HTTP handling": what the UI does with a failed call. */
export function effectOfFailure(
  status: number,
  body: ApiErrorBody | undefined,
  context: { onPreRegistration: boolean },
): HttpEffect {
  if (status === 400) return { kind: 'silent' };
  if (status === 401) {
    return context.onPreRegistration ? { kind: 'leave', to: 'passport-root' } : { kind: 'navigate', to: '/error' };
  }
  if (status === 403) return { kind: 'navigate', to: body?.otp_error ? '/otp-error' : '/error' };
  if (status === 404) return { kind: 'navigate', to: '/404' };
  if (status === 500 || status === 502) return { kind: 'alert', code: 'call_administrator' };
  const message = messageOf(body);
  return message ? { kind: 'toast', message } : { kind: 'toast', code: 'generic' };
}

/** The server message, the data field, or the errors' values joined by line breaks. */
export function messageOf(body: ApiErrorBody | undefined): string | undefined {
  if (!body) return undefined;
  if (body.message) return body.message;
  if (typeof body.data === 'string' && body.data) return body.data;
  if (body.errors) {
    const all = Object.values(body.errors).flat().filter(Boolean);
    if (all.length) return all.join('\n');
  }
  return undefined;
}

/** Only 200 and 201 count as success (spec 1 §9). */
export function isSuccessStatus(status: number): boolean {
  return status === 200 || status === 201;
}
