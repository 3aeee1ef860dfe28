// The router: every route of domain/routes.ts under one guard, lazy route modules, and
// unknown paths sent to /404.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ROUTES } from '../../domain/routes';
import { PageLoader } from '../ui/page-loader';
import { RouteGuard } from './route-guard';
import { moduleFor } from './route-modules';
import { UpdatePrompt } from './update-prompt';

function AppRoot() {
  return (
    <>
      <UpdatePrompt />
      <RouteGuard />
    </>
  );
}

export function appRoutes(): RouteObject[] {
  const children: RouteObject[] = ROUTES.map((route) => ({
    path: route.path,
    lazy: moduleFor(route),
  }));
  children.push({ path: '*', element: <Navigate to="/404" replace /> });
  return [{ element: <AppRoot />, HydrateFallback: PageLoader, children }];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
