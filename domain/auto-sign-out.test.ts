import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  dueAt,
  dueSignOuts,
  localParts,
  loginModeChangeEndsVisits,
  nextLocalMidnight,
  type OpenVisit,
} from './auto-sign-out';

const HOUR = 3_600_000;
const ZONES = [
  'UTC',
  'Europe/London',
  'America/New_York',
  'Asia/Dubai',
  'Pacific/Auckland',
  'Asia/Kolkata',
  'America/Santiago',
  'Australia/Lord_Howe',
];
const dayKey = (at: number, zone: string) => {
  const p = localParts(at, zone);
  return Date.UTC(p.year, p.month - 1, p.day);
};

describe('local midnight in the site time zone', () => {
  it('is 00:00 local time on the next day in London, New York and Dubai', () => {
    // 15 Jan 2026 21:30 UTC: London 21:30, New York 16:30, Dubai 01:30 on the 16th.
    const at = Date.UTC(2026, 0, 15, 21, 30);
    expect(new Date(nextLocalMidnight(at, 'Europe/London')).toISOString()).toBe('2026-01-16T00:00:00.000Z');
    expect(new Date(nextLocalMidnight(at, 'America/New_York')).toISOString()).toBe('2026-01-16T05:00:00.000Z');
    expect(new Date(nextLocalMidnight(at, 'Asia/Dubai')).toISOString()).toBe('2026-01-16T20:00:00.000Z');
  });

  it('falls on the right instant across the DST changes of London, New York and Auckland', () => {
    // London springs forward on 29 Mar 2026: the day after starts at 23:00 UTC (BST).
    expect(new Date(nextLocalMidnight(Date.UTC(2026, 2, 29, 12), 'Europe/London')).toISOString()).toBe(
      '2026-03-29T23:00:00.000Z',
    );
    // The midnight before the change is still GMT.
    expect(new Date(nextLocalMidnight(Date.UTC(2026, 2, 28, 12), 'Europe/London')).toISOString()).toBe(
      '2026-03-29T00:00:00.000Z',
    );
    // New York falls back on 1 Nov 2026: the day is 25 hours long.
    const nyStart = nextLocalMidnight(Date.UTC(2026, 9, 31, 12), 'America/New_York');
    const nyEnd = nextLocalMidnight(nyStart, 'America/New_York');
    expect(new Date(nyStart).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(nyEnd - nyStart).toBe(25 * HOUR);
    // Auckland (east of UTC) ends daylight saving at 03:00 on 5 Apr 2026: that day lasts 25 hours.
    const akStart = nextLocalMidnight(Date.UTC(2026, 3, 4, 8), 'Pacific/Auckland');
    expect(new Date(akStart).toISOString()).toBe('2026-04-04T11:00:00.000Z');
    expect(new Date(nextLocalMidnight(akStart, 'Pacific/Auckland')).toISOString()).toBe('2026-04-05T12:00:00.000Z');
  });

  it('starts the day at 01:00 where DST skips midnight (Santiago, September)', () => {
    // Chile moves clocks from 00:00 to 01:00 on 6 Sep 2026: that day starts at 04:00 UTC.
    const start = nextLocalMidnight(Date.UTC(2026, 8, 5, 20), 'America/Santiago');
    expect(localParts(start, 'America/Santiago')).toMatchObject({ day: 6, hour: 1, minute: 0 });
    expect(localParts(start - 1000, 'America/Santiago')).toMatchObject({ day: 5, hour: 23 });
  });

  it('is always the first instant of the next local day, in any zone, any day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        fc.constantFrom(...ZONES),
        (at, zone) => {
          const m = nextLocalMidnight(at, zone);
          expect(m).toBeGreaterThan(at);
          expect(m - at).toBeLessThanOrEqual(25 * HOUR);
          expect(dayKey(m, zone)).toBeGreaterThan(dayKey(at, zone));
          expect(dayKey(m - 1000, zone)).toBe(dayKey(at, zone));
        },
      ),
    );
  });
});

describe('which auto sign-outs are due', () => {
  const visit = (over: Partial<OpenVisit> = {}): OpenVisit => ({
    personId: 'p1',
    signInEventId: 'e1',
    areaId: 'a1',
    signedInAt: Date.UTC(2026, 0, 15, 9),
    ...over,
  });

  it('signs out after 24 hours, exactly 24 hours after sign-in, and not before', () => {
    const area = () => ({ mode: 'after 24 hours', timeZone: 'Asia/Dubai' });
    const v = visit();
    expect(dueSignOuts([v], area, v.signedInAt + 24 * HOUR - 1)).toEqual([]);
    expect(dueSignOuts([v], area, v.signedInAt + 30 * HOUR)).toEqual([
      { personId: 'p1', signInEventId: 'e1', areaId: 'a1', at: v.signedInAt + 24 * HOUR, reason: 'after_24_hours' },
    ]);
  });

  it('signs out at midnight in the site zone, catching up long after it passed', () => {
    const area = () => ({ mode: 'at midnight', timeZone: 'America/New_York' });
    const v = visit({ signedInAt: Date.UTC(2026, 0, 15, 22) }); // 17:00 in New York
    expect(dueSignOuts([v], area, Date.UTC(2026, 0, 16, 4, 59))).toEqual([]);
    const late = dueSignOuts([v], area, Date.UTC(2026, 0, 19));
    expect(late).toHaveLength(1);
    expect(late[0]).toMatchObject({ at: Date.UTC(2026, 0, 16, 5), reason: 'at_midnight' });
  });

  it('leaves areas without a mode, or unknown areas, alone', () => {
    const now = Date.UTC(2027, 0, 1);
    expect(dueSignOuts([visit()], () => ({ mode: null, timeZone: 'UTC' }), now)).toEqual([]);
    expect(dueSignOuts([visit()], () => ({ mode: 'none', timeZone: 'UTC' }), now)).toEqual([]);
    expect(dueSignOuts([visit()], () => undefined, now)).toEqual([]);
    expect(dueAt('none', 0, 'UTC')).toBeNull();
  });

  it('ends visits only when a check-in-only area becomes a sign in/out area', () => {
    expect(loginModeChangeEndsVisits('check in only', 'sign in/sign out')).toBe(true);
    expect(loginModeChangeEndsVisits('remote check in only', 'remote sign in/out')).toBe(true);
    expect(loginModeChangeEndsVisits('sign in/sign out', 'check in only')).toBe(false);
    expect(loginModeChangeEndsVisits('sign in/sign out', 'remote sign in/out')).toBe(false);
  });
});

describe('what the visit history says about an event', () => {
  it('names the automatic reason, or a phone, and nothing for a kiosk event', async () => {
    const { eventNoteKey } = await import('./auto-sign-out');
    expect(eventNoteKey({ auto: true, reason: 'at_midnight' })).toBe('autoSignOut.reasons.at_midnight');
    expect(eventNoteKey({ remote: true })).toBe('autoSignOut.remote');
    expect(eventNoteKey({ auto: true, reason: 'whatever' })).toBeNull();
    expect(eventNoteKey(null)).toBeNull();
  });
});
