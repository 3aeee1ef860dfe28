// Overlaps worked out by hand: times are minutes after 09:00 for readability.
import { describe, expect, it } from 'vitest';
import { contactsOf, overlapOf, unionLength, type VisitSpan } from './track-trace';

const M = 60_000;
const span = (personId: string, areaId: string | null, from: number, to: number | null): VisitSpan => ({
  personId,
  areaId,
  from: from * M,
  to: to == null ? null : to * M,
});

describe('overlapOf', () => {
  it('is the shared part of two visits in the same area', () => {
    expect(overlapOf(span('s', 'A', 0, 60), span('o', 'A', 30, 90), 0, 1000 * M)).toEqual([30 * M, 60 * M]);
  });
  it('is nothing in different areas, back to back, or without an area', () => {
    expect(overlapOf(span('s', 'A', 0, 60), span('o', 'B', 0, 60), 0, 1000 * M)).toBeNull();
    expect(overlapOf(span('s', 'A', 0, 60), span('o', 'A', 60, 90), 0, 1000 * M)).toBeNull();
    expect(overlapOf(span('s', null, 0, 60), span('o', null, 0, 60), 0, 1000 * M)).toBeNull();
  });
  it('counts an open visit up to the window end and clips to the window', () => {
    expect(overlapOf(span('s', 'A', 0, null), span('o', 'A', 100, null), 0, 130 * M)).toEqual([100 * M, 130 * M]);
    expect(overlapOf(span('s', 'A', -60, 60), span('o', 'A', -30, 30), 0, 1000 * M)).toEqual([0, 30 * M]);
  });
});

describe('unionLength', () => {
  it('counts overlapping parts once', () => {
    expect(
      unionLength([
        [0, 10],
        [5, 20],
        [30, 40],
      ]),
    ).toBe(30);
    expect(unionLength([])).toBe(0);
  });
});

describe('contactsOf', () => {
  it('sums each contact over areas and visits, longest first', () => {
    const subject = [span('s', 'A', 0, 120), span('s', 'B', 180, 240)];
    const others = [
      span('x', 'A', 60, 180), // 60 min in A (09:60–11:00 = 60..120)
      span('x', 'B', 200, 300), // 40 min in B (200..240)
      span('y', 'A', 100, 110), // 10 min
      span('z', 'B', 0, 180), // left as the subject arrived: no contact
      span('s', 'A', 0, 120), // the subject is never their own contact
    ];
    const found = contactsOf(subject, others, 0, 1000 * M);
    expect(found.map((c) => [c.personId, c.overlapMs / M, c.encounters])).toEqual([
      ['x', 100, 2],
      ['y', 10, 1],
    ]);
    expect(found[0]).toMatchObject({ firstAt: 60 * M, lastAt: 240 * M, areaIds: ['A', 'B'] });
  });

  it('does not count twice when the subject has overlapping visits (a repeated sign-in)', () => {
    const subject = [span('s', 'A', 0, 60), span('s', 'A', 30, 90)];
    const found = contactsOf(subject, [span('x', 'A', 0, 120)], 0, 1000 * M);
    expect(found[0]).toMatchObject({ personId: 'x', overlapMs: 90 * M, encounters: 2 });
  });

  it('counts people still signed in up to the end of the window', () => {
    const found = contactsOf([span('s', 'A', 0, null)], [span('x', 'A', 45, null)], 0, 60 * M);
    expect(found[0]!.overlapMs).toBe(15 * M);
  });
});
