// The kiosk's mutations: local optimistic applies. Their server applies live in server/kiosk/
// (kiosk-journey.mutations.ts, kiosk.mutations.ts). A kiosk records one journey as ONE mutation,
// kiosk.journey; the older per-step mutations stay only so that outboxes queued by older builds
// still replay after an upgrade (nothing records them any more).
import { evaluateCompliance } from '../../../domain/compliance';
import {
  checksRecordArgs,
  complianceAnswerArgs,
  hostNotifyArgs,
  kioskLogArgs,
  kioskVisitArgs,
  registerPersonArgs,
} from '../../../domain/kiosk-mutations';
import { checkTemperature, parseTemperature } from '../../../domain/temperature';
import { defineMutation } from './define-mutation';
import { kioskJourneyMutations } from './kiosk-journey';

/** Kept for replay of queued entries from older builds: the kiosk recorded these (under its
 * token's old `dashboard` grant) before kiosk.journey; an admin's session may still send them. */
const replayed = ['dashboard', 'kiosk_device'] as const;

export const kioskMutations = {
  ...kioskJourneyMutations,
  'person.register': defineMutation({
    args: registerPersonArgs,
    permission: replayed,
    tables: ['people'],
    async applyLocal(tx, a) {
      await tx.put('people', {
        id: a.personId,
        fullName: `${a.firstName} ${a.lastName}`,
        email: a.email.toLowerCase(),
        phone: a.phone,
        userTypeId: a.userTypeId,
        companyName: a.companyName ?? null,
        image: a.photo ?? null,
        version: 0,
        pending: 1,
      });
    },
  }),
  'compliance.answer': defineMutation({
    args: complianceAnswerArgs,
    permission: replayed,
    tables: ['complianceForms', 'complianceAnswers'],
    async applyLocal(tx, a) {
      const form = await tx.get('complianceForms', a.complianceId);
      const questions = (form?.questions as Parameters<typeof evaluateCompliance>[0]['questions'] | undefined) ?? [];
      const result = evaluateCompliance(
        { questions, agreementText: (form?.agreementText as string | null) ?? null },
        a.answers,
        a.agreed,
      );
      await tx.put('complianceAnswers', {
        id: a.answerId,
        personId: a.personId,
        complianceId: a.complianceId,
        complianceVersion: a.complianceVersion,
        answers: a.answers,
        outcome: result.outcome,
        isWrong: result.isWrong,
        visitId: a.visitId ?? null,
        at: a.at,
        pending: 1,
      });
    },
  }),
  'checks.record': defineMutation({
    args: checksRecordArgs,
    permission: replayed,
    tables: ['visitChecks'],
    async applyLocal(tx, a) {
      const reading = a.temperature ? parseTemperature(a.temperature.raw) : null;
      const passed =
        a.mask !== false && (!a.temperature || checkTemperature(a.temperature.raw, a.temperature.threshold).ok);
      await tx.put('visitChecks', {
        id: a.checkId,
        personId: a.personId,
        visitId: a.visitId ?? null,
        mask: a.mask ?? null,
        temperature: reading && a.temperature ? { ...reading, threshold: a.temperature.threshold } : null,
        passed,
        at: a.at,
        pending: 1,
      });
    },
  }),
  'host.notify': defineMutation({
    args: hostNotifyArgs,
    permission: replayed,
    tables: ['hostNotifications'],
    async applyLocal(tx, a) {
      await tx.put('hostNotifications', {
        id: a.notificationId,
        hostId: a.hostId,
        personId: a.personId,
        visitId: a.visitId ?? null,
        message: a.message ?? null,
        mailStatus: 'queued',
        at: a.at,
        pending: 1,
      });
    },
  }),
  'kiosk.log': defineMutation({
    args: kioskLogArgs,
    permission: 'kiosk_device',
    tables: ['kioskLogs'],
    async applyLocal(tx, a) {
      await tx.put('kioskLogs', {
        id: a.logId,
        kind: a.kind,
        code: a.code,
        data: a.data ?? null,
        at: a.at,
        pending: 1,
      });
    },
  }),
  // Kept for replay of queued entries from older builds (kiosk.journey replaced it).
  'kiosk.visit': defineMutation({
    args: kioskVisitArgs,
    permission: 'kiosk_device',
    tables: ['kioskVisits'],
    async applyLocal(tx, a) {
      await tx.put('kioskVisits', {
        id: a.visitId,
        personId: a.personId,
        areaId: a.areaId,
        journeyId: a.journeyId ?? null,
        journeyFlowId: a.journeyFlowId ?? null,
        stage: a.stage,
        signedIn: a.signedIn,
        details: a.details,
        customFields: a.customFields,
        at: a.at,
        pending: 1,
      });
    },
  }),
};
