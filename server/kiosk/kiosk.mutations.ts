// Server applies of the kiosk's mutations (assembled in server/sync-registry.ts). Each re-checks
// with the same domain rules the kiosk used and answers another entity's ids with 404. A kiosk
// records kiosk.journey / kiosk.signOut (kiosk-journey.mutations.ts); person.register,
// compliance.answer, checks.record, host.notify and kiosk.visit are kept for replay of queued
// entries from older builds.
import { keepAnswersOnProfile } from '../people/person-custom-fields';
import { and, eq } from 'drizzle-orm';
import { evaluateCompliance } from '../../domain/compliance';
import { APP_STARTED_LOG } from '../../domain/kiosk-commands';
import { checkTemperature, parseTemperature } from '../../domain/temperature';
import { complianceForms } from '../db/schema/kiosk-config';
import { formAsAnswered } from '../compliance/compliance.repo';
import { complianceAnswers, hostNotifications, kioskLogs, kiosks, kioskVisits, visitChecks } from '../db/schema/kiosk';
import { users } from '../db/schema/people';
import { ApiError, notFound } from '../http/api-error';
import type { ApplyContext, FeatureMutations } from '../sync/handlers';
import { checkVisitCustomFields } from './kiosk-checks';
import { kioskJourneyServerMutations } from './kiosk-journey.mutations';
import { visitDecisionServerMutations } from './visit-decision.mutations';
import { rowChange } from './kiosk.projections';
import { registerVisitor } from './visitor-registration';

async function personExists(a: ApplyContext, personId: string): Promise<void> {
  const [row] = await a.tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.entityId, a.ctx.entityId), eq(users.id, personId)));
  if (!row) throw notFound();
}

const put = async <T extends Record<string, unknown> & { id: string }>(
  a: ApplyContext,
  table: Parameters<typeof rowChange>[0],
  rows: T[],
) => {
  for (const r of rows) a.change(rowChange(table, r));
};

export const kioskServerMutations = {
  ...kioskJourneyServerMutations,
  ...visitDecisionServerMutations,
  // Kept for replay of queued entries from older builds (kiosk.journey registers a visitor now).
  'person.register': { apply: async (a, args) => void (await registerVisitor(a, args)) },
  'compliance.answer': {
    async apply(a, args) {
      await personExists(a, args.personId);
      const [form] = await a.tx
        .select()
        .from(complianceForms)
        .where(and(eq(complianceForms.entityId, a.ctx.entityId), eq(complianceForms.id, args.complianceId)));
      if (!form) throw notFound();
      const asked = await formAsAnswered(a.tx, form, args.complianceVersion);
      const result = evaluateCompliance(asked, args.answers, args.agreed);
      const [row] = await a.tx
        .insert(complianceAnswers)
        .values({
          entityId: a.ctx.entityId,
          id: args.answerId,
          personId: args.personId,
          complianceId: form.id,
          complianceVersion: args.complianceVersion,
          answers: args.answers,
          outcome: result.outcome,
          isWrong: result.isWrong,
          visitId: args.visitId ?? null,
          areaId: args.areaId ?? null,
          userTypeId: args.userTypeId ?? null,
          at: a.time(args.at),
        })
        .onConflictDoNothing()
        .returning();
      if (row) await put(a, 'complianceAnswers', [row]);
    },
  },
  'checks.record': {
    async apply(a, args) {
      await personExists(a, args.personId);
      const reading = args.temperature ? parseTemperature(args.temperature.raw) : null;
      if (args.temperature && !reading)
        throw new ApiError(400, 'validation_failed', { temperature: ['temperature.invalid'] });
      const passed =
        args.mask !== false &&
        (!args.temperature || checkTemperature(args.temperature.raw, args.temperature.threshold).ok);
      const [row] = await a.tx
        .insert(visitChecks)
        .values({
          entityId: a.ctx.entityId,
          id: args.checkId,
          personId: args.personId,
          visitId: args.visitId ?? null,
          mask: args.mask ?? null,
          temperature: reading && args.temperature ? { ...reading, threshold: args.temperature.threshold } : null,
          passed,
          at: a.time(args.at),
        })
        .onConflictDoNothing()
        .returning();
      if (row) await put(a, 'visitChecks', [row]);
    },
  },
  'host.notify': {
    async apply(a, args) {
      await personExists(a, args.personId);
      await personExists(a, args.hostId);
      // The row is the mail outbox (mail_status queued); its change poke is the dashboard's live event.
      const [row] = await a.tx
        .insert(hostNotifications)
        .values({
          entityId: a.ctx.entityId,
          id: args.notificationId,
          hostId: args.hostId,
          personId: args.personId,
          visitId: args.visitId ?? null,
          message: args.message ?? null,
          at: a.time(args.at),
        })
        .onConflictDoNothing()
        .returning();
      if (row) await put(a, 'hostNotifications', [row]);
    },
  },
  'kiosk.log': {
    async apply(a, args) {
      await a.tx
        .insert(kioskLogs)
        .values({
          entityId: a.ctx.entityId,
          id: args.logId,
          kioskId: a.ctx.userId,
          kind: args.kind,
          code: args.code,
          data: args.data ?? null,
          at: a.time(args.at),
        })
        .onConflictDoNothing();
      // A kiosk reports its build version when it starts (GET /api/kiosks/app-versions reads it).
      const version = args.data?.version;
      if (args.code === APP_STARTED_LOG && typeof version === 'string' && version.length <= 32) {
        await a.tx
          .update(kiosks)
          .set({ version })
          .where(and(eq(kiosks.entityId, a.ctx.entityId), eq(kiosks.id, a.ctx.userId)));
      }
    },
  },
  'kiosk.visit': {
    async apply(a, args) {
      await personExists(a, args.personId);
      await checkVisitCustomFields(a.tx, a.ctx.entityId, args.journeyFlowId, args.customFields);
      const [row] = await a.tx
        .insert(kioskVisits)
        .values({
          entityId: a.ctx.entityId,
          id: args.visitId,
          personId: args.personId,
          kioskId: a.ctx.userId,
          areaId: args.areaId,
          journeyId: args.journeyId ?? null,
          journeyFlowId: args.journeyFlowId ?? null,
          stage: args.stage,
          signedIn: args.signedIn,
          details: { ...args.details, kioskId: a.ctx.userId },
          customFields: args.customFields,
          at: a.time(args.at),
        })
        .onConflictDoNothing()
        .returning();
      if (row) await put(a, 'kioskVisits', [row]);
      if (row && args.customFields.length) await keepAnswersOnProfile(a, args.personId, args.customFields);
    },
  },
} satisfies FeatureMutations<
  | 'kiosk.journey'
  | 'kiosk.signOut'
  | 'person.register'
  | 'compliance.answer'
  | 'checks.record'
  | 'host.notify'
  | 'kiosk.log'
  | 'kiosk.visit'
>;
