// Company details (spec 1 §3 Entity, §4 package change and two-step policy, §6): read
// and edit the company, its logo, its API integration token, its two-step policy, and — for the
// tech-team account only — its plan and package, and new companies. A save carries the version
// the editor read: a stale one is a 409 conflict, never a silent overwrite.
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import {
  companyCreateInput,
  companyUpdateInput,
  logoInput,
  normalizeSubdomain,
  packageAction,
  planChangeInput,
  subdomainProblem,
  subdomainQuery,
  subscriptionOf,
} from '../../domain/company';
import { isAllowed } from '../../domain/permissions';
import type { Db } from '../db/database';
import { ApiError, forbidden, invalid, notFound } from '../http/api-error';
import type { RequestContext } from '../http/context';
import { parseOrThrow } from '../http/validate';
import { hashToken } from '../auth/tokens';
import type { PasswordResetService } from '../password-reset/password-reset.service';
import type { Realtime } from '../realtime';
import { checkLogo } from './logo';
import { companyRepo, type EntityRow } from './company.repo';
import { companyChange } from './company.projections';
import { feedChanges, type Tx } from '../sync/changes';
import { integrationContext } from './integration-auth';
import { insertCompany } from './company-create';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const logoUrl = (entityId: string, logoId: string) => `/api/company-logo/${entityId}/${logoId}`;

export function companyWire(row: EntityRow, roleList: { id: string; name: string }[] = []) {
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    logo: row.logo,
    package: row.package,
    plan: row.plan,
    subscription: row.subscription,
    owner_id: row.ownerId,
    two_step: row.twoStep,
    otp_roles: row.otpRoles,
    copyright: row.copyright,
    version: row.version,
    // The token itself is never shown again: only whether one exists and since when.
    api_token: { generated: Boolean(row.apiTokenHash), generated_at: row.apiTokenAt?.toISOString() ?? null },
    roles: roleList,
  };
}
export type CompanyWire = ReturnType<typeof companyWire>;

const conflict = () => new ApiError(409, 'version_conflict');
const taken = () => invalid({ subdomain: ['company.validation.subdomain_taken'] });
const isUniqueViolation = (e: unknown) =>
  (e as { code?: string; cause?: { code?: string } })?.code === '23505' ||
  (e as { cause?: { code?: string } })?.cause?.code === '23505';
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

