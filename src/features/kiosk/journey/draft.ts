// What a visitor has told the kiosk so far in one journey. Lives only in memory: going home
// (or idling) drops it, so nothing a visitor typed stays on screen.
import type { ComplianceAnswerItem, ComplianceOutcome } from '../../../../domain/compliance';
import type { RegisterPersonArgs } from '../../../../domain/kiosk-mutations';
import type { TemperatureReading } from '../../../../domain/temperature';
import type { VaccineStatus } from '../../../../domain/vaccine-status';
import type { KioskFlow } from '../hooks/use-kiosk-data';

export type Step =
  'home' | 'instruction' | 'identify' | 'new-person' | 'compliance' | 'checks' | 'host' | 'reason' | 'result';
export type IdentifyMethod = 'search' | 'rfid' | 'qr' | 'new';

export interface DraftPerson {
  id: string;
  fullName: string;
  userTypeId: string | null;
  image?: string | null;
}

export interface Draft {
  action: 'in' | 'out';
  journeyId: string | null;
  method: IdentifyMethod;
  person: DraftPerson | null;
  registration: RegisterPersonArgs | null;
  approvalRequired: boolean;
  compliance: {
    formId: string;
    version: number;
    answers: ComplianceAnswerItem[];
    agreed: boolean;
    outcome: ComplianceOutcome;
  } | null;
  complianceSkipped: boolean;
  /** The form's required document on the person's profile, as this kiosk holds it ('not_applicable': none required). */
  document: VaccineStatus;
  /** A photo of the certificate the visitor took for reception (held visits only). */
  certificate: { type: 'covid_vaccine' | 'pcr_test'; photo: string } | null;
  temperature: (TemperatureReading & { threshold: number; ok: boolean }) | null;
  mask: boolean | null;
  hostId: string | null;
  hostMessage: string;
  reason: { reasonId?: string; attendanceCode?: string } | null;
  /** The expected visit whose signed QR identified the person; signing in marks it arrived. */
  expectedVisitId: string | null;
  /** Custom-field values given at pre-registration (journey/preregistered.ts). */
  customFields: RegisterPersonArgs['customFields'];
  /** The company given at pre-registration (printed when the flow's badge asks for it). */
  companyName: string | null;
  /** The flow as it was when the person was identified: an edit pulled mid-journey waits for
   * the next visitor. */
  flow: KioskFlow | null;
}

export const emptyDraft = (action: 'in' | 'out', journeyId: string | null): Draft => ({
  action,
  journeyId,
  method: 'search',
  person: null,
  registration: null,
  approvalRequired: false,
  compliance: null,
  complianceSkipped: false,
  document: 'not_applicable',
  certificate: null,
  temperature: null,
  mask: null,
  hostId: null,
  hostMessage: '',
  reason: null,
  expectedVisitId: null,
  customFields: [],
  companyName: null,
  flow: null,
});
