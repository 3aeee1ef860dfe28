// Sockets must not outlive what allowed them. The services that archive,
// delete, revoke or re-role users, or deregister a kiosk, are wrapped here in one place: once
// such a write has committed, the sockets of the users (or kiosk) it touched are re-checked on
// every instance, and those whose session ended or whose role changed are disconnected.
// The re-check compares the session itself, so calling it for an edit that changed nothing
// costs one query and drops nothing.
import type { InvitesService } from '../people/invites.service';
import type { PeopleService } from '../people/people.service';
import type { KioskService } from '../kiosk/kiosk.service';
import type { Realtime } from '../realtime';

export type SessionRecheck = Pick<Realtime, 'recheckUsers'>;
type Ctx = { entityId: string };

/** Runs `fn`, then re-checks the users it names; a failed re-check never fails the committed write. */
function after<A extends [Ctx, ...unknown[]], R>(
  realtime: SessionRecheck | undefined,
  fn: (...args: A) => Promise<R>,
  usersOf: (...args: A) => readonly string[],
): (...args: A) => Promise<R> {
  if (!realtime) return fn;
  return async (...args: A) => {
    const result = await fn(...args);
    await realtime
      .recheckUsers(args[0].entityId, usersOf(...args))
      .catch((error: unknown) => console.warn('gatehouse realtime: session re-check failed', error));
    return result;
  };
}

export function sessionChecks(realtime?: SessionRecheck) {
  return {
    people: (s: PeopleService): PeopleService => ({
      ...s,
      update: after(realtime, s.update, (_ctx, id) => [id]),
      remove: after(realtime, s.remove, (_ctx, id) => [id]),
      setActive: after(realtime, s.setActive, (_ctx, ids) => ids),
    }),
    invites: (s: InvitesService): InvitesService => ({
      ...s,
      inviteRevoke: after(realtime, s.inviteRevoke, (_ctx, input) => [input.user_id]),
      massInvite: after(realtime, s.massInvite, (_ctx, input) => input.users.map((u) => u.id)),
      massRevoke: after(realtime, s.massRevoke, (_ctx, ids) => ids),
    }),
    kiosks: (s: KioskService): KioskService => ({
      ...s,
      // A kiosk's sockets carry the kiosk's id as their user id (server/kiosk/kiosk-auth.ts).
      deregister: after(realtime, s.deregister, (_ctx, id) => [id]),
    }),
  };
}
