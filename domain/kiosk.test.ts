import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { badgeCode, hostSearchReady, matchNames, readScannedCode, searchHosts } from './kiosk';

const people = [
  { id: '1', fullName: 'Sam Staff' },
  { id: '2', fullName: 'Samira Saleh' },
  { id: '3', fullName: 'Hannah Host' },
];

describe('name match', () => {
  it('quick match shows names starting with the words typed', () => {
    expect(matchNames(people, 'sam', 'quick').map((p) => p.id)).toEqual(['1', '2']);
    expect(matchNames(people, 'host', 'quick').map((p) => p.id)).toEqual(['3']);
    expect(matchNames(people, 's', 'quick')).toEqual([]);
  });
  it('private match needs the full name', () => {
    expect(matchNames(people, 'Sam', 'private')).toEqual([]);
    expect(matchNames(people, '  sam   STAFF ', 'private').map((p) => p.id)).toEqual(['1']);
  });
  it('private match never shows a person for a strict prefix of the name', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), (cut) => {
        expect(matchNames(people, 'Samira Saleh'.slice(0, 12 - cut), 'private')).toEqual([]);
      }),
    );
  });
});

describe('host search', () => {
  it('starts after a first name, a space and two letters', () => {
    expect(hostSearchReady('Hannah')).toBe(false);
    expect(hostSearchReady('Hannah ')).toBe(false);
    expect(hostSearchReady('Hannah H')).toBe(false);
    expect(hostSearchReady('Hannah Ho')).toBe(true);
    expect(searchHosts(people, 'Hannah Ho').map((p) => p.id)).toEqual(['3']);
    expect(searchHosts(people, 'Hannah')).toEqual([]);
  });
});

describe('codes and presence', () => {
  it('a badge code reads back to its person', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(readScannedCode(badgeCode(id))).toEqual({ kind: 'badge', personId: id });
      }),
    );
    expect(readScannedCode('hello')).toEqual({ kind: 'other', text: 'hello' });
  });
});
