// RFID enrolment and departments. A department is the company's label (decision: Gatehouse
// groups people by labels; the spec's GET /department/{entityId} lists them under that name).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { RfidEnrollmentInput } from '../../domain/schemas/rfid';
import type { Db } from '../db/database';
import { labels, userCards, users } from '../db/schema/index';
import { notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { recordCard } from '../rfid-enrolment/cards';
import { roleGuard } from './role-guard';

export function enrollmentService(db: Db, onChanged: (entityId: string) => void = () => {}) {
  return {
    async departments(ctx: RequestContext, entityId: string) {
      if (entityId !== ctx.entityId) throw notFound();
      return db
        .select({ id: labels.id, name: labels.name })
        .from(labels)
        .where(eq(labels.entityId, ctx.entityId))
        .orderBy(asc(labels.name), asc(labels.id));
    },

    async enroll(ctx: RequestContext, input: RfidEnrollmentInput) {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.entityId, ctx.entityId), eq(users.id, input.user_id)));
      if (!user) throw notFound();
      assertAllowed(ctx, 'users');
      // A card signs the person in at kiosks: the same rule as editing them.
      await roleGuard(db).person(ctx, [input.user_id], 'card');
      await recordCard(db, ctx.entityId, input.user_id, input.rfid);
      onChanged(ctx.entityId);
      return { user_id: input.user_id, rfid: input.rfid };
    },

    /** Which of the given users have a card (spec: GET /get_users_have_rfid_enrollment). */
    async enrolled(ctx: RequestContext, entityId: string, userIds: string[]) {
      if (entityId !== ctx.entityId) throw notFound();
      assertAllowed(ctx, 'users');
      if (userIds.length === 0) return [];
      return db
        .select({ user_id: userCards.userId, rfid: userCards.rfid })
        .from(userCards)
        .where(and(eq(userCards.entityId, ctx.entityId), inArray(userCards.userId, userIds)));
    },
  };
}
export type EnrollmentService = ReturnType<typeof enrollmentService>;
