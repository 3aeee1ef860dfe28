// Server applies of expectedVisit.approve / .reject (spread into server/sync/handlers.ts): the
// same apply as the REST calls, but merging: a decision already taken is a no-op, not an error.
import type { ApplyContext, ServerMutation } from '../sync/handlers';
import { applyDecision } from './expected-visits.service';

async function decide(a: ApplyContext, visitId: string, decision: 'approve' | 'reject') {
  const { changes } = await applyDecision(a.tx, a.ctx.entityId, a.ctx.userId, visitId, decision, a.receivedAt.getTime());
  for (const c of changes) a.change(c);
}

export const preregistrationServerMutations = {
  'expectedVisit.approve': { permission: 'dashboard', apply: (a, args) => decide(a, args.visitId, 'approve') },
  'expectedVisit.reject': { permission: 'dashboard', apply: (a, args) => decide(a, args.visitId, 'reject') },
} satisfies { [N in 'expectedVisit.approve' | 'expectedVisit.reject']: ServerMutation<N> };
