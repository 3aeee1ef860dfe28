import { describe, expect, it } from 'vitest';
import { packageAction, subdomainProblem } from './company';

describe('subdomainProblem', () => {
  it.each([
    ['acme', null],
    ['Acme-2', null],
    ['', 'validation.required'],
    ['-acme', 'company.validation.subdomain_format'],
    ['acme-', 'company.validation.subdomain_format'],
    ['ac me', 'company.validation.subdomain_format'],
    ['ac_me', 'company.validation.subdomain_format'],
    ['a'.repeat(64), 'company.validation.subdomain_format'],
    ['WWW', 'company.validation.subdomain_reserved'],
    ['api', 'company.validation.subdomain_reserved'],
  ])('%s → %s', (value, problem) => {
    expect(subdomainProblem(value)).toBe(problem);
  });
});

describe('packageAction', () => {
  it('Standalone to Cloud is an upgrade, the reverse a downgrade', () => {
    expect(packageAction({ package: 'Standalone', plan: 1 }, { package: 'Cloud', plan: 1 })).toBe('upgrade');
    expect(packageAction({ package: 'Cloud', plan: 3 }, { package: 'Standalone', plan: 3 })).toBe('downgrade');
  });
  it('within a package the plan id decides; no change is undefined', () => {
    expect(packageAction({ package: 'Cloud', plan: 1 }, { package: 'Cloud', plan: 2 })).toBe('upgrade');
    expect(packageAction({ package: 'Cloud', plan: 3 }, { package: 'Cloud', plan: 2 })).toBe('downgrade');
    expect(packageAction({ package: 'Cloud', plan: 2 }, { package: 'Cloud', plan: 2 })).toBeUndefined();
  });
});
