// Approval of expected visits on an admin tablet, offline included (registered in
// sync/mutations.ts; the server apply is server/preregistration/expected-visits.mutations.ts).
// Rejecting also revokes the visit's QR code locally, so a kiosk on this device refuses it at once.
import type * as v from 'valibot';
import { visitArriveArgs, visitDecisionArgs } from '../domain/preregistration-schemas';
import type { MutationDef } from './mutations';

const define = <S extends v.GenericSchema>(def: MutationDef<S>): MutationDef<S> => def;

export const preregistrationMutations = {
  'expectedVisit.approve': define({
    args: visitDecisionArgs,
    async applyLocal(tx, a) {
      const visit = await tx.get('expectedVisits', a.visitId);
      if (!visit) return;
      await tx.put('expectedVisits', { ...visit, status: 'approved', pending: 1 });
      const revoked = await tx.get('qrRevocations', a.visitId);
      // Approving a rejected visit lifts its revocation; a deletion stays.
      if (revoked && revoked.reason === 'VISIT_REJECTED') await tx.put('qrRevocations', { ...revoked, reason: null, lifted: 1 });
    },
  }),
  'expectedVisit.reject': define({
    args: visitDecisionArgs,
    async applyLocal(tx, a) {
      const visit = await tx.get('expectedVisits', a.visitId);
      if (!visit) return;
      await tx.put('expectedVisits', { ...visit, status: 'rejected', pending: 1 });
      await tx.put('qrRevocations', { id: a.visitId, reason: 'VISIT_REJECTED', pending: 1 });
    },
  }),
  // A kiosk's QR sign-in: the first arrival stands (a second scan is refused on the kiosk).
  'expectedVisit.arrive': define({
    args: visitArriveArgs,
    async applyLocal(tx, a) {
      const visit = await tx.get('expectedVisits', a.visitId);
      if (!visit || visit.arrivedAt != null) return;
      await tx.put('expectedVisits', { ...visit, arrivedAt: a.at, pending: 1 });
    },
  }),
};
