// Route guards and redirects (spec 1 §2 "Route guards and redirects" and §6).
import type { PackageType } from './constants';
import { accessOf, isAllowed, type PermissionMap } from './permissions';
import { findRoute, type RouteDef } from './routes';
import { firstSubPage } from './menu';

export interface GuardUser {
  package: PackageType | null;
  permissions: PermissionMap;
  isTechTeam: boolean;
}

export type GuardDecision = { kind: 'render'; route: RouteDef; noAccess?: boolean } | { kind: 'redirect'; to: string };

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
    return { kind: 'redirect', to: '/sites' };
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

/** Top-bar shortcuts (spec 2 §2): Cloud only; emergency also needs the emergency permission. */
export function shortcutsFor(user: GuardUser): { emergencyList: boolean; addVisits: boolean } {
  const cloud = user.package === 'Cloud';
  return { emergencyList: cloud && isAllowed(user.permissions, 'emergency'), addVisits: cloud };
}
