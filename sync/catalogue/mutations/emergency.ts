// The emergency roll call's mutations; their server applies live in server/emergency/emergency.mutations.ts.
import { endSessionArgs, markArgs, startSessionArgs } from '../../../domain/emergency-schemas';
import { defineMutation } from './define-mutation';

export const emergencyMutations = {
  'emergency.start': defineMutation({
    args: startSessionArgs,
    permission: 'emergency',
    tables: ['emergencySessions'],
    async applyLocal(tx, a, meta) {
      await tx.put('emergencySessions', {
        id: a.sessionId,
        name: a.name,
        siteIds: a.siteIds,
        startedAt: a.at,
        startedBy: meta.userId,
        endedAt: null,
        endedBy: null,
        pending: 1,
      });
    },
  }),
  'emergency.mark': defineMutation({
    args: markArgs,
    permission: 'emergency',
    // Only the marks table: a mark never waits behind a pull or a read of the 5,000 people.
    tables: ['rollCallMarks'],
    async applyLocal(tx, a, meta) {
      await tx.put('rollCallMarks', {
        id: a.markId,
        sessionId: a.sessionId,
        personId: a.personId,
        status: a.status,
        at: a.at,
        markedBy: meta.userId,
        deviceId: meta.deviceId,
        settles: a.settles ?? false,
        pending: 1,
      });
    },
  }),
  'emergency.end': defineMutation({
    args: endSessionArgs,
    permission: 'emergency',
    tables: ['emergencySessions'],
    async applyLocal(tx, a, meta) {
      const session = await tx.get('emergencySessions', a.sessionId);
      if (!session) return;
      const endedAt = Math.max(Number(session.endedAt ?? 0), a.at);
      // If the server refuses this end, the page shows the values from before it (endMutationId says which end).
      await tx.put('emergencySessions', {
        ...session,
        endedAt,
        endedBy: meta.userId,
        endMutationId: meta.mutationId,
        endedAtBefore: session.endedAt ?? null,
        endedByBefore: session.endedBy ?? null,
      });
    },
  }),
};
