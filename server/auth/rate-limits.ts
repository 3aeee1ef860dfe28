// Per-address limits on public routes (@fastify/rate-limit) and whose address that is.
// The address is the socket's peer unless TRUSTED_PROXIES names the proxies in front of the
// server: only then is X-Forwarded-For read, and only the hops those proxies added, so a client
// cannot pick its own address by sending the header.
import type { FastifyRequest } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { ApiError } from '../http/api-error';

/** TRUSTED_PROXIES="10.0.0.1, 10.1.0.0/16" → addresses/CIDRs for Fastify's trustProxy; unset → none. */
export function trustedProxies(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Fastify's trustProxy for that list: false (never X-Forwarded-For) when it is empty. */
export const trustProxyOption = (proxies: readonly string[] | undefined): false | string[] =>
  proxies && proxies.length > 0 ? [...proxies] : false;

/** The 429 says what was limited and when to try again, in the caller's language. */
export function limitExceeded(request: FastifyRequest, context: { ttl: number }): ApiError {
  const minutes = Math.max(1, Math.ceil(context.ttl / 60_000));
  const code = request.routeOptions.url === '/api/login' ? 'too_many_login_attempts' : 'too_many_requests';
  return new ApiError(429, code, undefined, { minutes });
}

/** The plugin's options; `store` shares the counts between instances (sharedRateLimitStore). */
export const rateLimitOptions = (store?: RateLimitPluginOptions['store']): RateLimitPluginOptions => ({
  global: false,
  errorResponseBuilder: limitExceeded,
  ...(store ? { store } : {}),
});
