import { describe, expect, it } from 'vitest';
import { complianceStatus, massActionResponse, skipReason } from './mass-action';

const all = { userTypeIds: null, areaIds: null };
const person = { id: 'p1', fullName: 'Pat', userTypeId: 't1' };

describe('mass action', () => {
  it('skips people outside the scope, archived people and those already in the wanted state', () => {
    expect(skipReason(person, 'in', 'a1', all, false)).toBeNull();
    expect(skipReason(person, 'in', 'a1', { userTypeIds: ['t2'], areaIds: null }, false)).toBe('user_type_not_accessible');
    expect(skipReason(person, 'in', 'a1', { userTypeIds: null, areaIds: ['a2'] }, false)).toBe('area_not_accessible');
    expect(skipReason({ ...person, archived: true }, 'in', 'a1', all, false)).toBe('archived');
    expect(skipReason(person, 'in', 'a1', all, true)).toBe('already_signed_in');
    expect(skipReason(person, 'out', 'a1', all, false)).toBe('already_signed_out');
  });

  it('says passed, failed or not required for compliance', () => {
    expect(complianceStatus([])).toBe('not_required');
    expect(complianceStatus([{ isCompleted: true }])).toBe('passed');
    expect(complianceStatus([{ isCompleted: true, isWrong: true }])).toBe('failed');
  });

  it('answers in the spec shape, with the misspelt key too', () => {
    const [first] = massActionResponse('a1', 't1', [person], new Set(['p1']));
    expect(first).toMatchObject({ area: 'a1', user_type: 't1' });
    expect(first!.users[0]).toMatchObject({ id: 'p1', full_name: 'Pat', signedOut: false, complinaces: [], checks: { temperature_threshold: 36 } });
  });
});
