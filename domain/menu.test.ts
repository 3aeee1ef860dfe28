import { describe, expect, it } from 'vitest';
import { activeMenuKey, visibleMenu } from './menu';
import { defaultPermissionsFor, ROLE_NAMES } from './permissions';

const keysFor = (role: (typeof ROLE_NAMES)[number]) => visibleMenu(defaultPermissionsFor(role), role).map((m) => m.key);

describe('side menu gating per role', () => {
  it('shows an admin everything but the system title', () => {
    expect(keysFor('admin')).toEqual([
      'passport',
      'company_details',
      'dashboard',
      'users',
      'announcements',
      'sites_devices',
      'reporting',
      'user_settings',
      'journey_builder',
      'compliance',
      'integration',
      'emergency',
    ]);
  });
  it('shows the system title only to the system admin', () => {
    expect(keysFor('system admin')).toContain('system');
    for (const role of ROLE_NAMES.filter((r) => r !== 'system admin')) expect(keysFor(role)).not.toContain('system');
  });
  it('always shows the passport entry, even with no permission', () => {
    expect(keysFor('default users')).toEqual(['passport']);
  });
  it('hides Reporting from an employee and shows it with its sub-items to a reporter', () => {
    expect(keysFor('employee')).toEqual(['passport', 'dashboard', 'users']);
    const reporting = visibleMenu(defaultPermissionsFor('employee with reporting'), 'x').find(
      (m) => m.key === 'reporting',
    );
    expect(reporting?.children?.map((c) => c.to)).toEqual([
      '/reporting/history',
      '/reporting/visit_summary',
      '/reporting/timesheet',
      '/reporting/time',
      '/reporting/users-not-on-site',
      '/reporting/track-trace',
      '/reporting/export-list',
      '/reporting/kiosk-logs',
      '/reporting/printer',
    ]);
  });
  it('filters sub-items by their own keys', () => {
    const perms = { ...defaultPermissionsFor('admin'), show_custom_fields: { pivot: { allowed: 0 as const } } };
    const settings = visibleMenu(perms, 'admin').find((m) => m.key === 'user_settings');
    expect(settings?.children?.map((c) => c.key)).not.toContain('custom_fields');
  });
  it('opens Users in the same window', () => {
    expect(visibleMenu(defaultPermissionsFor('admin'), 'admin').find((m) => m.key === 'users')?.newTab).toBeFalsy();
  });
  it('lists the Time report under Reporting', () => {
    const reporting = visibleMenu(defaultPermissionsFor('admin'), 'admin').find((m) => m.key === 'reporting');
    expect(reporting?.children?.find((c) => c.key === 'time')?.to).toBe('/reporting/time');
  });
  it('lists the sent mail under Settings for whoever manages people, and only for them', () => {
    const settingsOf = (perms: ReturnType<typeof defaultPermissionsFor>) =>
      visibleMenu(perms, 'admin').find((m) => m.key === 'user_settings');
    const admin = defaultPermissionsFor('admin');
    expect(settingsOf(admin)?.children?.find((c) => c.key === 'mail_log')?.to).toBe('/mail-log');
    expect(settingsOf({ ...admin, users: { pivot: { allowed: 0 } } })?.children?.map((c) => c.key)).not.toContain(
      'mail_log',
    );
  });
});

describe('active menu item', () => {
  it.each([
    ['/', 'dashboard'],
    ['/filtered', 'dashboard'],
    ['/update/journey/7', 'journey_builder'],
    ['/add-journey', 'journey_builder'],
    ['/add-announcement', 'announcements'],
    ['/compliance-new', 'compliance'],
    ['/compliances', 'compliance'],
    ['/reporting/history', 'reporting'],
    ['/user-types', 'user_settings'],
    ['/users/import/grid', 'users'],
    ['/sync-status', 'integration'],
    ['/emergency-sessions/a/b', 'emergency'],
    ['/sites', 'sites_devices'],
  ])('%s → %s', (path, key) => expect(activeMenuKey(path)).toBe(key));
});
