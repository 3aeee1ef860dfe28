// Table-driven from spec 1 §2 "Route guards and redirects" and §6 "Access in Cloud / Standalone".
import { describe, expect, it } from 'vitest';
import { decideRoute, homeFor, mayOpen, shortcutsFor, standaloneIncludes, type GuardUser } from './guards';
import { defaultPermissionsFor, type PermissionMap } from './permissions';
import { ROUTES } from './routes';

const cloud = (permissions: PermissionMap): GuardUser => ({ package: 'Cloud', permissions, isTechTeam: false });
const admin = cloud(defaultPermissionsFor('admin'));
const employee = cloud(defaultPermissionsFor('employee'));
const standalone: GuardUser = { package: 'Standalone', permissions: defaultPermissionsFor('admin'), isTechTeam: false };
const techTeam: GuardUser = { ...standalone, isTechTeam: true };
const noPackage: GuardUser = { package: null, permissions: defaultPermissionsFor('admin'), isTechTeam: false };

const go = (path: string, user: GuardUser | null, cameFrom?: string) => {
  const d = decideRoute(path, user, { cameFrom });
  if (d.kind === 'locked') return `locked (${d.reason})`;
  return d.kind === 'redirect' ? `→ ${d.to}` : d.noAccess ? 'render (no access)' : 'render';
};

describe('route guards', () => {
  it.each([
    // public routes open without a stored user
    ['/login', null, 'render'],
    ['/pre-registration/abc', null, 'render'],
    ['/pre-registration/abc/success', null, 'render'],
    ['/c/visit-url/1234', null, 'render'],
    ['/link-expired', null, 'render'],
    ['/kiosk-register', null, 'render'],
    // error pages open with or without a login (ruling 3)
    ['/error', null, 'render'],
    ['/otp-error', admin, 'render'],
    ['/404', null, 'render'],
    // any other page needs a stored user
    ['/', null, '→ /login'],
    ['/users', null, '→ /login'],
    ['/emergency-sessions/Fire/123', null, '→ /login'],
    // unknown paths go to 404
    ['/no-such-page', admin, '→ /404'],
    ['/no-such-page', null, '→ /404'],
    // Cloud: allowed 1 opens
    ['/', admin, 'render'],
    ['/reporting/history', admin, 'render'],
    ['/emergency-sessions/Fire drill/42', admin, 'render'],
    // Cloud: allowed 0 on the menu key or the page key → base address
    ['/reporting/history', employee, '→ /'],
    ['/journeys', employee, '→ /'],
    ['/users', employee, 'render'],
    // the dashboard itself cannot bounce to itself
    ['/', cloud(defaultPermissionsFor('default users')), 'render (no access)'],
    // missing permission: the page opens
    ['/reporting/time', cloud({ reporting: { pivot: { allowed: 1 } } }), 'render'],
    ['/sites', cloud({}), 'render'],
    // sections open their first permitted sub-page
    ['/Reporting', admin, '→ /reporting/history'],
    [
      '/reporting',
      cloud({ ...defaultPermissionsFor('admin'), show_history_list: { pivot: { allowed: 0 } } }),
      '→ /reporting/visit_summary',
    ],
    ['/settings', admin, '→ /user-types'],
    ['/settings', employee, '→ /'],
    // Standalone: only sites, passport and company (company for the tech team only); any other
    // page, typed or followed, shows why it is locked instead of bouncing to /sites
    ['/sites', standalone, 'render'],
    ['/passport', standalone, 'render'],
    ['/', standalone, 'locked (package.standalone)'],
    ['/users', standalone, 'locked (package.standalone)'],
    ['/reporting/history', standalone, 'locked (package.standalone)'],
    ['/Reporting', standalone, 'locked (package.standalone)'],
    ['/add-expected-visitors', standalone, 'locked (package.standalone)'],
    ['/company', standalone, 'locked (package.standalone)'],
    ['/company', techTeam, 'render'],
    ['/users', techTeam, 'locked (package.standalone)'],
    // no package: every guarded page is disabled
    ['/', noPackage, '→ /404'],
    ['/sites', noPackage, '→ /404'],
    // integration sub-pages reached from the dashboard go to /integration
    ['/sync-status', admin, 'render'],
    ['/sync-status', admin, '/', '→ /integration'],
    ['/sync-status', admin, '/integration', 'render'],
    ['/integration-duplicate', admin, '/sync-status', 'render'],
    ['/view-integration/1/Staff', admin, '/integration-duplicate', 'render'],
    ['/integration-valid', admin, '/users', '→ /integration'],
  ] as Array<[string, GuardUser | null, string, string?]>)('%s as %j', (path, user, a, b) => {
    const [cameFrom, expected] = b === undefined ? [undefined, a] : [a, b];
    expect(go(path, user, cameFrom)).toBe(expected);
  });

  it('sends Cloud home to / and Standalone to /sites after login', () => {
    expect(homeFor('Cloud')).toBe('/');
    expect(homeFor('Standalone')).toBe('/sites');
  });

  it('lets every private route through for an admin in Cloud', () => {
    for (const r of ROUTES.filter((x) => x.kind === 'private')) {
      const path = r.path.replace(/\/:[^/]+\?/g, '').replace(/:([^/]+)/g, 'x');
      expect(decideRoute(path, admin, {}).kind, path).toBe('render');
    }
  });

  it('lists what the Standalone plan includes: sites, passport, and company for the tech team', () => {
    const included = standaloneIncludes();
    expect(included.map((r) => r.path).sort()).toEqual(['/company', '/passport', '/sites']);
    expect(included.filter((r) => r.techTeamOnly).map((r) => r.path)).toEqual(['/company']);
    for (const r of included) expect(go(r.path, techTeam)).toBe('render');
  });
});

describe('top-bar shortcuts', () => {
  it('are active only for Cloud; emergency also needs the emergency permission', () => {
    expect(shortcutsFor(admin)).toEqual({ emergencyList: null, addVisits: null });
    expect(shortcutsFor(employee)).toEqual({ emergencyList: 'permission', addVisits: null });
  });

  it('name the plan as the reason a Standalone company cannot add visits', () => {
    expect(shortcutsFor(standalone)).toEqual({ emergencyList: 'package.standalone', addVisits: 'package.standalone' });
    expect(shortcutsFor(noPackage).addVisits).toBe('package.none');
  });
});

describe('buttons that open a guarded screen', () => {
  it('offers mass sign-in / sign-out only to whom /multiple-signin opens for (not a fire warden)', () => {
    expect(mayOpen('/multiple-signin', cloud(defaultPermissionsFor('fire warden')))).toBe(false);
    expect(mayOpen('/multiple-signin', admin)).toBe(true);
    expect(mayOpen('/multiple-signin', employee)).toBe(true);
    expect(mayOpen('/multiple-signin', null)).toBe(false);
    expect(mayOpen('/multiple-signin', standalone)).toBe(false);
  });
});
