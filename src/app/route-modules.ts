// Which lazy module renders each route. A route without a built screen gets ComingSoonPage.
import type { ComponentType } from 'react';
import type { RouteDef } from '../../domain/routes';

export type RouteModule = () => Promise<{ Component: ComponentType }>;

const comingSoon: RouteModule = () => import('../ui/coming-soon-page').then((m) => ({ Component: m.ComingSoonPage }));
const errorPage: RouteModule = () => import('../features/errors/components/error-page').then((m) => ({ Component: m.ErrorPage }));

const BUILT: Record<string, RouteModule> = {
  '/login': () => import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })),
  '/logout': () => import('../features/auth/components/logout-page').then((m) => ({ Component: m.LogoutPage })),
  '/error': errorPage,
  '/otp-error': errorPage,
  '/404': errorPage,
  '/': () => import('../features/dashboard/components/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  '/device': () => import('../features/device/components/device-page').then((m) => ({ Component: m.DevicePage })),
  '/passport': () => import('../features/passport/components/passport-page').then((m) => ({ Component: m.PassportPage })),
};

export function moduleFor(route: RouteDef): RouteModule {
  return BUILT[route.path] ?? comingSoon;
}

/** Paths whose screen exists (the rest render the coming-soon state). */
export const BUILT_PATHS: readonly string[] = Object.keys(BUILT);
