import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { announcementState, announcementTimeProblems, byPriority, shownTo, PUBLISH_TOLERANCE_MS } from './announcement';

const HOUR = 3_600_000;
const ORDER = { scheduled: 0, active: 1, expired: 2 } as const;

describe('announcement state', () => {
  it('is scheduled before publish, active until expiry, expired from then on', () => {
    const a = { publishAt: 10 * HOUR, expiresAt: 12 * HOUR };
    expect(announcementState(a, 9 * HOUR)).toBe('scheduled');
    expect(announcementState(a, 10 * HOUR)).toBe('active');
    expect(announcementState(a, 12 * HOUR)).toBe('expired');
    expect(announcementState({ publishAt: 0, expiresAt: null }, 1e15)).toBe('active');
  });

  it('only ever moves forward as time passes', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), fc.nat(), (publish, length, t1, dt) => {
        const a = { publishAt: publish, expiresAt: publish + length + 1 };
        expect(ORDER[announcementState(a, t1 + dt)]).toBeGreaterThanOrEqual(ORDER[announcementState(a, t1)]);
      }),
    );
  });

  it('is shown to its target user types while active, and to everyone without targets', () => {
    const a = { publishAt: 0, expiresAt: 10, targetUserTypes: ['visitor'] };
    expect(shownTo(a, 5, ['visitor', 'staff'])).toBe(true);
    expect(shownTo(a, 5, ['staff'])).toBe(false);
    expect(shownTo(a, 10, ['visitor'])).toBe(false);
    expect(shownTo({ ...a, targetUserTypes: [] }, 5, [])).toBe(true);
  });

  it('puts urgent first, then pinned, then the newest', () => {
    const rows = [
      { id: 'old', urgent: false, pinned: false, publishAt: 1, expiresAt: null },
      { id: 'pinned', urgent: false, pinned: true, publishAt: 0, expiresAt: null },
      { id: 'urgent', urgent: true, pinned: false, publishAt: 0, expiresAt: null },
      { id: 'new', urgent: false, pinned: false, publishAt: 2, expiresAt: null },
    ];
    expect(rows.sort(byPriority).map((r) => r.id)).toEqual(['urgent', 'pinned', 'new', 'old']);
  });
});

describe('announcement times', () => {
  const now = 100 * HOUR;
  it('refuses a publish or expiry time in the past and an expiry not after publish', () => {
    expect(announcementTimeProblems({ publish_time: now, expiry_time: null }, now)).toBeNull();
    expect(announcementTimeProblems({ publish_time: now - PUBLISH_TOLERANCE_MS, expiry_time: null }, now)).toBeNull();
    expect(announcementTimeProblems({ publish_time: now - HOUR, expiry_time: null }, now)).toEqual({
      publish_time: ['announcements.validation.publish_past'],
    });
    expect(announcementTimeProblems({ publish_time: now, expiry_time: now - 1 }, now)).toEqual({
      expiry_time: ['announcements.validation.expiry_past'],
    });
    expect(announcementTimeProblems({ publish_time: now + 2 * HOUR, expiry_time: now + HOUR }, now)).toEqual({
      expiry_time: ['announcements.validation.expiry_order'],
    });
  });

  it('lets an edit keep the publish time it already had', () => {
    const previous = { publishAt: now - 5 * HOUR, expiresAt: null };
    expect(announcementTimeProblems({ publish_time: now - 5 * HOUR, expiry_time: null }, now, previous)).toBeNull();
    expect(announcementTimeProblems({ publish_time: now - 4 * HOUR, expiry_time: null }, now, previous)).not.toBeNull();
  });
});
