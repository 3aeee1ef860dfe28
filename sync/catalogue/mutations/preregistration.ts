// Approval of expected visits on an admin tablet, offline included, and a kiosk's QR arrival; the
// server applies are server/preregistration/expected-visits.mutations.ts. Rejecting also revokes
// the visit's QR code locally, so a kiosk on this device refuses it at once.
import { visitArriveArgs, visitDecisionArgs } from '../../../domain/preregistration-schemas';
import { defineMutation } from './define-mutation';

export const preregistrationMutations = {
  'expectedVisit.approve': defineMutation({
    args: visitDecisionArgs,
    permission: 'dashboard',
    tables: ['expectedVisits', 'qrRevocations'],
    async applyLocal(tx, a) {
      const visit = await tx.get('expectedVisits', a.visitId);
      if (!visit) return;
      await tx.put('expectedVisits', { ...visit, status: 'approved', pending: 1 });
      const revoked = await tx.get('qrRevocations', a.visitId);
      // Approving a rejected visit lifts its revocation; a deletion stays.
      if (revoked && revoked.reason === 'VISIT_REJECTED')
        await tx.put('qrRevocations', { ...revoked, reason: null, lifted: 1 });
    },
  }),
  'expectedVisit.reject': defineMutation({
    args: visitDecisionArgs,
    permission: 'dashboard',
    tables: ['expectedVisits', 'qrRevocations'],
    async applyLocal(tx, a) {
      const visit = await tx.get('expectedVisits', a.visitId);
      if (!visit) return;
      await tx.put('expectedVisits', { ...visit, status: 'rejected', pending: 1 });
      await tx.put('qrRevocations', { id: a.visitId, reason: 'VISIT_REJECTED', pending: 1 });
    },
  }),
  // A QR arrival: the first stands (a second scan is refused on the kiosk). Kiosks now record it
  // inside kiosk.journey; kiosk_device is kept for replay of queued entries from older builds.
  'expectedVisit.arrive': defineMutation({
    args: visitArriveArgs,
    permission: ['dashboard', 'kiosk_device'],
    tables: ['expectedVisits'],
    async applyLocal(tx, a) {
      const visit = await tx.get('expectedVisits', a.visitId);
      if (!visit || visit.arrivedAt != null) return;
      await tx.put('expectedVisits', { ...visit, arrivedAt: a.at, pending: 1 });
    },
  }),
};
