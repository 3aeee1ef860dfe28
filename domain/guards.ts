// Route guards and redirects (spec 1 §2 "Route guards and redirects" and §6).
import type { PackageType } from './constants';
import { accessOf, isAllowed, type PermissionMap } from './permissions';
import { findRoute, ROUTES, type RouteDef } from './routes';
import { firstSubPage } from './menu';

export interface GuardUser {
  package: PackageType | null;
  permissions: PermissionMap;
  isTechTeam: boolean;
}

/** Why a page renders as a lock instead of its screen: a code for the UI to translate. */
export type LockReason = 'package.standalone';

export type GuardDecision =
  | { kind: 'render'; route: RouteDef; noAccess?: boolean }
  | { kind: 'locked'; route: RouteDef; reason: LockReason }
  | { kind: 'redirect'; to: string };

/** The pages the Standalone plan includes (spec 1 §6), in route order; `techTeamOnly` for company. */
export function standaloneIncludes(): { path: string; title: string; techTeamOnly: boolean }[] {
  return ROUTES.filter((r) => r.standalone).map((r) => ({
    path: r.path,
    title: r.title,
    techTeamOnly: r.standalone === 'techTeam',
  }));
}

/** Where a user lands after login: Cloud → /, Standalone → /sites. */
export function homeFor(pkg: PackageType | null): string {
  if (pkg === 'Standalone') return '/sites';
  if (pkg === 'Cloud') return '/';
  return '/404';
}

export function decideRoute(
  pathname: string,
  user: GuardUser | null,
  options: { cameFrom?: string } = {},
): GuardDecision {
  const route = findRoute(pathname);
  if (!route) return { kind: 'redirect', to: '/404' };
  if (route.kind === 'public' || route.kind === 'error') return { kind: 'render', route };
  if (!user) return { kind: 'redirect', to: '/login' };

  if (user.package === 'Standalone') {
    if (route.standalone === 'open') return { kind: 'render', route };
    if (route.standalone === 'techTeam' && user.isTechTeam) return { kind: 'render', route };
    // A typed address says why it is closed rather than silently landing on /sites.
    return { kind: 'locked', route, reason: 'package.standalone' };
  }
  if (user.package !== 'Cloud') return { kind: 'redirect', to: '/404' };

  if (route.kind === 'section') {
    const first = firstSubPage(route.path, user.permissions);
    return { kind: 'redirect', to: first ?? '/' };
  }
  const denied = [route.menuKey, route.pageKey].some((key) => key && accessOf(user.permissions, key) === 'denied');
  if (denied) {
    // The base address is the way out of a denied page; the dashboard itself cannot bounce to itself.
    if (route.path === '/') return { kind: 'render', route, noAccess: true };
    return { kind: 'redirect', to: '/' };
  }
  // Moving between the flow's own pages (/sync-status → /integration-duplicate → /view-integration/…)
  // stays; arriving from anywhere else goes to the flow's start.
  const from = options.cameFrom === undefined ? undefined : findRoute(options.cameFrom);
  const inFlow = from && (from.path === route.flowOf || from.flowOf === route.flowOf);
  if (route.flowOf && options.cameFrom !== undefined && !inFlow) {
    return { kind: 'redirect', to: route.flowOf };
  }
  return { kind: 'render', route };
}

/** Whether a button that opens `path`'s screen may show: the screen's own guard would render it
 * (a control for a page that refuses the user is never offered). */
export function mayOpen(path: string, user: GuardUser | null): boolean {
  const d = decideRoute(path, user);
  return d.kind === 'render' && !d.noAccess;
}

/** Why a top-bar shortcut is off: the plan, or (Cloud) a missing permission. */
export type ShortcutBlock = 'package.standalone' | 'package.none' | 'permission';

/** Top-bar shortcuts (spec 2 §2): Cloud only; emergency also needs the emergency permission.
 * `null` means the shortcut works; otherwise the code of the reason it does not. */
export function shortcutsFor(user: GuardUser): {
  emergencyList: ShortcutBlock | null;
  addVisits: ShortcutBlock | null;
} {
  const plan: ShortcutBlock | null =
    user.package === 'Cloud' ? null : user.package === 'Standalone' ? 'package.standalone' : 'package.none';
  return { emergencyList: plan ?? (isAllowed(user.permissions, 'emergency') ? null : 'permission'), addVisits: plan };
}
