// A kiosk journey and a kiosk sign-out, each ONE mutation: every row the visit needs is written
// in the one local transaction that also holds its outbox entry, so a crash leaves all or none.
// The local apply derives the stage with domain/kiosk-journey.ts from the configuration this
// kiosk holds; the server derives again from its own (server/kiosk/kiosk-journey.mutations.ts)
// and its rows replace these at the next pull.
import type { RegistrationMethod } from '../../../domain/journey';
import { deriveJourney, kioskJourneyArgs, kioskSignOutArgs } from '../../../domain/kiosk-journey';
import { documentFacts } from '../../../domain/vaccine-status';
import { defineMutation } from './define-mutation';

export const kioskJourneyMutations = {
  'kiosk.journey': defineMutation({
    args: kioskJourneyArgs,
    permission: 'kiosk_device',
    tables: [
      'people',
      'userTypes',
      'journeyFlows',
      'complianceForms',
      'expectedVisits',
      'personDocuments',
      'kioskVisits',
      'complianceAnswers',
      'visitChecks',
      'visitEvents',
      'hostNotifications',
    ],
    async applyLocal(tx, a, meta) {
      const reg = a.registration;
      const [person, type, flow, form, expected, documents] = await Promise.all([
        tx.get('people', a.personId),
        reg ? tx.get('userTypes', reg.userTypeId) : undefined,
        a.journeyFlowId ? tx.get('journeyFlows', a.journeyFlowId) : undefined,
        a.compliance ? tx.get('complianceForms', a.compliance.complianceId) : undefined,
        a.expectedVisitId ? tx.get('expectedVisits', a.expectedVisitId) : undefined,
        tx.byIndex('personDocuments', 'personId', a.personId),
      ]);
      const d = deriveJourney(a, {
        form: form
          ? {
              questions: (form.questions ?? []) as never,
              agreementText: form.agreementText ?? null,
              documentRequired: form.documentRequired,
              protocols: form.protocols,
              acceptNegativePcr: form.acceptNegativePcr,
              pcrValidDays: form.pcrValidDays,
            }
          : null,
        documents: documents.map(documentFacts),
        flowSettings: flow?.settings,
        registrationMethod: (type?.registrationMethod as RegistrationMethod | null | undefined) ?? null,
        expectedVisitStatus: expected?.status ?? null,
      });
      const writes: Array<Promise<void>> = [];
      if (reg) {
        writes.push(
          tx.put('people', {
            id: a.personId,
            fullName: `${reg.firstName} ${reg.lastName}`,
            email: reg.email.toLowerCase(),
            phone: reg.phone,
            userTypeId: reg.userTypeId,
            companyName: reg.companyName ?? null,
            image: reg.photo ?? null,
            version: 0,
            pending: 1,
          }),
        );
      }
      if (a.compliance && d.compliance) {
        const c = a.compliance;
        writes.push(
          tx.put('complianceAnswers', {
            id: c.answerId,
            personId: a.personId,
            complianceId: c.complianceId,
            complianceVersion: c.complianceVersion,
            answers: c.answers,
            outcome: d.compliance.outcome,
            isWrong: d.compliance.isWrong,
            visitId: a.visitId,
            at: a.at,
            pending: 1,
          }),
        );
      }
      if (a.checks) {
        writes.push(
          tx.put('visitChecks', {
            id: a.checks.checkId,
            personId: a.personId,
            visitId: a.visitId,
            mask: a.checks.mask ?? null,
            temperature: d.temperature,
            passed: d.checksPassed,
            at: a.at,
            pending: 1,
          }),
        );
      }
      writes.push(
        tx.put('kioskVisits', {
          id: a.visitId,
          personId: a.personId,
          areaId: a.areaId,
          journeyId: a.journeyId ?? null,
          journeyFlowId: a.journeyFlowId ?? null,
          stage: d.stage,
          signedIn: d.signedIn,
          details: d.details,
          customFields: a.customFields,
          at: a.at,
          pending: 1,
        }),
      );
      if (d.signedIn) {
        writes.push(
          tx.put('visitEvents', {
            id: a.signInEventId,
            personId: a.personId,
            kind: 'in',
            areaId: a.areaId,
            at: a.at,
            journeyFlowId: a.journeyFlowId ?? null,
            userTypeId: reg?.userTypeId ?? person?.userTypeId ?? null,
            deviceId: meta.deviceId,
            details: d.details,
            pending: 1,
          }),
        );
        if (expected && expected.arrivedAt == null)
          writes.push(tx.put('expectedVisits', { ...expected, arrivedAt: a.at, pending: 1 }));
      }
      if (a.host) {
        writes.push(
          tx.put('hostNotifications', {
            id: a.host.notificationId,
            hostId: a.host.hostId,
            personId: a.personId,
            visitId: a.visitId,
            message: a.host.message ?? null,
            mailStatus: 'queued',
            at: a.at,
            pending: 1,
          }),
        );
      }
      await Promise.all(writes);
    },
  }),
  'kiosk.signOut': defineMutation({
    args: kioskSignOutArgs,
    permission: 'kiosk_device',
    tables: ['visitEvents'],
    async applyLocal(tx, a, meta) {
      await tx.put('visitEvents', {
        id: a.eventId,
        personId: a.personId,
        kind: 'out',
        areaId: a.areaId,
        at: a.at,
        deviceId: meta.deviceId,
        details: {
          source: 'kiosk',
          kioskId: a.kioskId,
          method: a.method,
          ...(a.journeyId ? { journeyId: a.journeyId } : {}),
          ...a.reason,
        },
        pending: 1,
      });
    },
  }),
};
