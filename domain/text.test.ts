import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { initialOf, truncateCompanyName, truncateFullName } from './text';

describe('truncateFullName (top bar: over 14 → first 12 trimmed + ellipsis)', () => {
  it.each([
    ['Ada Lovelace', 'Ada Lovelace'],
    ['Abcdefghijklmn', 'Abcdefghijklmn'], // exactly 14 stays whole
    ['Abcdefghijklmno', 'Abcdefghijkl...'], // 15 is cut to 12
    ['Mary Ann Smith-Jones', 'Mary Ann Smi...'],
    ['Maria Jose  de la Cruz', 'Maria Jose...'], // the 12 kept are trimmed before the ellipsis
  ])('%s → %s', (name, shown) => expect(truncateFullName(name)).toBe(shown));

  it('never shows more than 15 characters for any long name', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 15, maxLength: 80 }), (name) => {
        expect(truncateFullName(name).length).toBeLessThanOrEqual(15);
        expect(truncateFullName(name).endsWith('...')).toBe(true);
      }),
    );
  });
});

describe('truncateCompanyName (side menu: 16 + ellipsis)', () => {
  it('keeps short names and cuts long ones at 16', () => {
    expect(truncateCompanyName('Acme')).toBe('Acme');
    expect(truncateCompanyName('Sixteen chars ok')).toBe('Sixteen chars ok');
    expect(truncateCompanyName('Globex Corporation International')).toBe('Globex Corporati...');
  });
});

describe('initialOf', () => {
  it('takes the first letter, upper case, and survives empty names', () => {
    expect(initialOf('  ada')).toBe('A');
    expect(initialOf('عمر')).toBe('ع');
    expect(initialOf('')).toBe('?');
  });
});
