// Server apply of visit.decide: reception approves or refuses a kiosk visit that waits for a
// decision (a required certificate not on the profile, an approval the journey asks, a wrong
// answer explained). The same rule as the device (domain/journey.ts decideVisit) on the visit as
// stored: a visit already decided (by another admin, maybe offline too) refuses the second
// decision with its own message. Approved, the person is signed in at the decision's time.
import { and, eq } from 'drizzle-orm';
import type { ArgsOf } from '../../sync/catalogue';
import { decideVisit } from '../../domain/journey';
import { kioskVisits } from '../db/schema/kiosk';
import { users } from '../db/schema/people';
import { massScopeCodes } from '../dashboard/mass-scope';
import { ApiError, forbidden, notFound } from '../http/api-error';
import type { ApplyContext, FeatureMutations } from '../sync/handlers';
import { recordVisitEvents } from '../visits/record-visit-events';
import { rowChange } from './kiosk.projections';

async function decide(a: ApplyContext, args: ArgsOf<'visit.decide'>): Promise<void> {
  const entityId = a.ctx.entityId;
  const [visit] = await a.tx
    .select()
    .from(kioskVisits)
    .where(and(eq(kioskVisits.entityId, entityId), eq(kioskVisits.id, args.visitId)))
    .for('update');
  if (!visit) throw notFound();
  const [person] = await a.tx
    .select({ userTypeId: users.userTypeId })
    .from(users)
    .where(and(eq(users.entityId, entityId), eq(users.id, visit.personId)));
  // Within the admin's scope of people and areas, like a sign-in on their behalf.
  const [code] = await massScopeCodes(
    a.tx,
    entityId,
    a.ctx.userId,
    [{ personId: visit.personId, areaId: visit.areaId }],
    () => person?.userTypeId,
  );
  if (code) throw forbidden();
  const d = decideVisit(visit.stage, args.decision);
  if (!d.ok) throw new ApiError(409, d.code);
  const at = a.time(args.at);
  let details: Record<string, unknown> = {
    ...visit.details,
    stage: d.stage,
    decision: { decision: args.decision, by: a.ctx.userId, at },
  };
  if (d.signsIn) {
    const [recorded] = await recordVisitEvents(a.tx, { entityId, change: a.change }, [
      {
        id: args.eventId,
        personId: visit.personId,
        kind: 'in',
        areaId: visit.areaId,
        journeyFlowId: visit.journeyFlowId,
        userTypeId: person?.userTypeId ?? null,
        at,
        deviceId: a.deviceId,
        mutationId: a.mutationId,
        recordedBy: a.ctx.userId,
        receivedAt: a.receivedAt,
        clockUntrusted: !a.clockTrusted,
        details,
        judge: { source: 'kiosk', journeyId: visit.journeyId },
      },
    ]);
    details = recorded!.details ?? details;
  }
  const [row] = await a.tx
    .update(kioskVisits)
    .set({ stage: d.stage, signedIn: d.signsIn, details })
    .where(and(eq(kioskVisits.entityId, entityId), eq(kioskVisits.id, visit.id)))
    .returning();
  a.change(rowChange('kioskVisits', row!));
}

export const visitDecisionServerMutations = {
  'visit.decide': { apply: decide },
} satisfies FeatureMutations<'visit.decide'>;
