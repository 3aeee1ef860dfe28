// Server applies of the kiosk journey's mutations (spread into server/sync/handlers.ts). Each
// re-checks with the same domain rules the kiosk used and answers another entity's ids with 404.
import { and, eq, or } from 'drizzle-orm';
import { evaluateCompliance } from '../../domain/compliance';
import type { RegistrationMethod } from '../../domain/journey';
import { APP_STARTED_LOG } from '../../domain/kiosk-commands';
import { checkTemperature, parseTemperature } from '../../domain/temperature';
import { userTypes } from '../db/schema/journeys';
import { complianceForms } from '../db/schema/kiosk-config';
import { complianceAnswers, hostNotifications, kioskLogs, kiosks, kioskVisits, visitChecks } from '../db/schema/kiosk';
import { roles, users } from '../db/schema/people';
import { ApiError, notFound } from '../http/api-error';
import type { ApplyContext, ServerMutation } from '../sync/handlers';
import { personChange } from '../sync/projections';
import { checkKioskPhoto, checkVisitCustomFields } from './kiosk-checks';
import { rowChange } from './kiosk.projections';

/** Only a kiosk's own device token carries it (see kiosk-auth.ts). */
export const KIOSK_PERMISSION = 'kiosk_device';

async function personExists(a: ApplyContext, personId: string): Promise<void> {
  const [row] = await a.tx.select({ id: users.id }).from(users).where(and(eq(users.entityId, a.ctx.entityId), eq(users.id, personId)));
  if (!row) throw notFound();
}

const put = async <T extends Record<string, unknown> & { id: string }>(a: ApplyContext, table: Parameters<typeof rowChange>[0], rows: T[]) => {
  for (const r of rows) a.change(rowChange(table, r));
};

export const kioskServerMutations = {
  'person.register': {
    permission: 'dashboard',
    async apply(a, args) {
      const entityId = a.ctx.entityId;
      const [type] = await a.tx.select().from(userTypes).where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, args.userTypeId)));
      if (!type) throw notFound();
      const method = type.registrationMethod as RegistrationMethod;
      if (method === 'pre-registered by admin' || method === 'pre-registered only') throw new ApiError(403, 'registration_unavailable');
      if (args.photo) checkKioskPhoto(args.photo);
      const email = args.email.toLowerCase();
      const clash = await a.tx.select({ email: users.email, phone: users.phone }).from(users)
        .where(and(eq(users.entityId, entityId), or(eq(users.email, email), eq(users.phone, args.phone))));
      if (clash.some((c) => c.email === email)) throw new ApiError(400, 'email_exists', { email: ['errors.email_exists'] });
      if (clash.length) throw new ApiError(400, 'phone_exists', { phone: ['errors.phone_exists'] });
      const [role] = await a.tx.select({ id: roles.id }).from(roles).where(and(eq(roles.entityId, entityId), eq(roles.name, 'default users')));
      if (!role) throw notFound();
      const [row] = await a.tx.insert(users).values({
        entityId, id: args.personId, email, phone: args.phone, fullName: `${args.firstName} ${args.lastName}`, roleId: role.id,
        userTypeId: type.id, image: args.photo ?? null, updatedAt: a.receivedAt,
      }).onConflictDoNothing().returning();
      if (row) a.change(personChange(row));
    },
  },
  'compliance.answer': {
    permission: 'dashboard',
    async apply(a, args) {
      await personExists(a, args.personId);
      const [form] = await a.tx.select().from(complianceForms).where(and(eq(complianceForms.entityId, a.ctx.entityId), eq(complianceForms.id, args.complianceId)));
      if (!form) throw notFound();
      const result = evaluateCompliance(form, args.answers, args.agreed);
      const [row] = await a.tx.insert(complianceAnswers).values({
        entityId: a.ctx.entityId, id: args.answerId, personId: args.personId, complianceId: form.id, complianceVersion: args.complianceVersion,
        answers: args.answers, outcome: result.outcome, isWrong: result.isWrong, visitId: args.visitId ?? null,
        areaId: args.areaId ?? null, userTypeId: args.userTypeId ?? null, at: args.at + a.clockOffsetMs,
      }).onConflictDoNothing().returning();
      if (row) await put(a, 'complianceAnswers', [row]);
    },
  },
  'checks.record': {
    permission: 'dashboard',
    async apply(a, args) {
      await personExists(a, args.personId);
      const reading = args.temperature ? parseTemperature(args.temperature.raw) : null;
      if (args.temperature && !reading) throw new ApiError(400, 'validation_failed', { temperature: ['temperature.invalid'] });
      const passed = args.mask !== false && (!args.temperature || checkTemperature(args.temperature.raw, args.temperature.threshold).ok);
      const [row] = await a.tx.insert(visitChecks).values({
        entityId: a.ctx.entityId, id: args.checkId, personId: args.personId, visitId: args.visitId ?? null, mask: args.mask ?? null,
        temperature: reading && args.temperature ? { ...reading, threshold: args.temperature.threshold } : null, passed, at: args.at + a.clockOffsetMs,
      }).onConflictDoNothing().returning();
      if (row) await put(a, 'visitChecks', [row]);
    },
  },
  'host.notify': {
    permission: 'dashboard',
    async apply(a, args) {
      await personExists(a, args.personId);
      await personExists(a, args.hostId);
      // The row is the mail outbox (mail_status queued); its change poke is the dashboard's live event.
      const [row] = await a.tx.insert(hostNotifications).values({
        entityId: a.ctx.entityId, id: args.notificationId, hostId: args.hostId, personId: args.personId, visitId: args.visitId ?? null,
        message: args.message ?? null, at: args.at + a.clockOffsetMs,
      }).onConflictDoNothing().returning();
      if (row) await put(a, 'hostNotifications', [row]);
    },
  },
  'kiosk.log': {
    permission: KIOSK_PERMISSION,
    async apply(a, args) {
      await a.tx.insert(kioskLogs).values({
        entityId: a.ctx.entityId, id: args.logId, kioskId: a.ctx.userId, kind: args.kind, code: args.code, data: args.data ?? null, at: args.at + a.clockOffsetMs,
      }).onConflictDoNothing();
      // A kiosk reports its build version when it starts (GET /api/kiosks/app-versions reads it).
      const version = args.data?.version;
      if (args.code === APP_STARTED_LOG && typeof version === 'string' && version.length <= 32) {
        await a.tx.update(kiosks).set({ version }).where(and(eq(kiosks.entityId, a.ctx.entityId), eq(kiosks.id, a.ctx.userId)));
      }
    },
  },
  'kiosk.visit': {
    permission: KIOSK_PERMISSION,
    async apply(a, args) {
      await personExists(a, args.personId);
      await checkVisitCustomFields(a.tx, a.ctx.entityId, args.journeyFlowId, args.customFields);
      const [row] = await a.tx.insert(kioskVisits).values({
        entityId: a.ctx.entityId, id: args.visitId, personId: args.personId, kioskId: a.ctx.userId, areaId: args.areaId,
        journeyId: args.journeyId ?? null, journeyFlowId: args.journeyFlowId ?? null, stage: args.stage, signedIn: args.signedIn,
        details: { ...args.details, kioskId: a.ctx.userId }, customFields: args.customFields, at: args.at + a.clockOffsetMs,
      }).onConflictDoNothing().returning();
      if (row) await put(a, 'kioskVisits', [row]);
    },
  },
} satisfies { [N in 'person.register' | 'compliance.answer' | 'checks.record' | 'host.notify' | 'kiosk.log' | 'kiosk.visit']: ServerMutation<N> };
