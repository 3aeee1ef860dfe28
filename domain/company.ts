// Company details (spec 1 §3 Entity, §6): the rules both the /company page and the
// server apply — subdomain form and reserved words, plan/package values, the edit payloads, and
// whether a package/plan change is an upgrade or a downgrade (the real-time events carry it).
import * as v from 'valibot';
import { PACKAGES, PLANS, type PackageType } from './constants';

/** Words that name the product's own hosts or would mislead a visitor; never a company's subdomain. */
export const RESERVED_SUBDOMAINS: readonly string[] = [
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'cdn',
  'dashboard',
  'docs',
  'ftp',
  'gatehouse',
  'help',
  'kiosk',
  'login',
  'mail',
  'passport',
  'root',
  'smtp',
  'sso',
  'static',
  'status',
  'support',
  'system',
  'www',
];
export const SUBDOMAIN_MAX = 63;
export const COMPANY_NAME_MAX = 50;

/** Letters, digits and hyphens; no hyphen first or last (a DNS label). Case is not significant. */
export const normalizeSubdomain = (value: string): string => value.trim().toLowerCase();

export type SubdomainProblem =
  'validation.required' | 'company.validation.subdomain_format' | 'company.validation.subdomain_reserved';
export function subdomainProblem(value: string): SubdomainProblem | null {
  const s = normalizeSubdomain(value);
  if (!s) return 'validation.required';
  if (s.length > SUBDOMAIN_MAX || !/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(s))
    return 'company.validation.subdomain_format';
  if (RESERVED_SUBDOMAINS.includes(s)) return 'company.validation.subdomain_reserved';
  return null;
}

const subdomain = v.pipe(
  v.string('validation.required'),
  v.transform(normalizeSubdomain),
  v.check((s) => subdomainProblem(s) !== 'validation.required', 'validation.required'),
  v.check((s) => subdomainProblem(s) !== 'company.validation.subdomain_format', 'company.validation.subdomain_format'),
  v.check(
    (s) => subdomainProblem(s) !== 'company.validation.subdomain_reserved',
    'company.validation.subdomain_reserved',
  ),
);
const name = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.minLength(2, 'validation.too_short'),
  v.maxLength(COMPANY_NAME_MAX, 'validation.too_long'),
);
const version = v.pipe(
  v.number('validation.required'),
  v.integer('validation.number'),
  v.minValue(1, 'validation.number'),
);
const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.uuid'));
const planId = v.picklist(Object.values(PLANS), 'company.validation.plan_invalid');
const packageType = v.picklist(PACKAGES, 'company.validation.package_invalid');

export const subdomainQuery = v.object({
  subdomain: v.pipe(v.string('validation.required'), v.maxLength(200, 'validation.too_long')),
});

export const companyUpdateInput = v.object({
  name,
  subdomain,
  two_step: v.boolean('validation.required'),
  otp_roles: v.pipe(v.array(uuid, 'validation.required'), v.maxLength(50, 'validation.too_long')),
  version,
});
export type CompanyUpdateInput = v.InferOutput<typeof companyUpdateInput>;

export const companyCreateInput = v.object({
  name,
  subdomain,
  package: packageType,
  plan: planId,
  owner_name: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.maxLength(100, 'validation.too_long'),
  ),
  owner_email: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.toLowerCase(),
    v.nonEmpty('validation.required'),
    v.email('errors.invalid_email'),
    v.maxLength(254, 'validation.too_long'),
  ),
});
export type CompanyCreateInput = v.InferOutput<typeof companyCreateInput>;

export const planChangeInput = v.object({ package: packageType, plan: planId, version });
export type PlanChangeInput = v.InferOutput<typeof planChangeInput>;

export const logoInput = v.object({
  logo: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required')),
  version,
});

export const subscriptionOf = (pkg: PackageType): 'cloud' | 'standalone' => (pkg === 'Cloud' ? 'cloud' : 'standalone');

/**
 * Standalone → Cloud is an upgrade and Cloud → Standalone a downgrade (spec 1 §4 package change);
 * within a package a higher plan id is an upgrade. No change in either: undefined.
 */
export function packageAction(
  before: { package: PackageType | null; plan: number },
  after: { package: PackageType; plan: number },
): 'upgrade' | 'downgrade' | undefined {
  if (before.package !== after.package) return after.package === 'Cloud' ? 'upgrade' : 'downgrade';
  if (before.plan === after.plan) return undefined;
  return after.plan > before.plan ? 'upgrade' : 'downgrade';
}
