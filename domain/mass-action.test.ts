import { describe, expect, it } from 'vitest';
import { complianceStatus, flowForArea, massActionResponse, skipReason, validDocuments } from './mass-action';

const all = { userTypeIds: null, areaIds: null };
const person = { id: 'p1', fullName: 'Pat', userTypeId: 't1' };

describe('mass action', () => {
  it('skips people outside the scope, archived people and those already in the wanted state', () => {
    expect(skipReason(person, 'in', 'a1', all, false)).toBeNull();
    expect(skipReason(person, 'in', 'a1', { userTypeIds: ['t2'], areaIds: null }, false)).toBe(
      'user_type_not_accessible',
    );
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
    expect(first!.users[0]).toMatchObject({
      id: 'p1',
      full_name: 'Pat',
      signedOut: false,
      complinaces: [],
      checks: { temperature_threshold: 36 },
    });
  });
});

describe('mass action details from the area’s journey flow', () => {
  const journeys = [
    { id: 'j-other', settings: { areas: ['a2'], attendance_mode_id: null } },
    { id: 'j-staff', settings: { areas: [], attendance_mode_id: 'm1' } },
  ];
  const flows = [
    { id: 'f-other', journeyId: 'j-other', userTypeId: 't1' },
    { id: 'f-staff', journeyId: 'j-staff', userTypeId: 't1' },
  ];
  const now = Date.UTC(2026, 10, 22, 12);

  it('finds the flow of a journey that serves the area, for the person’s type', () => {
    expect(flowForArea(journeys, flows, 'a1', 't1')?.flow.id).toBe('f-staff');
    expect(flowForArea(journeys, flows, 'a2', 't1')?.flow.id).toBe('f-other');
    expect(flowForArea(journeys, flows, 'a1', 't9')).toBeNull();
  });

  it('reports each person’s compliance, documents, reasons and checks', () => {
    const ctx = {
      flow: {
        id: 'f-staff',
        settings: {
          temperature_check: true,
          temperature_threshold: 37.8,
          mask_check: true,
          compliance_frequency: 'daily',
        },
      },
      mode: { reasons: [{ id: 'r1', name: 'Traffic', type: 'late_sign_in' as const, attendanceCode: 'LATE' }] },
      form: { id: 'c1', name: 'Health' },
      answers: [
        { personId: 'p1', complianceId: 'c1', outcome: 'passed', at: now - 3_600_000 },
        { personId: 'p2', complianceId: 'c1', outcome: 'failed', at: now - 60_000 },
        { personId: 'p3', complianceId: 'c1', outcome: 'passed', at: now - 3 * 86_400_000 },
      ],
      documents: [{ id: 'd1', personId: 'p1', type: 'COVID-19 vaccine', status: 'ACTIVE', expiryDate: '2027-03-31' }],
      now,
    };
    const people = ['p1', 'p2', 'p3', 'p4'].map((id) => ({ id, fullName: id, userTypeId: 't1' }));
    const users = massActionResponse('a1', 't1', people, new Set(), ctx)[0]!.users;
    expect(users.map((u) => complianceStatus(u.compliances))).toEqual(['passed', 'failed', 'failed', 'failed']);
    expect(users[0]!.documents).toEqual([
      { id: 'd1', type: 'COVID-19 vaccine', status: 'ACTIVE', expiryDate: '2027-03-31' },
    ]);
    expect(users[1]!.documents).toEqual([]);
    expect(users[0]!.attendance_mode?.reasons).toEqual([
      { id: 'r1', name: 'Traffic', presented: ['late_sign_in'], attendance_code: { id: 'LATE' } },
    ]);
    expect(users[0]!.checks).toMatchObject({ temperature_check: true, mask_check: true, temperature_threshold: 37.8 });
    expect(users[0]!.journey_flow_id).toBe('f-staff');
  });

  it('counts only active documents that have not expired', () => {
    const docs = [
      { id: 'a', type: 'x', status: 'ACTIVE', expiryDate: '2026-11-21' },
      { id: 'b', type: 'x', status: 'ACTIVE', expiryDate: '2026-11-22' },
      { id: 'c', type: 'x', status: 'INACTIVE', expiryDate: null },
      { id: 'd', type: 'x', status: 'ACTIVE', expiryDate: null },
    ];
    expect(validDocuments(docs, '2026-11-22').map((d) => d.id)).toEqual(['b', 'd']);
  });
});
