// The origin visitors open mailed links on. Links carry secrets (a visit's
// code, an enrolment token), so they never follow a request header: PUBLIC_URL when set (and
// required in production), else, in development, the address the server itself listens on.
export class PublicUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublicUrlError';
  }
}

/** An http(s) origin with an optional path prefix, without the trailing slash. */
export function normalisePublicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new PublicUrlError(
      `PUBLIC_URL is not a URL: "${value}". Set it to the site visitors open, e.g. https://gate.example.com`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new PublicUrlError(`PUBLIC_URL must start with https:// or http://, not "${url.protocol}"`);
  if (url.search || url.hash || url.username || url.password)
    throw new PublicUrlError('PUBLIC_URL must be an origin (and optional path) without query, fragment or credentials');
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function resolvePublicUrl(
  env: { PUBLIC_URL?: string; NODE_ENV?: string },
  listen: { host: string; port: number },
): string {
  if (env.PUBLIC_URL) return normalisePublicUrl(env.PUBLIC_URL);
  if (env.NODE_ENV === 'production') {
    throw new PublicUrlError(
      'PUBLIC_URL is required when NODE_ENV=production: mailed links (visit invitations, confirmations, RFID enrolment) ' +
        'must point at the site visitors open, e.g. PUBLIC_URL=https://gate.example.com',
    );
  }
  const host = listen.host === '0.0.0.0' || listen.host === '::' ? 'localhost' : listen.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${listen.port}`;
}
