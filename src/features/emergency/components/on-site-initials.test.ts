// The badge a warden sees beside a person with no photo on the emergency list.
import { describe, expect, it } from 'vitest';
import { initials } from './on-site-group';
import { sessionPath } from '../../../../domain/warden-landing';

describe('a person’s initials on the emergency list', () => {
  it('are the first letters of the first two words, in capitals', () => {
    expect(initials('vera van der berg')).toBe('VV');
    expect(initials('  Ana  ')).toBe('A');
  });

  it('skip words that do not start with a letter, and read any script', () => {
    expect(initials('(Contractor) 2nd Bob Smith')).toBe('BS');
    expect(initials('سارة أحمد')).toBe('سأ');
    expect(initials('')).toBe('');
  });
});

describe('an emergency session’s address', () => {
  it('names the session and keeps a name with slashes in one segment', () => {
    expect(sessionPath({ id: 's1', name: 'Fire / east wing' })).toBe('/emergency-sessions/Fire%20%2F%20east%20wing/s1');
  });
});
