import { describe, expect, it } from 'vitest';
import { defaultPermissionsFor } from './permissions';
import type { SessionGroup } from './emergency-sessions';
import { landsOnRunningSession, sessionPath, sessionToLand } from './warden-landing';

const group = (id: string, startedAt: number, endedAt: number | null): SessionGroup => ({
  id,
  name: `Drill ${id}`,
  startedAt,
  startedBy: null,
  members: [],
  memberIds: [id],
  siteIds: [],
  endedAt,
  endedBy: null,
});

describe('where a warden lands while a session runs', () => {
  it('lands a fire warden on it, and keeps admins and employees on the dashboard', () => {
    expect(landsOnRunningSession(defaultPermissionsFor('fire warden'))).toBe(true);
    expect(landsOnRunningSession(defaultPermissionsFor('admin'))).toBe(false);
    expect(landsOnRunningSession(defaultPermissionsFor('employee'))).toBe(false);
  });

  it('picks the running session started last, and none when every session has ended', () => {
    expect(sessionToLand([group('a', 10, null), group('b', 30, null), group('c', 40, 50)])?.id).toBe('b');
    expect(sessionToLand([group('a', 10, 20)])).toBeNull();
    expect(sessionToLand([])).toBeNull();
  });

  it("opens the session's own page, its name escaped", () => {
    expect(sessionPath({ id: 's1', name: 'Fire / east' })).toBe('/emergency-sessions/Fire%20%2F%20east/s1');
  });
});
