// A fire warden who opens Gatehouse while an emergency session is running lands on that session:
// in the yard, three taps from the dashboard are three too many. Who lands there: a role that
// takes roll calls (show_emergency_sessions) and manages no one (no `users`); an admin keeps the
// dashboard. Once per session and tab, so going back to the dashboard stays there.
import { isAllowed, type PermissionMap } from './permissions';
import type { SessionGroup } from './emergency-sessions';

export function landsOnRunningSession(permissions: PermissionMap): boolean {
  return isAllowed(permissions, 'show_emergency_sessions') && !isAllowed(permissions, 'users');
}

/** The running session to land on: the one started last. */
export function sessionToLand(groups: readonly SessionGroup[]): SessionGroup | null {
  let found: SessionGroup | null = null;
  for (const g of groups) if (g.endedAt === null && (!found || g.startedAt > found.startedAt)) found = g;
  return found;
}

/** The session page's address (spec 1 §2): /emergency-sessions/{sessionName}/{sessionId}. */
export const sessionPath = (group: { id: string; name: string }): string =>
  `/emergency-sessions/${encodeURIComponent(group.name)}/${group.id}`;
