// "Confirm": turns a finished draft into sync mutations, each its own local transaction with
// its outbox entry, so the result is on the device at once and reaches the server when online.
import { v7 as uuidv7 } from 'uuid';
import { requestedOutputs, stageSignsIn, type KioskVisitDetails, type StageInput, type VisitStage } from '../../../../domain/journey';
import type { MutateResult } from '../../../../sync/client';
import type { ArgsOf, MutationName } from '../../../../sync/mutations';
import type { KioskFlow } from '../hooks/use-kiosk-data';
import type { KioskRegistration } from './kiosk-store';
import type { Draft } from './draft';

export type Record = <N extends MutationName>(name: N, args: ArgsOf<N>) => Promise<MutateResult>;
type StageOf = (input: StageInput) => Promise<VisitStage> | VisitStage;

export interface CommitResult {
  visitId: string;
  stage: VisitStage | null;
  signedIn: boolean;
  signedOut: boolean;
  refusal: KioskVisitDetails['refusal'] | null;
  outputs: KioskVisitDetails['outputs'];
}

async function must(result: Promise<MutateResult>): Promise<void> {
  const r = await result;
  if (!r.ok) throw new Error(`kiosk: mutation refused locally: ${JSON.stringify(r.errors)}`);
}

export async function commitDraft(record: Record, stageOf: StageOf, draft: Draft, kiosk: KioskRegistration, flow: KioskFlow | undefined, now: number): Promise<CommitResult> {
  const person = draft.person!;
  const visitId = uuidv7();
  const base: KioskVisitDetails = { source: 'kiosk', kioskId: kiosk.id, visitId, method: draft.method, ...(draft.journeyId ? { journeyId: draft.journeyId } : {}) };

  if (draft.action === 'out') {
    await must(record('visit.signOut', { eventId: uuidv7(), personId: person.id, areaId: kiosk.areaId, at: now, details: { ...base, ...draft.reason } }));
    void record('kiosk.log', { logId: uuidv7(), kind: 'action', code: 'sign_out', data: { personId: person.id }, at: now });
    return { visitId, stage: null, signedIn: false, signedOut: true, refusal: null, outputs: [] };
  }

  if (draft.registration) await must(record('person.register', draft.registration));
  if (draft.compliance) {
    const c = draft.compliance;
    await must(record('compliance.answer', {
      answerId: uuidv7(), personId: person.id, complianceId: c.formId, complianceVersion: c.version, answers: c.answers, agreed: c.agreed,
      visitId, areaId: kiosk.areaId, ...(person.userTypeId ? { userTypeId: person.userTypeId } : {}), at: now,
    }));
  }
  if (draft.temperature || draft.mask !== null) {
    await must(record('checks.record', {
      checkId: uuidv7(), personId: person.id, visitId, at: now,
      ...(draft.temperature ? { temperature: { raw: draft.temperature.raw, threshold: draft.temperature.threshold } } : {}),
      ...(draft.mask !== null ? { mask: draft.mask } : {}),
    }));
  }
  const compliance = draft.compliance ? draft.compliance.outcome : 'not_required';
  const stage = await stageOf({ compliance, approvalRequired: draft.approvalRequired, adminDecision: null });
  const refusal: CommitResult['refusal'] = draft.temperature && !draft.temperature.ok ? 'temperature.above_threshold' : draft.mask === false ? 'checks.mask_required' : null;
  const signedIn = stageSignsIn(stage) && !refusal;
  const outputs = signedIn && flow ? requestedOutputs(flow.settings) : [];
  const details: KioskVisitDetails = {
    ...base, stage, compliance, outputs, ...(refusal ? { refusal } : {}),
    ...(draft.hostId ? { hostIds: [draft.hostId], hostMessage: draft.hostMessage } : {}),
    ...(draft.temperature ? { temperature: { raw: draft.temperature.raw, unit: draft.temperature.unit, celsius: draft.temperature.celsius, threshold: draft.temperature.threshold } } : {}),
    ...(draft.mask !== null ? { mask: draft.mask } : {}),
    ...draft.reason,
  };
  const where = { areaId: kiosk.areaId, ...(draft.journeyId ? { journeyId: draft.journeyId } : {}), ...(flow ? { journeyFlowId: flow.id } : {}) };
  const customFields = draft.registration?.customFields ?? [];
  await must(record('kiosk.visit', { visitId, personId: person.id, ...where, stage, signedIn, details, customFields, at: now }));
  if (signedIn) {
    await must(record('visit.signIn', {
      eventId: uuidv7(), personId: person.id, areaId: kiosk.areaId, at: now, details,
      ...(flow ? { journeyFlowId: flow.id } : {}), ...(person.userTypeId ? { userTypeId: person.userTypeId } : {}),
    }));
  }
  if (signedIn && draft.expectedVisitId) {
    await must(record('expectedVisit.arrive', { visitId: draft.expectedVisitId, kioskVisitId: visitId, at: now }));
  }
  if (draft.hostId) {
    await must(record('host.notify', { notificationId: uuidv7(), hostId: draft.hostId, personId: person.id, visitId, message: draft.hostMessage, at: now }));
  }
  // The log line is not part of the visit: written after the result shows, so the tap stays quick.
  void record('kiosk.log', { logId: uuidv7(), kind: 'action', code: signedIn ? 'sign_in' : 'visit_refused', data: { personId: person.id, stage }, at: now });
  return { visitId, stage, signedIn, signedOut: false, refusal, outputs };
}
