import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { groupOfSession, groupSessions, SESSION_MERGE_WINDOW_MS, type SessionInfo } from './emergency-sessions';

const MIN = 60_000;
const session = (id: string, siteIds: string[], startedAt: number, extra: Partial<SessionInfo> = {}): SessionInfo => ({
  id,
  name: `S ${id}`,
  siteIds,
  startedAt,
  startedBy: 'u',
  endedAt: null,
  endedBy: null,
  ...extra,
});

const arbSession = fc.record({
  id: fc.uuid(),
  name: fc.constant('S'),
  siteIds: fc.subarray(['x', 'y', 'z'], { minLength: 1 }),
  startedAt: fc.integer({ min: 0, max: 60 * MIN }),
  startedBy: fc.constant('u'),
  endedAt: fc.option(fc.integer({ min: 0, max: 90 * MIN }), { nil: null }),
  endedBy: fc.constant('u'),
});

const shape = (sessions: SessionInfo[]) =>
  groupSessions(sessions)
    .map((g) => ({ id: g.id, members: [...g.memberIds].sort(), endedAt: g.endedAt }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));

describe('session merge', () => {
  it('groups the same way whatever order and repetition the sessions arrive in', () => {
    const scenario = fc
      .array(arbSession, { maxLength: 12 })
      .chain((s) => fc.tuple(fc.constant(s), fc.shuffledSubarray(s, { minLength: s.length, maxLength: s.length })));
    fc.assert(
      fc.property(scenario, ([sessions, shuffled]) => {
        expect(shape([...shuffled, ...shuffled.slice(0, 3)])).toEqual(shape(sessions));
      }),
      { numRuns: 300 },
    );
  });

  it('names each group by its earliest start, then smallest id, and keeps every session', () => {
    fc.assert(
      fc.property(fc.array(arbSession, { maxLength: 12 }), (sessions) => {
        const groups = groupSessions(sessions);
        const unique = new Map(sessions.map((s) => [s.id, s]));
        expect(groups.flatMap((g) => g.memberIds).sort()).toEqual([...unique.keys()].sort());
        for (const g of groups) {
          const first = [...g.members].sort((a, b) => a.startedAt - b.startedAt || (a.id < b.id ? -1 : 1))[0]!;
          expect(g.id).toBe(first.id);
        }
      }),
    );
  });

  it('merges overlapping sites within 15 minutes, transitively, and nothing else', () => {
    const groups = groupSessions([
      session('a', ['x'], 0),
      session('b', ['x', 'y'], SESSION_MERGE_WINDOW_MS),
      session('c', ['y'], 2 * SESSION_MERGE_WINDOW_MS), // joins a through b
      session('d', ['z'], MIN), // other site
      session('e', ['x'], 2 * SESSION_MERGE_WINDOW_MS + 1 + 60 * MIN), // too late
    ]);
    expect(groups.map((g) => g.memberIds)).toEqual([['a', 'b', 'c'], ['d'], ['e']]);
    expect(groupOfSession(groups, 'c')?.id).toBe('a');
    expect(groupOfSession(groups, 'c')?.siteIds).toEqual(['x', 'y']);
    expect(groupSessions([session('a', ['x'], 0), session('b', ['x'], SESSION_MERGE_WINDOW_MS + 1)])).toHaveLength(2);
  });

  it('is ended once an end is at or after every member start; a later start reopens it', () => {
    const a = session('a', ['x'], 0, { endedAt: 20 * MIN, endedBy: 'w' });
    expect(groupSessions([a])[0]!.endedAt).toBe(20 * MIN);
    // An offline start from before the end arrives late: still ended.
    expect(groupSessions([a, session('b', ['x'], 5 * MIN)])[0]!.endedAt).toBe(20 * MIN);
    // A session started after the end reopens the incident.
    const reopened = groupSessions([
      session('a', ['x'], 0, { endedAt: 2 * MIN, endedBy: 'w' }),
      session('b', ['x'], 10 * MIN),
    ])[0]!;
    expect(reopened).toMatchObject({ id: 'a', endedAt: null });
  });
});

describe('ending with inaccessible sites', () => {
  it('is blocked only by sites the actor cannot access that still have people signed in', async () => {
    const { sitesBlockingEnd, sessionConcerns } = await import('./emergency-sessions');
    const occupied = new Set(['x', 'y']);
    expect(sitesBlockingEnd(['x', 'y', 'z'], null, occupied)).toEqual([]);
    expect(sitesBlockingEnd(['x', 'y', 'z'], ['x'], occupied)).toEqual(['y']);
    expect(sitesBlockingEnd(['x', 'z'], ['x'], occupied)).toEqual([]);
    expect(sessionConcerns(['z'], ['x', 'y'])).toBe(false);
    expect(sessionConcerns(['y'], ['x', 'y'])).toBe(true);
  });
});
