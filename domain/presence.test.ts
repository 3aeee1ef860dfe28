import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { onSite, type PresenceEvent } from './presence';

const event = fc.record({
  id: fc.uuid(),
  personId: fc.constantFrom('p1', 'p2', 'p3'),
  kind: fc.constantFrom<'in' | 'out'>('in', 'out'),
  areaId: fc.constantFrom('a1', 'a2'),
  at: fc.integer({ min: 0, max: 20 }),
});

describe('on-site derivation', () => {
  it('is the same for any order and duplication of the same events', () => {
    const scenario = fc
      .array(event, { maxLength: 30 })
      .chain((events) =>
        fc.tuple(
          fc.constant(events),
          fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }),
          fc.array(fc.nat(29)),
        ),
      );
    fc.assert(
      fc.property(scenario, ([events, shuffled, picks]) => {
        const duplicated = [...shuffled, ...picks.filter((i) => i < events.length).map((i) => events[i]!)];
        expect(onSite(duplicated)).toEqual(onSite(events));
      }),
    );
  });

  it('signs a person out whose latest event is a sign-out, and a second sign-out changes nothing', () => {
    const e = (id: string, kind: 'in' | 'out', at: number): PresenceEvent => ({
      id,
      personId: 'p',
      kind,
      areaId: 'a',
      at,
    });
    expect(onSite([e('1', 'in', 1)]).get('p')).toMatchObject({ areaId: 'a', since: 1 });
    expect(onSite([e('1', 'in', 1), e('2', 'out', 2)]).size).toBe(0);
    expect(onSite([e('1', 'in', 1), e('2', 'out', 2), e('3', 'out', 3)]).size).toBe(0);
    expect(onSite([e('2', 'out', 2), e('1', 'in', 1), e('4', 'in', 4)]).get('p')?.since).toBe(4);
  });
});
