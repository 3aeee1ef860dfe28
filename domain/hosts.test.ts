import { describe, expect, it } from 'vitest';
import { hostTypeIds, isHostPerson } from './hosts';

const types = [
  { id: 'visitor', registrationMethod: 'registration allowed' },
  { id: 'staff', registrationMethod: 'pre-registered by admin' },
  { id: 'contractor', registrationMethod: 'pre-registration with approval required' },
];

describe('who may host a visit', () => {
  it('by default, people of the types the company enters itself, never visitors', () => {
    const hosts = hostTypeIds(types, {});
    expect(isHostPerson({ userTypeId: 'staff' }, hosts)).toBe(true);
    expect(isHostPerson({ userTypeId: 'visitor' }, hosts)).toBe(false);
    expect(isHostPerson({ userTypeId: 'contractor' }, hosts)).toBe(false);
    expect(isHostPerson({ userTypeId: 'staff', archived: true }, hosts)).toBe(false);
    expect(isHostPerson({ userTypeId: null }, hosts)).toBe(false);
  });
  it("a flow's own host types win", () => {
    const hosts = hostTypeIds(types, { host_user_type_ids: ['contractor'] });
    expect([...hosts]).toEqual(['contractor']);
  });
});
