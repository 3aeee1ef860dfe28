// The pages of the light public root (src/app/public-root.tsx), by route. src/main.tsx loads this
// small chunk beside the root's and starts the page's own chunk from it at once, so the page does
// not wait for the root to load first.
import type { RouteModule } from './route-modules';
import type { LightPath } from '../../domain/public-paths';
import { installEarly } from '../pwa/install-early';

export const LIGHT_PUBLIC_MODULES = {
  '/login': () => {
    installEarly();
    return import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage }));
  },
  '/forgot-password': () =>
    import('../features/auth/components/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  '/reset-password/:token': () =>
    import('../features/auth/components/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  '/e/:id?': () =>
    import('../features/preregistration/components/forwarders').then((m) => ({ Component: m.ExpectedLinkPage })),
  '/pre-registration/:id?': () =>
    import('../features/preregistration/components/pre-registration-page').then((m) => ({
      Component: m.PreRegistrationPage,
    })),
  '/pre-registration/:id?/success': () =>
    import('../features/preregistration/components/success-page').then((m) => ({ Component: m.SuccessPage })),
} satisfies Record<LightPath, RouteModule>;
