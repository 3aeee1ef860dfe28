import { describe, expect, it } from 'vitest';
import { defaultPermissionsFor } from '../../../domain/permissions';
import { menuFor } from './menu-for';

const keys = (items: { key: string }[]) => items.map((i) => i.key);

describe('menuFor', () => {
  const admin = defaultPermissionsFor('admin');

  it('gives a Cloud admin the full menu', () => {
    expect(keys(menuFor({ package: 'Cloud', permissions: admin, isTechTeam: false }, 'admin'))).toContain('reporting');
  });

  it('limits Standalone to passport and sites, plus company for the tech-team account', () => {
    expect(keys(menuFor({ package: 'Standalone', permissions: admin, isTechTeam: false }, 'admin'))).toEqual([
      'passport',
      'sites_devices',
    ]);
    expect(keys(menuFor({ package: 'Standalone', permissions: admin, isTechTeam: true }, 'system admin'))).toEqual([
      'passport',
      'company_details',
      'sites_devices',
    ]);
  });

  it('leaves only the passport entry without a package', () => {
    expect(keys(menuFor({ package: null, permissions: admin, isTechTeam: false }, 'admin'))).toEqual(['passport']);
  });
});
