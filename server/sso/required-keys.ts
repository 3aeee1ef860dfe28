// Secrets at rest need their keys: a production server (NODE_ENV=production) refuses to start
// without TWO_STEP_KEY (TOTP secrets), SSO_KEY (single sign-on client secrets) and PASSPORT_ID_KEY
// (the sealed passport ids of redirect paths and the pre-registration passport variant) and
// INTEGRATION_KEY (directory integrations' credentials);
// development falls back to fixed keys with a warning (server/two-step/secret-box.ts).
export const REQUIRED_KEYS = ['TWO_STEP_KEY', 'SSO_KEY', 'PASSPORT_ID_KEY', 'INTEGRATION_KEY'] as const;
/** Shorter keys are refused in production: they are guessable, and hashing does not help. */
export const MIN_KEY_LENGTH = 32;

export class MissingKeyError extends Error {}

/** Throws MissingKeyError naming every missing or short key; returns nothing outside production. */
export function assertSecretKeys(env: Record<string, string | undefined>, production: boolean): void {
  if (!production) return;
  const bad = REQUIRED_KEYS.filter((name) => (env[name] ?? '').length < MIN_KEY_LENGTH);
  if (bad.length === 0) return;
  throw new MissingKeyError(
    `${bad.join(' and ')} must be set to a random string of at least ${MIN_KEY_LENGTH} characters ` +
      `in production (for example: openssl rand -base64 48); refusing to start.`,
  );
}
