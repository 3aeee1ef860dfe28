// The light entry of the public pages (login, password reset, pre-registration): Mantine and a
// router with only these routes, without the admin shell's side menu, sync engine, realtime
// socket or IndexedDB code on the first load (Lighthouse ≥ 90 on a phone).
// Any other address is opened as a full page load, which starts the admin app (src/main.tsx).
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import './public-styles.css';
import './global.css';
import { theme } from './theme';
import { accessibleDefaults, contrastVariables } from '../ui/accessible-defaults';
import { PageLoader } from '../ui/page-loader';
import { WithDbContext } from '../db/with-db-context';
import type { WithDb } from '../db/with-db';
import { LIGHT_PUBLIC_MODULES } from './public-pages';

/** An address outside the light routes opens as a page load, which starts the admin app. In a
 * loader, before the router commits the address: the document navigates once, and the light
 * root never renders a page it does not have (the login's "go home" replaces the login page). */
function loadAsPage({ request }: { request: Request }): Promise<never> {
  window.location.replace(request.url);
  return new Promise<never>(() => undefined);
}

// The toasts' container (transitions, portal) after the first paint; a toast shown before it
// mounts waits in @mantine/notifications' store and appears with it.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** IndexedDB opens only when a page first needs it (the login mirrors the session there). */
function lazyWithDb(): WithDb {
  let door: Promise<WithDb> | undefined;
  return async (work) => {
    door ??= Promise.all([import('../db/schema'), import('../db/with-db')]).then(([schema, withDb]) =>
      withDb.makeWithDb(schema.createDb()),
    );
    return (await door)(work);
  };
}

export function publicRoutes(): RouteObject[] {
  const children: RouteObject[] = Object.entries(LIGHT_PUBLIC_MODULES).map(([path, lazy]) => ({ path, lazy }));
  children.push({ path: '*', loader: loadAsPage, element: <PageLoader /> });
  return [{ element: <Outlet />, HydrateFallback: PageLoader, children }];
}

function PublicProviders({ dir, children }: { dir: 'ltr' | 'rtl'; children: ReactNode }) {
  const { t } = useTranslation();
  const named = useMemo(() => mergeThemeOverrides(theme, accessibleDefaults(t)), [t]);
  const [withDb] = useState(lazyWithDb);
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <MantineProvider theme={named} defaultColorScheme="light" cssVariablesResolver={contrastVariables}>
        <Suspense fallback={null}>
          <Notifications position="top-center" limit={4} />
        </Suspense>
        <WithDbContext.Provider value={withDb}>{children}</WithDbContext.Provider>
      </MantineProvider>
    </DirectionProvider>
  );
}

export function PublicRoot({ dir }: { dir: 'ltr' | 'rtl' }) {
  const [router] = useState(() => createBrowserRouter(publicRoutes()));
  return (
    <PublicProviders dir={dir}>
      <RouterProvider router={router} />
    </PublicProviders>
  );
}
