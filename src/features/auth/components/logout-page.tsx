// /logout: tells the server (best effort), clears every local trace of the session, goes to /login.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../api/client';
import { logout } from '../../../api/auth';
import { clearStoredUser } from '../../../api/session';
import { clearLocalData } from '../../../db/session-store';
import { useWithDb } from '../../../db/db-context';
import { PageLoader } from '../../../ui/page-loader';

export function LogoutPage() {
  const navigate = useNavigate();
  const withDb = useWithDb();
  useEffect(() => {
    let cancelled = false;
    (async () => {
      await logout(api).catch(() => undefined);
      clearStoredUser();
      await clearLocalData(withDb).catch((error: unknown) => console.warn('gatehouse: could not clear local data', error));
      if (!cancelled) navigate('/login', { replace: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [navigate, withDb]);
  return <PageLoader />;
}
