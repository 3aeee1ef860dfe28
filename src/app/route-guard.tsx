// The single guard: domain decideRoute decides render or redirect; logged-in pages get the layout.
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { decideRoute } from '../../domain/guards';
import { guardUserOf, useStoredUser } from '../api/session';
import { AppLayout } from './layout/app-layout';

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
  const decision = decideRoute(location.pathname, guardUserOf(stored), { cameFrom });

  if (decision.kind === 'redirect') {
    return <Navigate to={decision.to} replace state={{ from: location.pathname }} />;
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
