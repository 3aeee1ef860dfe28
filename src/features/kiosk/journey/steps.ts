// Which screens a journey still needs for this person, in order (the rest are skipped).
import { complianceDue } from '../../../../domain/compliance';
import { judgeAttendance } from '../../../../domain/attendance';
import type { AttendanceMode, ReasonChoice } from '../../../../domain/reasons';
import type { KioskData, KioskFlow, KioskJourney } from '../hooks/use-kiosk-data';
import type { Draft, Step } from './draft';
import { answeredForVisit } from './preregistered';

export interface PassedAnswer {
  personId: string;
  complianceId: string;
  outcome: string;
  at: number;
  visitId?: string | null;
}

export function modeOf(data: KioskData, journey: KioskJourney | undefined): AttendanceMode | undefined {
  const id = journey?.settings.attendance_mode_id;
  return id ? data.modes.find((m) => m.id === id) : undefined;
}

/** Late sign-in / early sign-out reasons for this moment, on the site's clock (domain/attendance.ts,
 * the function the server runs again when it applies the sign-in). */
export function reasonChoice(
  mode: AttendanceMode | undefined,
  action: 'in' | 'out',
  signedIn: boolean,
  at: number,
  timeZone: string | null | undefined,
): ReasonChoice {
  if (!mode) return { kind: 'none' };
  return judgeAttendance(mode, { action, signedIn, at, timeZone }).choice;
}

export function remainingSteps(
  draft: Draft,
  flow: KioskFlow | undefined,
  reason: ReasonChoice,
  answers: PassedAnswer[],
  now: number,
): Step[] {
  const steps: Step[] = [];
  if (draft.action === 'in' && flow) {
    const s = flow.settings;
    const formId = s.compliance_id;
    if (formId && draft.person) {
      const passes = answers.filter(
        (a) => a.personId === draft.person!.id && a.complianceId === formId && a.outcome === 'passed',
      );
      const last = passes.sort((a, b) => b.at - a.at)[0];
      const due = complianceDue(
        s.compliance_frequency,
        last ? { at: last.at } : null,
        now,
        -new Date(now).getTimezoneOffset(),
      );
      // Answered on the phone for this visit: not asked again, whatever the frequency.
      const answered = answeredForVisit(answers, draft.person.id, formId, draft.expectedVisitId);
      if (due && !answered) steps.push('compliance');
    }
    if (s.temperature_check || s.mask_check) steps.push('checks');
    if (s.host) steps.push('host');
  }
  if (reason.kind === 'preselected' || reason.kind === 'choose') steps.push('reason');
  return steps;
}