export function companyService(
  db: Db,
  now: () => number,
  passwordReset: PasswordResetService,
  realtime?: Pick<Realtime, 'emitToEntity'>,
) {
  const repo = companyRepo(db);

  /** Another company's id is a 404 for everyone but the tech team; the permission is checked after. */
  async function access(ctx: RequestContext, id: string, keys: string[] = ['company_details']) {
    const tech = await repo.isTechTeam(ctx.entityId, ctx.userId);
    if ((!tech && id !== ctx.entityId) || !UUID.test(id)) throw notFound();
    const row = await repo.byId(id);
    if (!row) throw notFound();
    if (!keys.some((k) => isAllowed(ctx.permissions, k))) throw forbidden();
    // Spec 1 §6: on Standalone, company details open only to the tech-team account.
    if (!tech && row.package === 'Standalone' && !isAllowed(ctx.permissions, 'api_integration')) throw forbidden();
    return { row, tech };
  }

  async function subdomainAnswer(value: string, exceptId?: string) {
    const subdomain = normalizeSubdomain(value);
    const problem =
      subdomainProblem(subdomain) ??
      ((await repo.subdomainTaken(subdomain, exceptId)) ? 'company.validation.subdomain_taken' : null);
    return { subdomain, available: problem === null, problem };
  }

  /** The name and logo devices show (kiosk frame, badge) travel in the change feed. */
  async function saved(tx: Tx, row: EntityRow) {
    await feedChanges(tx, row.id, [companyChange(row)]);
  }

  return {
    async get(ctx: RequestContext, id: string): Promise<CompanyWire> {
      const { row } = await access(ctx, id, ['company_details', 'api_integration']);
      const roleList = isAllowed(ctx.permissions, 'company_details') ? await repo.roles(id) : [];
      return companyWire(row, roleList);
    },

    async list(ctx: RequestContext): Promise<CompanyWire[]> {
      if (!isAllowed(ctx.permissions, 'company_details')) throw forbidden();
      if (await repo.isTechTeam(ctx.entityId, ctx.userId)) return (await repo.all()).map((r) => companyWire(r));
      const own = await repo.byId(ctx.entityId);
      return own && own.package !== 'Standalone' ? [companyWire(own)] : [];
    },

    /** Subdomain check for a new company (the tech team's create form). */
    async checkSubdomain(ctx: RequestContext, query: unknown) {
      if (!isAllowed(ctx.permissions, 'company_details')) throw forbidden();
      return subdomainAnswer(parseOrThrow(subdomainQuery, query).subdomain);
    },

    /** Entity subdomain check: the company's own subdomain counts as available to it. */
    async checkEntitySubdomain(ctx: RequestContext, id: string, query: unknown) {
      await access(ctx, id);
      return subdomainAnswer(parseOrThrow(subdomainQuery, query).subdomain, id);
    },

    async update(ctx: RequestContext, id: string, body: unknown): Promise<CompanyWire> {
      const { row } = await access(ctx, id);
      const input = parseOrThrow(companyUpdateInput, body);
      const policyChanged = input.two_step !== row.twoStep || !sameSet(input.otp_roles, row.otpRoles);
      // The two-step policy is a security setting: it also needs the settings permission.
      if (policyChanged && !isAllowed(ctx.permissions, 'user_settings')) throw forbidden();
      const roleList = await repo.roles(id);
      if (input.otp_roles.some((r) => !roleList.some((x) => x.id === r)))
        throw invalid({ otp_roles: ['company.validation.otp_roles_invalid'] });
      if (await repo.subdomainTaken(input.subdomain, id)) throw taken();
      let updated: EntityRow | null;
      try {
        updated = await db.transaction(async (tx) => {
          const next = await repo.updateAt(tx, id, input.version, {
            name: input.name,
            subdomain: input.subdomain,
            twoStep: input.two_step,
            otpRoles: [...new Set(input.otp_roles)],
          });
          if (next) await saved(tx, next);
          return next;
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw taken();
        throw e;
      }
      if (!updated) throw conflict();
      if (policyChanged)
        realtime?.emitToEntity(id, 'updateEntityTwoStepAuth', {
          entity_id: id,
          updated_by: ctx.userId,
          isOtpEnabled: updated.twoStep,
          otp_roles: updated.otpRoles,
        });
      return companyWire(updated, roleList);
    },

    async setLogo(ctx: RequestContext, id: string, body: unknown): Promise<CompanyWire> {
      await access(ctx, id);
      const input = parseOrThrow(logoInput, body);
      const logo = await checkLogo(input.logo);
      const logoId = uuidv7();
      const updated = await db.transaction(async (tx) => {
        const next = await repo.updateAt(tx, id, input.version, { logo: logoUrl(id, logoId) });
        if (!next) return null;
        await repo.replaceLogos(tx, { entityId: id, id: logoId, ...logo, createdAt: new Date(now()) }, id);
        await saved(tx, next);
        return next;
      });
      if (!updated) throw conflict();
      return companyWire(updated, await repo.roles(id));
    },

    async removeLogo(ctx: RequestContext, id: string, version: number): Promise<CompanyWire> {
      await access(ctx, id);
      const updated = await db.transaction(async (tx) => {
        const next = await repo.updateAt(tx, id, version, { logo: null });
        if (!next) return null;
        await repo.replaceLogos(tx, null, id);
        await saved(tx, next);
        return next;
      });
      if (!updated) throw conflict();
      return companyWire(updated, await repo.roles(id));
    },

    /** Public: the current logo's bytes, for <img> in the top bar, kiosks and badges. */
    async logoFile(entityId: string, logoId: string) {
      if (!UUID.test(entityId) || !UUID.test(logoId)) throw notFound();
      const row = await repo.logo(entityId, logoId);
      if (!row) throw notFound();
      return row;
    },

    /** A new integration token, shown this once; its hash replaces the old one, which stops working. */
    async generateToken(ctx: RequestContext, id: string) {
      await access(ctx, id);
      const token = `gh_${randomBytes(32).toString('base64url')}`;
      const at = new Date(now());
      await repo.setToken(id, hashToken(token), at);
      return { token, generated_at: at.toISOString() };
    },

    /** The tech-team account alone changes plan and package; the company's room hears of it. */
    async changePlan(ctx: RequestContext, id: string, body: unknown): Promise<CompanyWire> {
      const { row, tech } = await access(ctx, id);
      // Bad input is answered as such to anyone with company_details; only then the tech-team check.
      const input = parsePlan(body);
      if (!tech) throw forbidden();
      const updated = await db.transaction(async (tx) => {
        const next = await repo.updateAt(tx, id, input.version, {
          package: input.package,
          plan: input.plan,
          subscription: subscriptionOf(input.package),
        });
        if (next) await saved(tx, next);
        return next;
      });
      if (!updated) throw conflict();
      const payload = {
        entity_id: id,
        entityPlan: updated.plan,
        action: packageAction({ package: row.package, plan: row.plan }, { package: input.package, plan: input.plan }),
        updated_by: ctx.userId,
      };
      if (row.package !== updated.package) realtime?.emitToEntity(id, 'pongUpdateEntityPackage', payload);
      if (row.plan !== updated.plan) realtime?.emitToEntity(id, 'pongUpdateEntityPlan', payload);
      return companyWire(updated, await repo.roles(id));
    },

    /** Tech team only: a company with its roles and owner; the owner gets a set-password mail. */
    async create(ctx: RequestContext, body: unknown, baseUrl: string) {
      if (!isAllowed(ctx.permissions, 'company_details')) throw forbidden();
      const input = parseOrThrow(companyCreateInput, body);
      if (!(await repo.isTechTeam(ctx.entityId, ctx.userId))) throw forbidden();
      if (await repo.subdomainTaken(input.subdomain)) throw taken();
      let created: EntityRow;
      try {
        created = await db.transaction((tx) => insertCompany(tx, input, new Date(now())));
      } catch (e) {
        if (isUniqueViolation(e)) throw taken();
        throw e;
      }
      const [link] = await passwordReset.firstPasswordLinks(created.id, [created.ownerId!], baseUrl);
      // Without SMTP the mail only reaches the new company's mail log, which nobody can open yet:
      // the tech team who made the company gets the owner's one-time link to hand over.
      if (link && process.env.NODE_ENV !== 'production')
        console.info(`gatehouse: first-password link for ${link.email} (${created.subdomain}): ${link.url}`);
      return {
        ...companyWire(created, await repo.roles(created.id)),
        owner_link: link
          ? { email: link.email, url: link.url, expires_at: new Date(link.expiresAt).toISOString() }
          : null,
      };
    },

    /** The auth hook's alternative for routes that accept an integration token (integration-auth.ts). */
    integrationContext: (token: string) => integrationContext(repo, token),
  };
}
export type CompanyService = ReturnType<typeof companyService>;

const parsePlan = (body: unknown) => parseOrThrow(planChangeInput, body);
