import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jaroWinkler } from './jaro-winkler';
import { nameTokens } from './name-normalise';
import {
  matchWatchList,
  outcomeRank,
  prepareWatchList,
  type PersonDetails,
  type WatchListEntryInput,
} from './watch-list-match';

const entry = (over: Partial<WatchListEntryInput>): WatchListEntryInput => ({
  id: 'e1',
  action: 'deny',
  fullName: 'Jon Smyth',
  ...over,
});
const check = (person: PersonDetails, ...entries: Partial<WatchListEntryInput>[]) =>
  matchWatchList(person, prepareWatchList(entries.map((e, i) => entry({ id: `e${i + 1}`, ...e }))));

describe('Jaro–Winkler', () => {
  it('gives the textbook figures', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('', 'a')).toBe(0);
  });
  it('is symmetric and within 0..1', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const s = jaroWinkler(a, b);
        return s >= 0 && s <= 1 && Math.abs(s - jaroWinkler(b, a)) < 1e-12;
      }),
    );
  });
});

describe('name normalising', () => {
  it('folds case, accents, apostrophes and Arabic letter variants', () => {
    expect(nameTokens("  JOSÉ  María O'Brien-Núñez ")).toEqual(['jose', 'maria', 'obrien', 'nunez']);
    expect(nameTokens('أحمد إبراهيم')).toEqual(nameTokens('احمد ابراهيم'));
    expect(nameTokens('فاطمة')).toEqual(nameTokens('فاطمه'));
    expect(nameTokens('مُصْطَفَى')).toEqual(nameTokens('مصطفي'));
    expect(nameTokens('عـــلي')).toEqual(nameTokens('علي'));
    expect(nameTokens('آمنة')).toEqual(nameTokens('امنه'));
  });
});

describe('watch-list matching examples (en/ar/es)', () => {
  it('"John Smith" with the listed phone matches "Jon Smyth"', () => {
    const r = check({ fullName: 'John Smith', phone: '+44 7700 900001' }, { phone: '00447700900001' });
    expect(r.outcome).toBe('match');
    expect(r.hits[0]!.reasons.map((x) => x.kind)).toEqual(['phone', 'name']);
  });
  it('matches on token order and initials', () => {
    expect(check({ fullName: 'Smith, John' }, { fullName: 'John Smith' }).outcome).toBe('match');
    expect(check({ fullName: 'J. Smith' }, { fullName: 'John Smith' }).outcome).toBe('match');
    expect(check({ fullName: 'J S' }, { fullName: 'John Smith' }).outcome).toBe('possible');
  });
  it('matches Arabic spellings and other known names', () => {
    expect(check({ fullName: 'احمد عبد الله' }, { fullName: 'أحمد عبدالله' }).outcome).toBe('match');
    expect(check({ fullName: 'فاطمه الزهراء' }, { fullName: 'فاطمة الزَّهراء' }).outcome).toBe('match');
    expect(
      check({ fullName: 'Ahmed Abdullah' }, { fullName: 'أحمد عبدالله', otherNames: ['Ahmad Abdallah'] }).outcome,
    ).toBe('match');
  });
  it('matches Spanish names without their accents', () => {
    expect(check({ fullName: 'jose maria nunez' }, { fullName: 'José María Núñez' }).outcome).toBe('match');
    expect(check({ fullName: 'María García López' }, { fullName: 'Maria Garcia' }).outcome).toBe('match');
  });
  it('matches exactly on e-mail, case aside, and says a name alone is too weak', () => {
    const r = check({ fullName: 'Somebody Else', email: ' JON@Example.test ' }, { email: 'jon@example.test' });
    expect(r.outcome).toBe('possible');
    expect(r.hits[0]!.reasons).toEqual([{ kind: 'email' }]);
    expect(check({ fullName: 'John' }, { fullName: 'John Smith' }).outcome).toBe('none');
  });
  it('lets a differing date of birth lower a name match to possible, and an equal one confirm it', () => {
    const listed = { fullName: 'Maria Garcia', dateOfBirth: '1980-04-02' };
    expect(check({ fullName: 'Maria Garcia', dateOfBirth: '1991-01-01' }, listed).outcome).toBe('possible');
    expect(check({ fullName: 'Maria Garcia', dateOfBirth: '1980-04-02' }, listed).hits[0]!.reasons).toContainEqual({
      kind: 'date_of_birth',
    });
  });
  it('does not match unrelated people', () => {
    for (const [a, b] of [
      ['John Smith', 'Maria Garcia'],
      ['محمد علي', 'فاطمة حسن'],
      ['Carlos Ruiz', 'Carla Rosa Ibáñez'],
      ['Anna Lee', 'Peter Brown'],
    ] as const)
      expect(check({ fullName: a }, { fullName: b }).outcome, `${a} / ${b}`).toBe('none');
    expect(check({}, { fullName: 'X' }).outcome).toBe('none');
  });
  it('puts the strongest hit first', () => {
    const r = check({ fullName: 'John Smith' }, { fullName: 'Jon Smith' }, { fullName: 'John Smith', id: 'exact' });
    expect(r.hits[0]!.entryId).toBe('exact');
    expect(r.hits).toHaveLength(2);
  });
});

const word = (chars: string) => fc.string({ unit: fc.constantFrom(...chars.split('')), minLength: 2, maxLength: 9 });
const nameOf = (chars: string) => fc.array(word(chars), { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));

describe('watch-list matching properties', () => {
  it('token order never matters', () => {
    fc.assert(
      fc.property(
        fc.array(word('abcdefghij'), { minLength: 1, maxLength: 4 }),
        nameOf('abcdefghij'),
        (tokens, listed) => {
          const a = check({ fullName: tokens.join(' ') }, { fullName: listed });
          const b = check({ fullName: [...tokens].reverse().join(' ') }, { fullName: listed });
          return a.outcome === b.outcome && Math.abs(a.score - b.score) < 1e-12;
        },
      ),
    );
  });
  it('an accent or case change never turns a match into a miss', () => {
    const accents = ['\u0301', '\u0300', '\u0308', '\u0303', '\u0327'];
    fc.assert(
      fc.property(nameOf('abcdefghij'), nameOf('abcdefghij'), fc.infiniteStream(fc.nat(9)), (name, listed, dice) => {
        const before = check({ fullName: name }, { fullName: listed });
        const changed = [...name]
          .map((c) => {
            const d = dice.next().value as number;
            return d < 3 ? c.toUpperCase() : d < 6 ? `${c}${accents[d - 3]}` : c;
          })
          .join('');
        const after = check({ fullName: changed }, { fullName: listed });
        return outcomeRank(after.outcome) >= outcomeRank(before.outcome);
      }),
    );
  });
  it('an unrelated name never matches', () => {
    fc.assert(
      fc.property(nameOf('abcdefghijklm'), nameOf('nopqrstuvwxyz'), (name, listed) => {
        return check({ fullName: name }, { fullName: listed }).outcome === 'none';
      }),
    );
  });
});
