// OpenID Connect single sign-on per company: authorization code + PKCE with state
// and nonce (openid-client checks issuer, audience, state and nonce, and — always, over https
// or plain http — the id_token's signature against the provider's JWKS). Discovery, token,
// JWKS and userinfo requests go through the outbound guard (server/http/outbound.ts). A
// provider that says the email is not verified signs nobody in; an email domain belongs to
// the first company that claims it. The person the provider names is matched by email to an
// active company user with dashboard access, never created. The callback hands the app a one-time login (purpose 'sso'), so the session is the
// same as the password login's and two-step is asked the same way.
import * as oidc from 'openid-client';
import { emailDomainOf, ssoSettingsSchema, type SsoSettingsView } from '../../domain/sso';
import type { Db } from '../db/database';
import { outboundFetch } from '../http/outbound';
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

/** An issuer address compared as where its secret goes: origin and path, no trailing slash. */
function issuerKey(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return `unreadable:${url}`;
  }
}

/** Where the browser goes after the callback: the app's /sso page, with a hand-off or an error code. */
export type CallbackOutcome = { subdomain: string; handoff: string } | { subdomain: string; error: string };

export function ssoService(db: Db, now: () => number, box: SecretBox, oneTime: OneTimeLoginService, opts: SsoOptions) {
  const repo = ssoRepo(db);
  const users = usersRepo(db);
  const notConfigured = () => new ApiError(404, 'sso_not_configured');

  async function configOf(row: SsoSettingsRow): Promise<oidc.Configuration> {
    // Non-repudiation checks: the id_token signature is verified with the provider's JWKS even
    // when it came straight from the token endpoint (openid-client skips that by default).
    const execute = [
      oidc.enableNonRepudiationChecks,
      ...(opts.allowInsecureIssuers ? [oidc.allowInsecureRequests] : []),
    ];
    return oidc.discovery(
      new URL(row.issuerUrl),
      row.clientId,
      undefined,
      oidc.ClientSecretPost(box.open(row.clientSecretEnc)),
      {
        execute,
        [oidc.customFetch]: (url, init) =>
          outboundFetch(url, {
            method: init.method,
            headers: init.headers as HeadersInit,
            body: init.body as string | URLSearchParams | null,
            signal: init.signal,
          }),
      },
    );
  }

  /** The email the provider vouches for; `verified` is false only when it says so. */
  async function emailOf(
    config: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  ): Promise<{ email: string; verified: boolean }> {
    const notVerified = (v: unknown) => v === false || v === 'false';
    const claims = tokens.claims();
    if (!claims) return { email: '', verified: false };
    if (typeof claims.email === 'string') return { email: claims.email, verified: !notVerified(claims.email_verified) };
    // Many providers put the email only in userinfo when it was asked for by scope.
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    return typeof info.email === 'string'
      ? { email: info.email, verified: !notVerified(info.email_verified) }
      : { email: '', verified: false };
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
      // The stored secret goes to the issuer it was entered for, never to a new one.
      if (old && !input.client_secret && issuerKey(old.issuerUrl) !== issuerKey(input.issuer_url))
        throw new ApiError(422, 'sso_secret_reentry', { client_secret: ['errors.sso_secret_reentry'] });
      const secret = input.client_secret ? box.seal(input.client_secret) : (old?.clientSecretEnc ?? '');
      if (!secret) throw invalid({ client_secret: ['validation.required'] });
      await db.transaction(async (tx) => {
        const inTx = ssoRepo(tx);
        // Another company's domain is theirs: claiming it would send their people's work
        // emails to this company's provider.
        if (await inTx.claimedElsewhere(ctx.entityId, input.email_domain))
          throw new ApiError(409, 'sso_domain_taken', { email_domain: ['errors.sso_domain_taken'] });
        await inTx.save(ctx.entityId, {
          enabled: input.enabled,
          issuerUrl: input.issuer_url,
          clientId: input.client_id,
          clientSecretEnc: secret,
          emailDomain: input.email_domain,
          updatedAt: new Date(now()),
        });
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
      let verified: boolean;
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
        ({ email, verified } = await emailOf(config, tokens));
        email = email.toLowerCase();
      } catch {
        // Wrong issuer or audience, a bad signature, state or nonce, a refused code: all one answer.
        return { subdomain, error: 'sso_failed' };
      }
      if (!email || emailDomainOf(email) !== row.emailDomain) return { subdomain, error: 'sso_unknown_user' };
      if (!verified) return { subdomain, error: 'sso_email_unverified' };
      const [person] = await users.findByEmail(email, subdomain);
      if (!person || person.user.archived || !person.user.dashboardAccess)
        return { subdomain, error: 'sso_unknown_user' };
      const handoff = await oneTime.issue({ entityId: person.user.entityId, userId: person.user.id }, 'sso');
      return { subdomain, handoff };
    },
  };
}
export type SsoService = ReturnType<typeof ssoService>;
