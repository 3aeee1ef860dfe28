// Server applies of expectedVisit.approve / .reject (spread into server/sync/handlers.ts): the
// same apply as the REST calls, but merging: a decision already taken is a no-op, not an error.
import type { ApplyContext, ServerMutation } from '../sync/handlers';
import { notFound } from '../http/api-error';
import { applyDecision } from './expected-visits.service';
import { updateVisit, visitById } from './visits.repo';

async function decide(a: ApplyContext, visitId: string, decision: 'approve' | 'reject') {
  const { changes } = await applyDecision(a.tx, a.ctx.entityId, a.ctx.userId, visitId, decision, a.receivedAt.getTime());
  for (const c of changes) a.change(c);
}

/** Arrival by a kiosk: merging, so the first arrival's time stands and a replay changes nothing. */
async function arrive(a: ApplyContext, visitId: string, at: number) {
  const v = await visitById(a.tx, a.ctx.entityId, visitId, true);
  if (!v) throw notFound();
  if (v.arrivedAt !== null) return;
  const { changes } = await updateVisit(a.tx, v, { arrivedAt: at + a.clockOffsetMs }, a.receivedAt);
  for (const c of changes) a.change(c);
}

export const preregistrationServerMutations = {
  'expectedVisit.approve': { permission: 'dashboard', apply: (a, args) => decide(a, args.visitId, 'approve') },
  'expectedVisit.reject': { permission: 'dashboard', apply: (a, args) => decide(a, args.visitId, 'reject') },
  'expectedVisit.arrive': { permission: 'dashboard', apply: (a, args) => arrive(a, args.visitId, args.at) },
} satisfies { [N in 'expectedVisit.approve' | 'expectedVisit.reject' | 'expectedVisit.arrive']: ServerMutation<N> };
