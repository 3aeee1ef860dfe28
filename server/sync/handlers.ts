// The server's apply for every mutation in sync/mutations.ts (the `satisfies` below fails the
// typecheck when a mutation has no server apply). Each runs inside the push transaction, in a
// savepoint of its own, and throws ApiError to reject.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ArgsOf, MutationName } from '../../sync/mutations';
import { users } from '../db/schema/people';
import { areas } from '../db/schema/places';
import { visitEvents } from '../db/schema/sync';
import { ApiError, forbidden, notFound } from '../http/api-error';
import type { RequestContext } from '../http/context';
import type { ChangeInput, Tx } from './changes';
import type { Notice } from '../realtime';
import { eventChange, personChange } from './projections';
import { kioskServerMutations } from '../kiosk/kiosk.mutations';
import { preregistrationServerMutations } from '../preregistration/expected-visits.mutations';
import { emergencyServerMutations } from '../emergency/emergency.mutations';
import { pairVisits } from '../dashboard/visit-pairing';
import { isMass, massScopeCodes } from '../dashboard/mass-scope';

export interface ApplyContext {
  tx: Tx;
  ctx: RequestContext;
  deviceId: string;
  mutationId: string;
  clockOffsetMs: number;
  receivedAt: Date;
  change(c: ChangeInput): void;
  /** A real-time event for the entity room, sent after the push commits (dropped if this mutation is rejected). */
  notify(notice: Notice): void;
}

export interface BatchItem<N extends MutationName> { name: N; args: ArgsOf<N>; mutationId: string; clockOffsetMs: number }

export interface ServerMutation<N extends MutationName> {
  /** The permission the caller's role needs (allowed 1). */
  permission: string;
  apply(a: ApplyContext, args: ArgsOf<N>): Promise<void>;
  /** Optional bulk apply for a run of these mutations: one rejection code (or null) per item.
   * Mutations sharing a batchKey are grouped together when they come one after another. */
  applyMany?(a: Omit<ApplyContext, 'mutationId' | 'clockOffsetMs' | 'notify'>, items: Array<BatchItem<N>>): Promise<Array<string | null>>;
  batchKey?: string;
}

async function recordEvent(a: ApplyContext, kind: 'in' | 'out', args: ArgsOf<'visit.signIn'> | ArgsOf<'visit.signOut'>) {
  const row = {
    entityId: a.ctx.entityId, id: args.eventId, personId: args.personId, kind, areaId: args.areaId ?? null,
    journeyFlowId: 'journeyFlowId' in args ? args.journeyFlowId ?? null : null,
    userTypeId: 'userTypeId' in args ? args.userTypeId ?? null : null,
    at: args.at + a.clockOffsetMs, deviceId: a.deviceId, mutationId: a.mutationId, recordedBy: a.ctx.userId, receivedAt: a.receivedAt,
    details: args.details ?? null,
  };
  if (isMass(args.details)) {
    // A mass action acts only on people and areas in the admin's scope (server/dashboard/mass-scope.ts).
    const [person] = await a.tx.select({ userTypeId: users.userTypeId }).from(users).where(and(eq(users.entityId, row.entityId), eq(users.id, args.personId)));
    const [code] = await massScopeCodes(a.tx, row.entityId, a.ctx.userId, [args], () => person?.userTypeId);
    if (code) throw forbidden();
  }
  // The same event id sent under another mutation id is the same event: a no-op, not a second visit.
  const inserted = await a.tx.insert(visitEvents).values(row).onConflictDoNothing().returning({ id: visitEvents.id });
  if (inserted.length) {
    a.change(eventChange(row));
    await pairVisits(a.tx, row.entityId, [row.id]);
  }
}

/** Many sign-ins and sign-outs at once: two lookups and one insert instead of a round trip each. */
async function recordEvents(
  a: Omit<ApplyContext, 'mutationId' | 'clockOffsetMs' | 'notify'>,
  items: Array<BatchItem<'visit.signIn'> | BatchItem<'visit.signOut'>>,
): Promise<Array<string | null>> {
  const entityId = a.ctx.entityId;
  const personIds = [...new Set(items.map((i) => i.args.personId))];
  const areaIds = [...new Set(items.flatMap((i) => (i.args.areaId ? [i.args.areaId] : [])))];
  const typeOf = new Map((await a.tx.select({ id: users.id, userTypeId: users.userTypeId }).from(users)
    .where(and(eq(users.entityId, entityId), inArray(users.id, personIds)))).map((r) => [r.id, r.userTypeId]));
  const people = new Set(typeOf.keys());
  const places = new Set(areaIds.length ? (await a.tx.select({ id: areas.id }).from(areas)
    .where(and(eq(areas.entityId, entityId), inArray(areas.id, areaIds)))).map((r) => r.id) : []);
  const scoped = await massScopeCodes(a.tx, entityId, a.ctx.userId, items.map((i) => i.args), (id) => typeOf.get(id));
  const codes = items.map((i, n) => (people.has(i.args.personId) && (!i.args.areaId || places.has(i.args.areaId)) ? scoped[n]! : 'not_found'));
  const rows = items.flatMap((i, n) => (codes[n] ? [] : [{
    entityId, id: i.args.eventId, personId: i.args.personId, kind: i.name === 'visit.signIn' ? 'in' as const : 'out' as const,
    areaId: i.args.areaId ?? null,
    journeyFlowId: 'journeyFlowId' in i.args ? i.args.journeyFlowId ?? null : null,
    userTypeId: 'userTypeId' in i.args ? i.args.userTypeId ?? null : null,
    at: i.args.at + i.clockOffsetMs, deviceId: a.deviceId, mutationId: i.mutationId, recordedBy: a.ctx.userId,
    receivedAt: a.receivedAt, details: i.args.details ?? null,
  }]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pairIds: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await a.tx.insert(visitEvents).values(rows.slice(i, i + 500)).onConflictDoNothing().returning({ id: visitEvents.id });
    for (const { id } of inserted) {
      a.change(eventChange(byId.get(id)!));
      pairIds.push(id);
    }
  }
  await pairVisits(a.tx, entityId, pairIds);
  return codes;
}

export const serverMutations = {
  'visit.signIn': { permission: 'dashboard', apply: (a, args) => recordEvent(a, 'in', args), applyMany: recordEvents, batchKey: 'visitEvents' },
  'visit.signOut': { permission: 'dashboard', apply: (a, args) => recordEvent(a, 'out', args), applyMany: recordEvents, batchKey: 'visitEvents' },
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
  ...kioskServerMutations,
  ...preregistrationServerMutations,
  ...emergencyServerMutations,
} satisfies { [N in MutationName]: ServerMutation<N> };
