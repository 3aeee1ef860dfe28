// Which screens a kiosk still shows a person after "who are you?": the flow's checks, the
// compliance form when it is due, and a late/early reason on the site's clock.
import { describe, expect, it } from 'vitest';
import { readFlowSettings } from '../../../../domain/journey';
import type { AttendanceMode } from '../../../../domain/reasons';
import type { KioskData, KioskFlow } from '../hooks/use-kiosk-data';
import { emptyDraft, type Draft } from './draft';
import { modeOf, reasonChoice, remainingSteps, type PassedAnswer } from './steps';

const NOW = Date.UTC(2026, 2, 4, 10, 0); // a Wednesday, 10:00 UTC
const HOUR = 3_600_000;
const person = { id: 'p1', fullName: 'Vera Visitor', userTypeId: 'visitor' };
const flowWith = (settings: Record<string, unknown>): KioskFlow =>
  ({
    id: 'f1',
    journeyId: 'j1',
    name: 'Arrival',
    userTypeId: 'visitor',
    settings: readFlowSettings(settings),
  }) as KioskFlow;
const draft = (patch: Partial<Draft> = {}): Draft => ({ ...emptyDraft('in', 'j1'), person, ...patch });
const passed = (at: number, patch: Partial<PassedAnswer> = {}): PassedAnswer => ({
  personId: 'p1',
  complianceId: 'form',
  outcome: 'passed',
  at,
  ...patch,
});
const none = { kind: 'none' } as const;

const mode: AttendanceMode = {
  id: 'm1',
  name: 'Office hours',
  startMinutes: 9 * 60,
  endMinutes: 17 * 60,
  lateGraceMinutes: 15,
  earlyGraceMinutes: 15,
  workingDays: [1, 2, 3, 4, 5],
  attendanceCode: 'LATE',
  reasons: [{ id: 'r1', name: 'Traffic', type: 'late_sign_in' }],
};

describe('remainingSteps', () => {
  it('asks checks, then host, for a flow that has them', () => {
    const flow = flowWith({ temperature_check: true, host: true });
    expect(remainingSteps(draft(), flow, none, [], NOW)).toEqual(['checks', 'host']);
    expect(remainingSteps(draft(), flowWith({ mask_check: true }), none, [], NOW)).toEqual(['checks']);
  });

  it('asks a daily form once a day: again tomorrow, not again today', () => {
    const flow = flowWith({ compliance_id: 'form', compliance_frequency: 'daily' });
    expect(remainingSteps(draft(), flow, none, [], NOW)).toEqual(['compliance']);
    expect(remainingSteps(draft(), flow, none, [passed(NOW - HOUR)], NOW)).toEqual([]);
    expect(remainingSteps(draft(), flow, none, [passed(NOW - 24 * HOUR)], NOW)).toEqual(['compliance']);
  });

  it('does not count a failed answer, another person’s pass or another form’s pass', () => {
    const flow = flowWith({ compliance_id: 'form', compliance_frequency: 'daily' });
    const answers = [
      passed(NOW - HOUR, { outcome: 'failed' }),
      passed(NOW - HOUR, { personId: 'p2' }),
      passed(NOW - HOUR, { complianceId: 'other' }),
    ];
    expect(remainingSteps(draft(), flow, none, answers, NOW)).toEqual(['compliance']);
  });

  it('skips a form answered on the phone for this very visit, even when asked every time', () => {
    const flow = flowWith({ compliance_id: 'form', compliance_frequency: 'every time' });
    const answers = [passed(NOW - 48 * HOUR, { visitId: 'ev1' })];
    expect(remainingSteps(draft({ expectedVisitId: 'ev1' }), flow, none, answers, NOW)).toEqual([]);
    expect(remainingSteps(draft({ expectedVisitId: 'ev2' }), flow, none, answers, NOW)).toEqual(['compliance']);
  });

  it('asks nothing of the flow on sign-out, but still a reason', () => {
    const flow = flowWith({ temperature_check: true, host: true, compliance_id: 'form' });
    const reason = { kind: 'choose', reasons: mode.reasons } as const;
    expect(remainingSteps(draft({ action: 'out' }), flow, none, [], NOW)).toEqual([]);
    expect(remainingSteps(draft({ action: 'out' }), flow, reason, [], NOW)).toEqual(['reason']);
    // A mode's bare attendance code is recorded without asking.
    expect(remainingSteps(draft(), flow, { kind: 'code', attendanceCode: 'X' }, [], NOW)).toEqual([
      'compliance',
      'checks',
      'host',
    ]);
  });
});

describe('reasonChoice', () => {
  it('preselects the one late reason for a person signing in after start and grace', () => {
    const choice = reasonChoice(mode, 'in', false, NOW, 'UTC');
    expect(choice).toEqual({ kind: 'preselected', reason: mode.reasons[0] });
  });

  it('asks nothing inside the grace, on a day off, of someone already in, or without a mode', () => {
    expect(reasonChoice(mode, 'in', false, Date.UTC(2026, 2, 4, 9, 10), 'UTC')).toEqual(none);
    expect(reasonChoice(mode, 'in', false, Date.UTC(2026, 2, 7, 10, 0), 'UTC')).toEqual(none); // Saturday
    expect(reasonChoice(mode, 'in', true, NOW, 'UTC')).toEqual(none);
    expect(reasonChoice(undefined, 'in', false, NOW, 'UTC')).toEqual(none);
  });

  it('judges on the site’s clock: 10:00 UTC is 06:00 in New York, before the day starts', () => {
    expect(reasonChoice(mode, 'in', false, NOW, 'America/New_York')).toEqual(none);
  });

  it('finds the journey’s attendance mode among the synced modes', () => {
    const data = { modes: [mode] } as unknown as KioskData;
    const journey = (id: string | null) => ({ settings: { attendance_mode_id: id } }) as never;
    expect(modeOf(data, journey('m1'))).toBe(mode);
    expect(modeOf(data, journey(null))).toBeUndefined();
    expect(modeOf(data, journey('gone'))).toBeUndefined();
  });
});
