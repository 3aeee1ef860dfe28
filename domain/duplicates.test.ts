import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emailKey,
  groupPairs,
  mergedFields,
  mergePlan,
  NAME_SIMILARITY,
  nameNumbers,
  namesLikelySame,
  phoneKey,
  similarity,
  type MergeCandidate,
} from './duplicates';

describe('matching keys', () => {
  it('matches emails that differ only in case, dots or a +tag', () => {
    expect(emailKey('Anna.Smith+work@Example.com')).toBe(emailKey('annasmith@example.com'));
    expect(emailKey('anna@example.com')).not.toBe(emailKey('anna@example.org'));
    expect(emailKey('not-an-email')).toBeNull();
  });
  it('matches phones on their last digits, whatever the prefix or punctuation', () => {
    expect(phoneKey('+44 (0)7700-900222')).toBe(phoneKey('07700 900222'));
    expect(phoneKey('12345')).toBeNull();
  });
});

describe('name similarity (pg_trgm)', () => {
  it('finds a misspelt name similar and a different name not', () => {
    expect(similarity('Annabelle Quixote', 'Annabele Quixote')).toBeGreaterThanOrEqual(NAME_SIMILARITY);
    expect(similarity('Annabelle Quixote', 'Zebediah Marlowe')).toBeLessThan(NAME_SIMILARITY);
    expect(similarity('word', 'word')).toBe(1);
  });
  it('keeps numbered names apart: "Student 1" and "Student 2" are two people', () => {
    expect(namesLikelySame('Student 1', 'Student 2')).toBe(false);
    expect(namesLikelySame('First0 Last0', 'First1 Last1')).toBe(false);
    expect(namesLikelySame('Student 12', 'Student 1 2')).toBe(false);
    expect(namesLikelySame('Annabelle Quixote 2', 'Annabele Quixote 2')).toBe(true);
    expect(namesLikelySame('Annabelle Quixote', 'Annabele Quixote')).toBe(true);
    expect(nameNumbers('Room 12 B3')).toBe('12 3');
  });
  it('is symmetric and between 0 and 1', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const s = similarity(a, b);
        return s === similarity(b, a) && s >= 0 && s <= 1;
      }),
      { numRuns: 50 },
    );
  });
});

describe('grouping pairs', () => {
  it('joins chains into one group and keeps each reason', () => {
    const groups = groupPairs([
      { a: 'a', b: 'b', reason: 'email' },
      { a: 'b', b: 'c', reason: 'name' },
      { a: 'x', b: 'y', reason: 'phone' },
    ]);
    expect(groups).toEqual([
      { ids: ['a', 'b', 'c'], reasons: ['email', 'name'] },
      { ids: ['x', 'y'], reasons: ['phone'] },
    ]);
  });
  it('puts every person in exactly one group, whatever the pair order', () => {
    const pair = fc.record({
      a: fc.constantFrom('1', '2', '3', '4', '5'),
      b: fc.constantFrom('1', '2', '3', '4', '5'),
      reason: fc.constantFrom('email' as const, 'phone' as const, 'name' as const),
    });
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 8 }), (pairs) => {
        const groups = groupPairs(pairs);
        const all = groups.flatMap((g) => g.ids);
        expect(new Set(all).size).toBe(all.length);
        expect(groupPairs([...pairs].reverse()).map((g) => g.ids)).toEqual(
          expect.arrayContaining(groups.map((g) => g.ids)),
        );
      }),
      { numRuns: 50 },
    );
  });
});

describe('a merge', () => {
  const person = (id: string, over: Partial<MergeCandidate> = {}): MergeCandidate => ({
    id,
    fullName: `Name ${id}`,
    email: `${id}@x.test`,
    phone: `0700${id}`,
    countryCode: `+${id}`,
    userTypeId: null,
    image: null,
    labels: [id],
    ...over,
  });
  it('asks for a selection when nothing or only the kept person is chosen', () => {
    expect(mergePlan({})).toBe('select_user');
    expect(mergePlan({ keep_id: 'a', merge_ids: ['a'] })).toBe('select_user');
    expect(mergePlan({ merge_ids: ['b'] })).toBe('select_user');
    expect(mergePlan({ keep_id: 'a', merge_ids: ['b'], fields: { email: 'z' } })).toBe('not_in_merge');
    expect(mergePlan({ keep_id: 'a', merge_ids: ['b', 'a', 'b'] })).toEqual({ keepId: 'a', removeIds: ['b'] });
  });
  it('takes each chosen field from its source, the phone with its country code, and all labels', () => {
    const out = mergedFields(person('1'), [person('2')], { email: '2', phone: '2' });
    expect(out).toMatchObject({ fullName: 'Name 1', email: '2@x.test', phone: '07002', countryCode: '+2' });
    expect(out.labels).toEqual(['1', '2']);
  });
});
