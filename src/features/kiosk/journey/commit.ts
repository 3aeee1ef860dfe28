// "Confirm": turns a finished draft into ONE sync mutation (kiosk.journey or kiosk.signOut), so
// every row of the visit and its outbox entry are written in one local transaction. The result
// shown is the kiosk's own judgement (domain/kiosk-journey.ts); the server judges again.
import { v7 as uuidv7 } from 'uuid';
import { requestedOutputs, type KioskVisitDetails, type VisitStage } from '../../../../domain/journey';
import type { JourneyFacts, JourneyOutcome } from '../../../../domain/kiosk-journey';
import type { MutateResult } from '../../../../sync/client';
import type { ArgsOf, MutationName } from '../../../../sync/catalogue';
import type { KioskFlow } from '../hooks/use-kiosk-data';
import type { KioskRegistration } from './kiosk-store';
import type { Draft } from './draft';

export type Record = <N extends MutationName>(name: N, args: ArgsOf<N>) => Promise<MutateResult>;
type OutcomeOf = (facts: JourneyFacts) => Promise<JourneyOutcome> | JourneyOutcome;

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

export async function commitDraft(
  record: Record,
  outcomeOf: OutcomeOf,
  draft: Draft,
  kiosk: KioskRegistration,
  flow: KioskFlow | undefined,
  now: number,
): Promise<CommitResult> {
  const person = draft.person!;
  const visitId = uuidv7();
  const where = {
    kioskId: kiosk.id,
    areaId: kiosk.areaId,
    method: draft.method,
    ...(draft.journeyId ? { journeyId: draft.journeyId } : {}),
  };
  const reason = draft.reason ? { reason: draft.reason } : {};

  if (draft.action === 'out') {
    await must(record('kiosk.signOut', { eventId: uuidv7(), personId: person.id, ...where, ...reason, at: now }));
    void record('kiosk.log', {
      logId: uuidv7(),
      kind: 'action',
      code: 'sign_out',
      data: { personId: person.id },
      at: now,
    });
    return { visitId, stage: null, signedIn: false, signedOut: true, refusal: null, outputs: [] };
  }

  const { stage, signedIn, refusal } = await outcomeOf({
    compliance: draft.compliance ? draft.compliance.outcome : 'not_required',
    approvalRequired: draft.approvalRequired,
    document: draft.document,
    temperature: draft.temperature ? { raw: draft.temperature.raw, thresholdC: draft.temperature.threshold } : null,
    mask: draft.mask,
  });
  const c = draft.compliance;
  await must(
    record('kiosk.journey', {
      visitId,
      personId: person.id,
      ...where,
      ...reason,
      signInEventId: uuidv7(),
      stage,
      at: now,
      ...(draft.registration ? { registration: draft.registration } : {}),
      ...(flow ? { journeyFlowId: flow.id } : {}),
      ...(c
        ? {
            compliance: {
              answerId: uuidv7(),
              complianceId: c.formId,
              complianceVersion: c.version,
              answers: c.answers,
              agreed: c.agreed,
            },
          }
        : {}),
      ...(draft.temperature || draft.mask !== null
        ? {
            checks: {
              checkId: uuidv7(),
              ...(draft.temperature
                ? { temperature: { raw: draft.temperature.raw, threshold: draft.temperature.threshold } }
                : {}),
              ...(draft.mask !== null ? { mask: draft.mask } : {}),
            },
          }
        : {}),
      ...(c && draft.certificate ? { certificate: { documentId: uuidv7(), ...draft.certificate } } : {}),
      ...(draft.hostId ? { host: { notificationId: uuidv7(), hostId: draft.hostId, message: draft.hostMessage } } : {}),
      customFields: draft.registration?.customFields ?? draft.customFields,
      ...(draft.expectedVisitId ? { expectedVisitId: draft.expectedVisitId } : {}),
    }),
  );
  const outputs = signedIn && flow ? requestedOutputs(flow.settings) : [];
  // The log line is not part of the visit: written after the result shows, so the tap stays quick.
  void record('kiosk.log', {
    logId: uuidv7(),
    kind: 'action',
    code: signedIn ? 'sign_in' : 'visit_refused',
    data: { personId: person.id, stage },
    at: now,
  });
  return { visitId, stage, signedIn, signedOut: false, refusal, outputs };
}
