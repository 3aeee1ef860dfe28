import { describe, expect, it } from 'vitest';
import { accessOf, defaultPermissionsFor, isAllowed, PERMISSION_KEYS, ROLE_NAMES } from './permissions';

describe('permission access', () => {
  const perms = { users: { pivot: { allowed: 1 as const } }, reporting: { pivot: { allowed: 0 as const } } };
  it('is allowed only with allowed = 1, denied with 0, missing without the key', () => {
    expect(accessOf(perms, 'users')).toBe('allowed');
    expect(accessOf(perms, 'reporting')).toBe('denied');
    expect(accessOf(perms, 'emergency')).toBe('missing');
    expect(isAllowed(perms, 'emergency')).toBe(false);
  });

  it('gives every role every key, so nothing opens by omission', () => {
    for (const role of ROLE_NAMES) {
      expect(Object.keys(defaultPermissionsFor(role)).sort()).toEqual([...PERMISSION_KEYS].sort());
    }
  });

  it('grants what each role is for', () => {
    expect(isAllowed(defaultPermissionsFor('admin'), 'integration')).toBe(true);
    expect(isAllowed(defaultPermissionsFor('employee'), 'reporting')).toBe(false);
    expect(isAllowed(defaultPermissionsFor('employee with reporting'), 'show_history_list')).toBe(true);
    expect(isAllowed(defaultPermissionsFor('fire warden'), 'show_emergency_list')).toBe(true);
    expect(isAllowed(defaultPermissionsFor('fire warden'), 'users')).toBe(false);
    expect(Object.values(defaultPermissionsFor('default users')).every((p) => p.pivot.allowed === 0)).toBe(true);
  });
});
