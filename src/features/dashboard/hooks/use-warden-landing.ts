// A warden who opens the dashboard while an emergency session runs is taken to that session
// (domain/warden-landing.ts), from the sessions already on this device, online or not.
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useNavigate } from 'react-router-dom';
import { groupSessions, type SessionInfo } from '../../../../domain/emergency-sessions';
import type { PermissionMap } from '../../../../domain/permissions';
import { landsOnRunningSession, sessionPath, sessionToLand } from '../../../../domain/warden-landing';
import { useDb } from '../../../db/db-context';

const LANDED = 'gatehouse.landedOnSession.';

export function useWardenLanding(permissions: PermissionMap): void {
  const db = useDb();
  const navigate = useNavigate();
  const lands = landsOnRunningSession(permissions);
  const sessions = useLiveQuery(
    (): Promise<SessionInfo[]> =>
      lands ? db.table<SessionInfo, string>('emergencySessions').toArray() : Promise.resolve([]),
    [db, lands],
  );
  useEffect(() => {
    if (!lands || !sessions?.length) return;
    const running = sessionToLand(groupSessions(sessions));
    if (!running || sessionStorage.getItem(LANDED + running.id)) return;
    sessionStorage.setItem(LANDED + running.id, '1');
    navigate(sessionPath(running), { replace: true });
  }, [lands, sessions, navigate]);
}
