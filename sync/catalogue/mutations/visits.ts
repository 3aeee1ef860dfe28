// Sign-ins and sign-outs made by a person at the dashboard (quick and mass actions), and
// edits of a person's details.
import { decideVisit } from '../../../domain/journey';
import { signInArgs, signOutArgs, updateDetailsArgs, visitDecisionArgs } from '../../../domain/schemas/visits';
import { defineMutation } from './define-mutation';

/** The dashboard's; kiosk_device is kept for replay of kiosk sign-ins queued by older builds
 * (a kiosk now records kiosk.journey / kiosk.signOut). */
const signers = ['dashboard', 'kiosk_device'] as const;

export const visitMutations = {
  'visit.signIn': defineMutation({
    args: signInArgs,
    permission: signers,
    tables: ['visitEvents'],
    async applyLocal(tx, a) {
      await tx.put('visitEvents', {
        id: a.eventId,
        personId: a.personId,
        kind: 'in',
        areaId: a.areaId,
        at: a.at,
        journeyFlowId: a.journeyFlowId ?? null,
        userTypeId: a.userTypeId ?? null,
        details: a.details ?? null,
        pending: 1,
      });
    },
  }),
  'visit.signOut': defineMutation({
    args: signOutArgs,
    permission: signers,
    tables: ['visitEvents'],
    async applyLocal(tx, a) {
      await tx.put('visitEvents', {
        id: a.eventId,
        personId: a.personId,
        kind: 'out',
        areaId: a.areaId ?? null,
        at: a.at,
        details: a.details ?? null,
        pending: 1,
      });
    },
  }),
  // Reception approves or refuses a kiosk visit that waits (a certificate to see, an approval):
  // offline too. Approved, the person goes in at the decision's time. The server decides again
  // (server/kiosk/visit-decision.mutations.ts); a visit decided first elsewhere refuses this one.
  'visit.decide': defineMutation({
    args: visitDecisionArgs,
    permission: 'dashboard',
    tables: ['kioskVisits', 'visitEvents', 'people'],
    async applyLocal(tx, a, meta) {
      const visit = await tx.get('kioskVisits', a.visitId);
      if (!visit) return;
      const d = decideVisit(visit.stage, a.decision);
      if (!d.ok) return;
      const details = {
        ...(visit.details as Record<string, unknown> | null),
        stage: d.stage,
        decision: { decision: a.decision, by: meta.userId, at: a.at },
      };
      await tx.put('kioskVisits', { ...visit, stage: d.stage, signedIn: d.signsIn, details, pending: 1 });
      if (!d.signsIn) return;
      const person = await tx.get('people', visit.personId);
      await tx.put('visitEvents', {
        id: a.eventId,
        personId: visit.personId,
        kind: 'in',
        areaId: visit.areaId,
        at: a.at,
        journeyFlowId: visit.journeyFlowId ?? null,
        userTypeId: person?.userTypeId ?? null,
        deviceId: meta.deviceId,
        details,
        pending: 1,
      });
    },
  }),
  'person.updateDetails': defineMutation({
    args: updateDetailsArgs,
    permission: 'users',
    tables: ['people'],
    async applyLocal(tx, a) {
      const person = await tx.get('people', a.personId);
      if (!person) return;
      const patch = Object.fromEntries(Object.entries(a.patch).filter(([, value]) => value !== undefined));
      await tx.put('people', { ...person, ...patch, pendingEdit: 1 });
    },
  }),
};
