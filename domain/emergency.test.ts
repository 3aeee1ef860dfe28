import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONFLICT_WINDOW_MS, MARKABLE_STATUSES, rollCallStatuses, statusOf, type RollCallMark } from './emergency';

const MIN = 60_000;
const mark = (
  id: string,
  status: RollCallMark['status'],
  at: number,
  by: string | null = 'w1',
  extra: Partial<RollCallMark> = {},
): RollCallMark => ({
  id,
  sessionId: 's',
  personId: 'p',
  status,
  at,
  markedBy: by,
  deviceId: by && `${by}-tablet`,
  ...extra,
});

const arbMark = fc.record({
  id: fc.uuid(),
  sessionId: fc.constant('s'),
  personId: fc.constantFrom('p1', 'p2', 'p3'),
  status: fc.constantFrom(...MARKABLE_STATUSES),
  at: fc.integer({ min: 0, max: 6 * MIN }),
  markedBy: fc.constantFrom<string | null>('w1', 'w2', 'w3', null),
  deviceId: fc.constantFrom('d1', 'd2'),
  settles: fc.boolean(),
});

/** The marks, shuffled, with some of them repeated. */
const reordered = fc
  .array(arbMark, { maxLength: 25 })
  .chain((marks) =>
    fc.tuple(
      fc.constant(marks),
      fc.shuffledSubarray(marks, { minLength: marks.length, maxLength: marks.length }),
      fc.array(fc.nat(24)),
    ),
  );

describe('roll-call status derivation', () => {
  it('is the same for any order and duplication of the same marks (status and conflicts)', () => {
    fc.assert(
      fc.property(reordered, ([marks, shuffled, picks]) => {
        const repeated = [...shuffled, ...picks.filter((i) => i < marks.length).map((i) => marks[i]!)];
        expect(rollCallStatuses(repeated)).toEqual(rollCallStatuses(marks));
      }),
      { numRuns: 300 },
    );
  });

  it('takes the latest mark by corrected time, then by mark id', () => {
    expect(statusOf('p', []).status).toBe('unaccounted');
    expect(statusOf('p', [mark('a', 'safe', 10), mark('b', 'missing', 5)]).status).toBe('safe');
    expect(statusOf('p', [mark('b', 'missing', 10), mark('a', 'safe', 10)]).status).toBe('missing');
  });

  it('flags two devices marking one person differently within two minutes, and only then', () => {
    const a = mark('a', 'safe', 0, 'w1');
    expect(statusOf('p', [a, mark('b', 'missing', CONFLICT_WINDOW_MS, 'w2')]).conflict.map((m) => m.id)).toEqual([
      'a',
      'b',
    ]);
    expect(statusOf('p', [a, mark('b', 'missing', CONFLICT_WINDOW_MS + 1, 'w2')]).conflict).toEqual([]);
    expect(statusOf('p', [a, mark('b', 'safe', MIN, 'w2')]).conflict).toEqual([]);
    // One device changing its mind is a correction, not a conflict.
    expect(statusOf('p', [a, mark('b', 'missing', MIN, 'w1')]).conflict).toEqual([]);
    // One account on two tablets is two wardens.
    expect(statusOf('p', [a, mark('b', 'missing', MIN, 'w1', { deviceId: 'other' })]).conflict).toHaveLength(2);
  });

  it('compares each device by its latest mark only', () => {
    const marks = [mark('a', 'missing', 0, 'w1'), mark('b', 'safe', 30_000, 'w1'), mark('c', 'safe', MIN, 'w2')];
    expect(statusOf('p', marks).conflict).toEqual([]);
  });

  it('lets a settling mark end the conflict, and later marks start a new one', () => {
    const contested = [mark('a', 'safe', 0, 'w1'), mark('b', 'missing', MIN, 'w2')];
    const settled = [...contested, mark('c', 'injured', 2 * MIN, 'w3', { settles: true })];
    expect(statusOf('p', settled)).toMatchObject({ status: 'injured', conflict: [] });
    expect(statusOf('p', [...settled, mark('d', 'safe', 3 * MIN, 'w1')]).conflict).toEqual([]);
    expect(
      statusOf('p', [...settled, mark('d', 'safe', 3 * MIN, 'w1'), mark('e', 'missing', 3.5 * MIN, 'w2')]).conflict.map(
        (m) => m.id,
      ),
    ).toEqual(['d', 'e']);
  });

  it('never treats a kiosk-implied mark as a warden in conflict', () => {
    const marks = [mark('a', 'safe', 0, 'w1'), mark('k', 'left_site', MIN, null)];
    expect(statusOf('p', marks)).toMatchObject({ status: 'left_site', conflict: [] });
    expect(statusOf('p', [...marks, mark('b', 'missing', 1.5 * MIN, 'w2')]).conflict.map((m) => m.id)).toEqual([
      'a',
      'b',
    ]);
  });
});
