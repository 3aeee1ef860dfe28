// Sign-ins and sign-outs made by a person at the dashboard (quick and mass actions), and
// edits of a person's details.
import { signInArgs, signOutArgs, updateDetailsArgs } from '../../../domain/schemas/visits';
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
