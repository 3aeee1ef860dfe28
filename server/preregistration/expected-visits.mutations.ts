// Server applies of expectedVisit.approve / .reject (spread into server/sync/handlers.ts): the
// same apply as the REST calls, but merging: a decision already taken is a no-op, not an error.
import type { ApplyContext, FeatureMutations } from '../sync/handlers';
import { notFound } from '../http/api-error';
import { applyDecision } from './expected-visits.service';
import { mayRecordArrival } from './visit-access';
import { updateVisit, visitById } from './visits.repo';

async function decide(a: ApplyContext, visitId: string, decision: 'approve' | 'reject') {
  const { changes } = await applyDecision(a.tx, a.ctx, visitId, decision, a.receivedAt.getTime());
  for (const c of changes) a.change(c);
}

/** Arrival by a kiosk: merging, so the first arrival's time stands and a replay changes nothing. */
async function arrive(a: ApplyContext, visitId: string, at: number) {
  const v = await visitById(a.tx, a.ctx.entityId, visitId, true);
  if (!v || !mayRecordArrival(a.ctx, v)) throw notFound();
  if (v.arrivedAt !== null) return;
  const { changes } = await updateVisit(a.tx, v, { arrivedAt: a.time(at) }, a.receivedAt);
  for (const c of changes) a.change(c);
}

export const preregistrationServerMutations = {
  'expectedVisit.approve': { apply: (a, args) => decide(a, args.visitId, 'approve') },
  'expectedVisit.reject': { apply: (a, args) => decide(a, args.visitId, 'reject') },
  'expectedVisit.arrive': { apply: (a, args) => arrive(a, args.visitId, args.at) },
} satisfies FeatureMutations<'expectedVisit.approve' | 'expectedVisit.reject' | 'expectedVisit.arrive'>;
