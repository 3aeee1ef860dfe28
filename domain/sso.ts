// Single sign-on and one-time login: the payloads both ends check, and the rules
// for matching an SSO email to a company. Messages are i18n keys.
import * as v from 'valibot';

const required = (max: number) =>
  v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.maxLength(max, 'validation.too_long'),
  );

/** A bare domain such as example.com (no @, no scheme), compared lower-cased. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const ssoSettingsSchema = v.object({
  enabled: v.boolean(),
  issuer_url: v.pipe(required(500), v.url('sso.validation.issuer_url')),
  client_id: required(200),
  /** Left out (or empty) keeps the stored secret; the secret is never sent back. */
  client_secret: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'validation.too_long'))),
  email_domain: v.pipe(required(253), v.toLowerCase(), v.regex(DOMAIN, 'sso.validation.email_domain')),
});
export type SsoSettingsInput = v.InferOutput<typeof ssoSettingsSchema>;

/** What GET /api/company/sso answers: the settings without the secret. */
export interface SsoSettingsView {
  enabled: boolean;
  issuer_url: string;
  client_id: string;
  has_secret: boolean;
  email_domain: string;
  /** The address to register at the provider as the redirect URI. */
  redirect_uri: string;
}

export const oneTimeLoginSchema = v.object({
  token: required(200),
  code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(32, 'validation.too_long'))),
});
export type OneTimeLoginInput = v.InferOutput<typeof oneTimeLoginSchema>;

/** The domain of an email, lower-cased; '' when there is none. */
export function emailDomainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** Query parameters a one-time link carries for the app rather than for the login itself:
 * the search string without its token, kept as written ('' when nothing is left). */
export function forwardedQuery(search: string): string {
  const rest = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && pair.split('=')[0] !== 'token');
  return rest.length ? `?${rest.join('&')}` : '';
}

/** POST /api/sso/start: a company (subdomain) or a work email whose domain finds it. */
export const ssoStartSchema = v.object({
  company: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'validation.too_long'))),
  email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254, 'validation.too_long'))),
});
