// The single guard: domain decideRoute decides render, lock or redirect; logged-in pages get the layout.
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { decideRoute } from '../../domain/guards';
import { guardUserOf, useStoredUser } from '../api/session';
import { AppLayout } from './layout/app-layout';
import { PlanLockedPage } from './plan-locked-page';

/** The path the user was on before this one, so integration sub-pages know where they came from. */
function useCameFrom(pathname: string): string | undefined {
  const [track, setTrack] = useState<{ path: string; from?: string }>({ path: pathname });
  if (track.path !== pathname) setTrack({ path: pathname, from: track.path });
  return track.path === pathname ? track.from : track.path;
}

export interface PageContext {
  noAccess: boolean;
}

export function RouteGuard() {
  const location = useLocation();
  const stored = useStoredUser();
  const cameFrom = useCameFrom(location.pathname);
  const guardUser = guardUserOf(stored);
  const decision = decideRoute(location.pathname, guardUser, { cameFrom });

  if (decision.kind === 'redirect') {
    return <Navigate to={decision.to} replace state={{ from: location.pathname }} />;
  }
  // A page outside the company's plan keeps its address and says why it is closed.
  if (decision.kind === 'locked') {
    // A lock is only ever decided for a logged-in user.
    if (!stored || !guardUser) return <Navigate to="/login" replace />;
    return (
      <AppLayout stored={stored}>
        <PlanLockedPage route={decision.route} user={guardUser} />
      </AppLayout>
    );
  }
  const context: PageContext = { noAccess: decision.noAccess === true };
  // The passport entry sits in the side menu, so a logged-in user keeps the layout there too.
  const withLayout = decision.route.kind === 'private' || decision.route.path === '/passport';
  if (withLayout && stored) {
    return (
      <AppLayout stored={stored}>
        <Outlet context={context} />
      </AppLayout>
    );
  }
  return <Outlet context={context} />;
}
