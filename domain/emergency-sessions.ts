// Emergency sessions and how they merge. Two wardens who each start a session for the same
// site while offline must end up in one: sessions whose sites overlap and whose starts are at
// most SESSION_MERGE_WINDOW_MS apart belong to one group (transitively). A group is named by
// its canonical session, the earliest start then the smallest id, so every device and the
// server agree on it whatever order the sessions arrived in.

export const SESSION_MERGE_WINDOW_MS = 15 * 60 * 1000;

export interface SessionInfo {
  id: string;
  name: string;
  siteIds: readonly string[];
  /** Corrected time the session was started. */
  startedAt: number;
  startedBy: string | null;
  /** The latest end recorded against this session row, if any. */
  endedAt: number | null;
  endedBy: string | null;
}

export interface SessionGroup {
  /** The canonical session's id: the group's id on every device and in every URL. */
  id: string;
  name: string;
  startedAt: number;
  startedBy: string | null;
  /** Every member session, canonical first. */
  members: SessionInfo[];
  memberIds: string[];
  /** Union of the members' sites, sorted. */
  siteIds: string[];
  /** Set when an end is at or after every member's start; a session started later reopens the group. */
  endedAt: number | null;
  endedBy: string | null;
}

export function compareSessions(
  a: Pick<SessionInfo, 'startedAt' | 'id'>,
  b: Pick<SessionInfo, 'startedAt' | 'id'>,
): number {
  return a.startedAt - b.startedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function shouldMerge(
  a: Pick<SessionInfo, 'siteIds' | 'startedAt'>,
  b: Pick<SessionInfo, 'siteIds' | 'startedAt'>,
): boolean {
  if (Math.abs(a.startedAt - b.startedAt) > SESSION_MERGE_WINDOW_MS) return false;
  return a.siteIds.some((s) => b.siteIds.includes(s));
}

/** Groups sessions into merged incidents (connected components of shouldMerge). */
export function groupSessions(sessions: Iterable<SessionInfo>): SessionGroup[] {
  const unique = new Map<string, SessionInfo>();
  for (const s of sessions) unique.set(s.id, s);
  const sorted = [...unique.values()].sort(compareSessions);
  const parent = sorted.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  // Sorted by start, so only neighbours within the window need comparing.
  for (let i = 0; i < sorted.length; i++) {
    for (
      let j = i + 1;
      j < sorted.length && sorted[j]!.startedAt - sorted[i]!.startedAt <= SESSION_MERGE_WINDOW_MS;
      j++
    ) {
      if (shouldMerge(sorted[i]!, sorted[j]!)) {
        const [a, b] = [find(i), find(j)];
        // The smaller index (earlier start, then smaller id) stays the root: the canonical session.
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  }
  const byRoot = new Map<number, SessionInfo[]>();
  sorted.forEach((s, i) => {
    const root = find(i);
    const list = byRoot.get(root);
    if (list) list.push(s);
    else byRoot.set(root, [s]);
  });
  return [...byRoot.values()].map(groupOf);
}

function groupOf(members: SessionInfo[]): SessionGroup {
  const canonical = members[0]!;
  const lastStart = Math.max(...members.map((m) => m.startedAt));
  let end: SessionInfo | null = null;
  for (const m of members) {
    if (m.endedAt !== null && (!end || m.endedAt > end.endedAt! || (m.endedAt === end.endedAt && m.id < end.id)))
      end = m;
  }
  const ended = end !== null && end.endedAt! >= lastStart;
  return {
    id: canonical.id,
    name: canonical.name,
    startedAt: canonical.startedAt,
    startedBy: canonical.startedBy,
    members,
    memberIds: members.map((m) => m.id),
    siteIds: [...new Set(members.flatMap((m) => m.siteIds))].sort(),
    endedAt: ended ? end!.endedAt : null,
    endedBy: ended ? end!.endedBy : null,
  };
}

/** The group a session id belongs to (it may be any member, not only the canonical one). */
export function groupOfSession(groups: readonly SessionGroup[], sessionId: string): SessionGroup | undefined {
  return groups.find((g) => g.memberIds.includes(sessionId));
}

export const isActive = (group: Pick<SessionGroup, 'endedAt'>): boolean => group.endedAt === null;

/** Active groups first, then the most recent. */
export function sortGroups(groups: readonly SessionGroup[]): SessionGroup[] {
  return [...groups].sort(
    (a, b) => Number(isActive(b)) - Number(isActive(a)) || b.startedAt - a.startedAt || (a.id < b.id ? -1 : 1),
  );
}

/** A user's site access: null means every site of the company (docs/decisions.md). */
export type SiteAccess = readonly string[] | null;

export const canAccessSite = (access: SiteAccess, siteId: string): boolean =>
  access === null || access.includes(siteId);

/** Whether a session concerns this user at all: one of its sites is theirs. */
export const sessionConcerns = (access: SiteAccess, siteIds: readonly string[]): boolean =>
  access === null || siteIds.some((s) => access.includes(s));

/**
 * Spec 1 §6: ending is refused when the session includes sites the actor cannot access where
 * people are still signed in. Returns those sites (empty: the end may go ahead).
 */
export function sitesBlockingEnd(
  siteIds: readonly string[],
  access: SiteAccess,
  occupiedSiteIds: ReadonlySet<string>,
): string[] {
  return siteIds.filter((s) => !canAccessSite(access, s) && occupiedSiteIds.has(s));
}
