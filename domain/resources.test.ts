import { describe, expect, it } from 'vitest';
import { refuseGrant } from './resources';

describe('what one may give another', () => {
  const all = { userTypeIds: null, areaIds: null };
  const some = { userTypeIds: ['staff', 'visitor'], areaIds: ['reception'] };
  it('lets someone with every resource give anything, all included', () => {
    expect(refuseGrant(all, all)).toBeNull();
    expect(refuseGrant(all, { userTypeIds: ['x'], areaIds: [] })).toBeNull();
  });
  it('keeps a limited person within their own', () => {
    expect(refuseGrant(some, { userTypeIds: ['staff'], areaIds: ['reception'] })).toBeNull();
    expect(refuseGrant(some, { userTypeIds: [], areaIds: [] })).toBeNull();
    expect(refuseGrant(some, { userTypeIds: ['contractor'], areaIds: ['reception'] })).toBe('resources_outside_own');
    expect(refuseGrant(some, { userTypeIds: ['staff'], areaIds: null })).toBe('resources_outside_own');
    expect(refuseGrant(some, all)).toBe('resources_outside_own');
  });
});
