import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RollCallMark } from './emergency';
import { filterRollCall, rollCall, rollCallBase, rollCallWithMarks, summarise } from './emergency-roll-call';
import type { PresenceEvent } from './presence';

const MIN = 60_000;
const areaSite = new Map([
  ['a1', 'x'],
  ['a2', 'x'],
  ['b1', 'y'],
]);
const group = { id: 's', siteIds: ['x'], startedAt: 100 * MIN, endedAt: null as number | null };
const ev = (id: string, personId: string, kind: 'in' | 'out', areaId: string | null, at: number): PresenceEvent => ({
  id,
  personId,
  kind,
  areaId: areaId as string,
  at,
});
const mark = (id: string, personId: string, status: RollCallMark['status'], at: number, by = 'w1'): RollCallMark => ({
  id,
  sessionId: 's',
  personId,
  status,
  at,
  markedBy: by,
  deviceId: `${by}-d`,
});

describe('roll call', () => {
  const events = [
    ev('e1', 'p1', 'in', 'a1', 90 * MIN), // on site at the start
    ev('e2', 'p2', 'in', 'b1', 90 * MIN), // other site
    ev('e3', 'p3', 'in', 'a2', 80 * MIN),
    ev('e4', 'p3', 'out', null, 85 * MIN), // left before
    ev('e5', 'p4', 'in', 'a2', 105 * MIN), // arrives during the session
    ev('e6', 'p5', 'in', 'a1', 95 * MIN),
    ev('e7', 'p5', 'out', null, 110 * MIN), // signs out during it
  ];

  it('lists people on the sites at the start, arrivals during it, and anyone a warden marked', () => {
    const entries = rollCall({ group, events, areaSite, marks: [mark('m1', 'p9', 'safe', 101 * MIN)] });
    expect(entries.map((e) => [e.personId, e.status, e.areaId])).toEqual([
      ['p1', 'unaccounted', 'a1'],
      ['p4', 'unaccounted', 'a2'],
      ['p5', 'left_site', 'a1'],
      ['p9', 'safe', null],
    ]);
  });

  it('lets a warden mark after a kiosk sign-out decide, and counts exactly', () => {
    const marks = [
      mark('m1', 'p1', 'safe', 101 * MIN),
      mark('m2', 'p5', 'injured', 111 * MIN),
      mark('m3', 'p4', 'missing', 106 * MIN),
    ];
    const entries = rollCall({ group, events, areaSite, marks });
    const summary = summarise(entries, group);
    expect(summary).toMatchObject({ total: 3, accounted: 2, notAccounted: 1, conflicts: 0 });
    expect(summary.byStatus).toEqual({ unaccounted: 0, safe: 1, injured: 1, missing: 1, left_site: 0 });
  });

  it('ignores events after the session ended', () => {
    const ended = { ...group, endedAt: 108 * MIN };
    expect(rollCall({ group: ended, events, areaSite, marks: [] }).find((e) => e.personId === 'p5')?.status).toBe(
      'unaccounted',
    );
  });

  it('filters by sites, areas and conflicts', () => {
    const entries = rollCall({
      group: { ...group, siteIds: ['x', 'y'] },
      events,
      areaSite,
      marks: [mark('m1', 'p1', 'safe', 101 * MIN, 'w1'), mark('m2', 'p1', 'missing', 102 * MIN, 'w2')],
    });
    expect(filterRollCall(entries, { siteIds: ['y'] }).map((e) => e.personId)).toEqual(['p2']);
    expect(filterRollCall(entries, { areaIds: ['a2'] }).map((e) => e.personId)).toEqual(['p4']);
    expect(filterRollCall(entries, { conflictsOnly: true }).map((e) => e.personId)).toEqual(['p1']);
  });

  it('gives the same roll call from one base reused across changing marks as from scratch', () => {
    const arbMark = fc.record({
      id: fc.uuid(),
      sessionId: fc.constant('s'),
      personId: fc.constantFrom('p1', 'p2', 'p4', 'p9'),
      status: fc.constantFrom<RollCallMark['status']>('safe', 'missing', 'injured'),
      at: fc.integer({ min: 100 * MIN, max: 112 * MIN }),
      markedBy: fc.constantFrom('w1', 'w2'),
      deviceId: fc.constantFrom('d1', 'd2'),
    });
    const base = rollCallBase({ group, events, areaSite });
    fc.assert(
      fc.property(fc.array(fc.array(arbMark, { maxLength: 8 }), { maxLength: 4 }), (batches) => {
        for (const marks of batches)
          expect(rollCallWithMarks(base, marks)).toEqual(rollCall({ group, events, areaSite, marks }));
      }),
      { numRuns: 100 },
    );
  });

  it('is the same for any order and duplication of events and marks', () => {
    const arbEvent = fc.record({
      id: fc.uuid(),
      personId: fc.constantFrom('p1', 'p2', 'p3'),
      kind: fc.constantFrom<'in' | 'out'>('in', 'out'),
      areaId: fc.constantFrom('a1', 'b1'),
      at: fc.integer({ min: 90 * MIN, max: 110 * MIN }),
    });
    const arbMark = fc.record({
      id: fc.uuid(),
      sessionId: fc.constant('s'),
      personId: fc.constantFrom('p1', 'p2', 'p3'),
      status: fc.constantFrom<RollCallMark['status']>('safe', 'missing'),
      at: fc.integer({ min: 100 * MIN, max: 110 * MIN }),
      markedBy: fc.constantFrom('w1', 'w2'),
      deviceId: fc.constantFrom('d1', 'd2'),
    });
    const scenario = fc
      .tuple(fc.array(arbEvent, { maxLength: 15 }), fc.array(arbMark, { maxLength: 15 }))
      .chain(([es, ms]) =>
        fc.tuple(
          fc.constant(es),
          fc.constant(ms),
          fc.shuffledSubarray(es, { minLength: es.length, maxLength: es.length }),
          fc.shuffledSubarray(ms, { minLength: ms.length, maxLength: ms.length }),
        ),
      );
    fc.assert(
      fc.property(scenario, ([es, ms, es2, ms2]) => {
        const a = rollCall({ group, events: es, areaSite, marks: ms });
        const b = rollCall({
          group,
          events: [...es2, ...es2.slice(0, 2)],
          areaSite,
          marks: [...ms2, ...ms2.slice(0, 2)],
        });
        expect(b).toEqual(a);
      }),
      { numRuns: 200 },
    );
  });
});
