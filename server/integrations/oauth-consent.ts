// The consent round trip for Google Workspace and Microsoft Entra ID (spec 1 §2
// /googleAD/auth/:accessToken/:refreshToken/:encryptedEmail). The admin starts it from
// /integration-settings; the provider sends the browser to our public callback, which redeems
// the code and hands the dashboard route the three segments SEALED (AES-GCM under
// INTEGRATION_KEY), so no token is ever readable in a URL or browser history. The dashboard
// posts them back under the admin's own login; only then are the tokens stored, sealed again
// inside the integration's credentials, with the time they were obtained.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { integrations } from '../db/schema/index';
import { invalid, notFound } from '../http/api-error';
import type { RequestContext } from '../http/context';
import { secretBox } from '../two-step/secret-box';
import type { CredentialsBox } from './directory-access';
import type { IntegrationsService } from './integrations.service';
import { authorizeUrl, consentReady, exchangeCode, type OAuthKind } from './oauth-flow';

/** How long a consent may take, and how long the dashboard has to store its result. */
const STATE_MS = 10 * 60_000;
export const CALLBACK_PATH = { googleAD: 'google', azureAD: 'microsoft' } as const;
export const DASHBOARD_PATH = { googleAD: '/googleAD/auth', azureAD: '/azureAD/auth' } as const;

interface State {
  e: string;
  i: string;
  k: OAuthKind;
  r: string;
  x: number;
}
interface Handoff {
  a: string;
  e: string;
  i: string;
  x: number;
}

export function integrationConsent(
  db: Db,
  now: () => number,
  box: CredentialsBox,
  keyText: string | undefined,
  service: IntegrationsService,
) {
  const sealer = secretBox(keyText, 'INTEGRATION_KEY', 'gatehouse-development-integration-key');
  const openJson = <T>(sealed: string): T | null => {
    try {
      return JSON.parse(sealer.open(sealed)) as T;
    } catch {
      return null;
    }
  };
  const tryOpen = (sealed: string): string | null => {
    try {
      return sealer.open(sealed);
    } catch {
      return null;
    }
  };
  const where = (entityId: string, id: string) => and(eq(integrations.entityId, entityId), eq(integrations.id, id));
  async function row(entityId: string, id: string) {
    const [r] = await db.select().from(integrations).where(where(entityId, id));
    return r ?? null;
  }

  return {
    /** The provider's consent address for this integration (after the usual access check). */
    async start(ctx: RequestContext, id: string, callbackBase: string) {
      const r = await service.own(ctx, id);
      const c = box.open(r.credentials);
      if (c.kind !== 'googleAD' && c.kind !== 'azureAD')
        throw invalid({ 'credentials.kind': ['integrationSettings.validation.noConsent'] });
      if (!consentReady(c)) throw invalid({ credentials: ['integrationSettings.validation.consentNotReady'] });
      const redirectUri = `${callbackBase}/api/integrations/oauth/${CALLBACK_PATH[c.kind]}/callback`;
      const state: State = { e: ctx.entityId, i: id, k: c.kind, r: redirectUri, x: now() + STATE_MS };
      return { data: { url: authorizeUrl(c, redirectUri, sealer.seal(JSON.stringify(state))) } };
    },

    /** The provider's redirect: redeem the code, then the dashboard path to send the browser to. */
    async callback(kind: OAuthKind, query: { code?: string; state?: string; error?: string }): Promise<string> {
      const state = query.state ? openJson<State>(query.state) : null;
      if (!state || state.k !== kind || state.x < now()) return '/integration-settings?consent=expired';
      const back = `/integration-settings?id=${state.i}&consent=`;
      if (query.error || !query.code) return `${back}refused`;
      const r = await row(state.e, state.i);
      const c = r ? box.open(r.credentials) : null;
      if (!c || c.kind !== kind) return '/integration-settings?consent=expired';
      try {
        const t = await exchangeCode(c, query.code, state.r);
        const handoff: Handoff = { a: t.accessToken, e: state.e, i: state.i, x: now() + STATE_MS };
        const segments = [JSON.stringify(handoff), t.refreshToken ?? '', t.account].map((s) =>
          encodeURIComponent(sealer.seal(s)),
        );
        return `${DASHBOARD_PATH[kind]}/${segments.join('/')}`;
      } catch {
        return `${back}failed`;
      }
    },

    /** Stores the tokens of a finished consent on its integration, for the signed-in admin's
     *  own company only (anything else answers 404, as another company's id does). */
    async complete(
      ctx: RequestContext,
      input: { access_token: string; refresh_token: string; encrypted_email: string },
    ) {
      const handoff = openJson<Handoff>(input.access_token);
      const refreshToken = tryOpen(input.refresh_token);
      const account = tryOpen(input.encrypted_email);
      if (!handoff || handoff.e !== ctx.entityId || handoff.x < now() || refreshToken === null || account === null)
        throw notFound();
      const r = await service.own(ctx, handoff.i);
      const old = box.open(r.credentials);
      if (old.kind !== 'googleAD' && old.kind !== 'azureAD') throw notFound();
      await db
        .update(integrations)
        .set({
          credentials: box.seal({ ...old, accessToken: handoff.a, refreshToken: refreshToken || null, account }),
          tokenObtainedAt: new Date(now()),
          // A fresh consent mends 'authentication failed'; the first sync makes it active.
          status: r.status === 'authentication failed' || r.status === 'invalid' ? 'draft' : r.status,
        })
        .where(where(ctx.entityId, handoff.i));
      return { data: { id: r.id, name: r.name, kind: old.kind, account } };
    },
  };
}
export type IntegrationConsent = ReturnType<typeof integrationConsent>;
