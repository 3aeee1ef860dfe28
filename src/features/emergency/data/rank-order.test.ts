import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byRank } from './rank-order';

describe('roll-call entries in name order', () => {
  it('is the order a stable sort by rank gives, people without a rank counting as the first', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 30 }), (ids, ranks) => {
      const rank = new Map(ids.slice(0, ranks.length).map((id, i) => [id, ranks[i]! % Math.max(1, ids.length)]));
      const items = ids.map((personId) => ({ personId }));
      const expected = [...items].sort((a, b) => (rank.get(a.personId) ?? 0) - (rank.get(b.personId) ?? 0));
      expect(byRank(items, rank)).toEqual(expected);
    }));
  });
});
