// OpenID Connect single sign-on per company (issue 19): authorization code + PKCE with state
// and nonce (openid-client checks issuer, audience, signature, state and nonce). The person the
// provider names is matched by email to an active company user with dashboard access, never
// created. The callback hands the app a one-time login (purpose 'sso'), so the session is the
// same as the password login's and two-step is asked the same way.
import * as oidc from 'openid-client';
import { emailDomainOf, ssoSettingsSchema, type SsoSettingsView } from '../../domain/sso';
import type { Db } from '../db/database';
import { ApiError, invalid } from '../http/api-error';
import type { RequestContext } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { SecretBox } from '../two-step/secret-box';
import { usersRepo } from '../users/users.repo';
import type { OneTimeLoginService } from './one-time-login.service';
import { ssoRepo, type SsoSettingsRow } from './sso.repo';

/** How long the person has at the provider before the sign-in must start again. */
export const SSO_ATTEMPT_TTL_MS = 10 * 60_000;
export const SSO_CALLBACK_PATH = '/api/sso/callback';

export interface SsoOptions {
  /** Plain-http issuers (local test providers); never in production. */
  allowInsecureIssuers: boolean;
}

/** Where the browser goes after the callback: the app's /sso page, with a hand-off or an error code. */
export type CallbackOutcome = { subdomain: string; handoff: string } | { subdomain: string; error: string };

export function ssoService(db: Db, now: () => number, box: SecretBox, oneTime: OneTimeLoginService, opts: SsoOptions) {
  const repo = ssoRepo(db);
  const users = usersRepo(db);
  const notConfigured = () => new ApiError(404, 'sso_not_configured');

  async function configOf(row: SsoSettingsRow): Promise<oidc.Configuration> {
    const execute = opts.allowInsecureIssuers ? [oidc.allowInsecureRequests] : [];
    return oidc.discovery(
      new URL(row.issuerUrl),
      row.clientId,
      undefined,
      oidc.ClientSecretPost(box.open(row.clientSecretEnc)),
      { execute },
    );
  }

  async function emailOf(
    config: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  ) {
    const claims = tokens.claims();
    if (!claims) return '';
    if (typeof claims.email === 'string') return claims.email;
    // Many providers put the email only in userinfo when it was asked for by scope.
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    return typeof info.email === 'string' ? info.email : '';
  }

  return {
    async settings(ctx: RequestContext, redirectBase: string): Promise<SsoSettingsView> {
      const row = await repo.settings(ctx.entityId);
      const redirect_uri = redirectBase + SSO_CALLBACK_PATH;
      // Nothing saved yet: still the redirect URI, which the provider wants before it gives a client id.
      if (!row)
        return { enabled: false, issuer_url: '', client_id: '', has_secret: false, email_domain: '', redirect_uri };
      return {
        enabled: row.enabled,
        issuer_url: row.issuerUrl,
        client_id: row.clientId,
        has_secret: row.clientSecretEnc !== '',
        email_domain: row.emailDomain,
        redirect_uri,
      };
    },

    async saveSettings(ctx: RequestContext, body: unknown, redirectBase: string) {
      const input = parseOrThrow(ssoSettingsSchema, body);
      const old = await repo.settings(ctx.entityId);
      const secret = input.client_secret ? box.seal(input.client_secret) : (old?.clientSecretEnc ?? '');
      if (!secret) throw invalid({ client_secret: ['validation.required'] });
      await repo.save(ctx.entityId, {
        enabled: input.enabled,
        issuerUrl: input.issuer_url,
        clientId: input.client_id,
        clientSecretEnc: secret,
        emailDomain: input.email_domain,
        updatedAt: new Date(now()),
      });
      return this.settings(ctx, redirectBase);
    },

    /** The provider's authorization address for a company (by subdomain or id, or a work email's domain). */
    async start(by: { company?: string; email?: string }, redirectBase: string): Promise<{ url: string }> {
      const found = await repo.companies(
        by.company ? { company: by.company } : { domain: emailDomainOf(by.email ?? '') },
      );
      if (found.length !== 1) throw notConfigured();
      const entityId = found[0]!.id;
      const row = await repo.settings(entityId);
      if (!row?.enabled) throw notConfigured();
      const config = await configOf(row).catch(() => {
        throw new ApiError(502, 'sso_failed');
      });
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const at = now();
      await repo.addAttempt({
        entityId,
        state,
        nonce,
        codeVerifier,
        createdAt: new Date(at),
        expiresAt: new Date(at + SSO_ATTEMPT_TTL_MS),
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectBase + SSO_CALLBACK_PATH,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(by.email ? { login_hint: by.email } : {}),
      });
      return { url: url.href };
    },

    /** Finishes a sign-in from the provider's redirect; never throws, the outcome says where to go. */
    async callback(query: string, redirectBase: string): Promise<CallbackOutcome> {
      const state = new URLSearchParams(query).get('state') ?? '';
      const attempt = state ? await repo.takeAttempt(state, new Date(now())) : null;
      if (!attempt) return { subdomain: '', error: 'sso_failed' };
      const subdomain = await repo.subdomainOf(attempt.entityId);
      const row = await repo.settings(attempt.entityId);
      if (!row?.enabled) return { subdomain, error: 'sso_not_configured' };
      let email: string;
      try {
        const config = await configOf(row);
        const tokens = await oidc.authorizationCodeGrant(
          config,
          new URL(`${redirectBase}${SSO_CALLBACK_PATH}?${query}`),
          {
            pkceCodeVerifier: attempt.codeVerifier,
            expectedState: attempt.state,
            expectedNonce: attempt.nonce,
            idTokenExpected: true,
          },
        );
        email = (await emailOf(config, tokens)).toLowerCase();
      } catch {
        // Wrong issuer or audience, a bad signature, state or nonce, a refused code: all one answer.
        return { subdomain, error: 'sso_failed' };
      }
      if (!email || emailDomainOf(email) !== row.emailDomain) return { subdomain, error: 'sso_unknown_user' };
      const [person] = await users.findByEmail(email, subdomain);
      if (!person || person.user.archived || !person.user.dashboardAccess)
        return { subdomain, error: 'sso_unknown_user' };
      const handoff = await oneTime.issue({ entityId: person.user.entityId, userId: person.user.id }, 'sso');
      return { subdomain, handoff };
    },
  };
}
export type SsoService = ReturnType<typeof ssoService>;
