// The server's apply for every mutation in sync/mutations.ts (the `satisfies` below fails the
// typecheck when a mutation has no server apply). Each runs inside the push transaction, in a
// savepoint of its own, and throws ApiError to reject.
import { and, eq, sql } from 'drizzle-orm';
import type { ArgsOf, MutationName } from '../../sync/mutations';
import { users } from '../db/schema/people';
import { visitEvents } from '../db/schema/sync';
import { ApiError, notFound } from '../http/api-error';
import type { RequestContext } from '../http/context';
import type { ChangeInput, Tx } from './changes';
import { eventChange, personChange } from './projections';

export interface ApplyContext {
  tx: Tx;
  ctx: RequestContext;
  deviceId: string;
  mutationId: string;
  clockOffsetMs: number;
  receivedAt: Date;
  change(c: ChangeInput): void;
}

interface ServerMutation<N extends MutationName> {
  /** The permission the caller's role needs (allowed 1). */
  permission: string;
  apply(a: ApplyContext, args: ArgsOf<N>): Promise<void>;
}

async function recordEvent(a: ApplyContext, kind: 'in' | 'out', args: ArgsOf<'visit.signIn'> | ArgsOf<'visit.signOut'>) {
  const row = {
    entityId: a.ctx.entityId, id: args.eventId, personId: args.personId, kind, areaId: args.areaId ?? null,
    journeyFlowId: 'journeyFlowId' in args ? args.journeyFlowId ?? null : null,
    userTypeId: 'userTypeId' in args ? args.userTypeId ?? null : null,
    at: args.at + a.clockOffsetMs, deviceId: a.deviceId, mutationId: a.mutationId, recordedBy: a.ctx.userId, receivedAt: a.receivedAt,
    details: args.details ?? null,
  };
  // The same event id sent under another mutation id is the same event: a no-op, not a second visit.
  const inserted = await a.tx.insert(visitEvents).values(row).onConflictDoNothing().returning({ id: visitEvents.id });
  if (inserted.length) a.change(eventChange(row));
}

export const serverMutations = {
  'visit.signIn': { permission: 'dashboard', apply: (a, args) => recordEvent(a, 'in', args) },
  'visit.signOut': { permission: 'dashboard', apply: (a, args) => recordEvent(a, 'out', args) },
  'person.updateDetails': {
    permission: 'users',
    async apply(a, args) {
      const where = and(eq(users.entityId, a.ctx.entityId), eq(users.id, args.personId));
      const [current] = await a.tx.select({ version: users.version }).from(users).where(where).for('update');
      if (!current) throw notFound();
      // An edit based on an older version loses: the server keeps its value and says so.
      if (current.version !== args.baseVersion) throw new ApiError(409, 'version_conflict');
      const patch = Object.fromEntries(Object.entries({
        fullName: args.patch.fullName, phone: args.patch.phone, email: args.patch.email?.toLowerCase(),
      }).filter(([, value]) => value !== undefined));
      const [updated] = await a.tx.update(users)
        .set({ ...patch, version: sql`${users.version} + 1`, updatedAt: a.receivedAt })
        .where(where).returning();
      if (updated) a.change(personChange(updated));
    },
  },
} satisfies { [N in MutationName]: ServerMutation<N> };
