// Server applies of sign-ins and sign-outs recorded at the dashboard (quick and mass actions).
// A run of them is applied in bulk: two lookups and one insert instead of a round trip each.
import { and, eq, sql } from 'drizzle-orm';
import type { ArgsOf } from '../../sync/catalogue';
import { users } from '../db/schema/people';
import { arrayParam } from '../db/array-param';
import { forbidden } from '../http/api-error';
import type { ApplyContext, BatchItem, BulkApplyContext, FeatureMutations } from '../sync/handlers';
import { massScopeCodes } from '../dashboard/mass-scope';
import { recordVisitEvents } from './record-visit-events';

const judge = { source: 'dashboard' as const };

async function recordEvent(
  a: ApplyContext,
  kind: 'in' | 'out',
  args: ArgsOf<'visit.signIn'> | ArgsOf<'visit.signOut'>,
) {
  const row = {
    entityId: a.ctx.entityId,
    id: args.eventId,
    personId: args.personId,
    kind,
    areaId: args.areaId ?? null,
    journeyFlowId: 'journeyFlowId' in args ? (args.journeyFlowId ?? null) : null,
    userTypeId: 'userTypeId' in args ? (args.userTypeId ?? null) : null,
    at: a.time(args.at),
    deviceId: a.deviceId,
    mutationId: a.mutationId,
    recordedBy: a.ctx.userId,
    receivedAt: a.receivedAt,
    clockUntrusted: !a.clockTrusted,
    details: args.details ?? null,
  };
  if (args.personId !== a.ctx.userId) {
    // On behalf of another person: only within the recording user's scope (server/dashboard/mass-scope.ts).
    const [person] = await a.tx
      .select({ userTypeId: users.userTypeId })
      .from(users)
      .where(and(eq(users.entityId, row.entityId), eq(users.id, args.personId)));
    const [code] = await massScopeCodes(a.tx, row.entityId, a.ctx.userId, [args], () => person?.userTypeId);
    if (code) throw forbidden();
  }
  await recordVisitEvents(a.tx, { entityId: row.entityId, change: a.change }, [{ ...row, judge }]);
}
async function recordEvents(
  a: BulkApplyContext,
  items: Array<BatchItem<'visit.signIn'> | BatchItem<'visit.signOut'>>,
): Promise<Array<string | null>> {
  const entityId = a.ctx.entityId;
  const personIds = [...new Set(items.map((i) => i.args.personId))];
  const areaIds = [...new Set(items.flatMap((i) => (i.args.areaId ? [i.args.areaId] : [])))];
  // The people and the areas in one round trip: two lookups by primary key.
  const found = (
    (await a.tx.execute(sql`
      select u.id, u.user_type_id as "userTypeId", false as "isArea" from users u
        where u.entity_id = ${entityId} and u.id = any(${arrayParam(personIds)}::uuid[])
      union all
      select r.id, null, true from areas r
        where r.entity_id = ${entityId} and r.id = any(${arrayParam(areaIds)}::uuid[])`)) as unknown as {
      rows: Array<{ id: string; userTypeId: string | null; isArea: boolean }>;
    }
  ).rows;
  const typeOf = new Map(found.filter((r) => !r.isArea).map((r) => [r.id, r.userTypeId]));
  const people = new Set(typeOf.keys());
  const places = new Set(found.filter((r) => r.isArea).map((r) => r.id));
  const scoped = await massScopeCodes(
    a.tx,
    entityId,
    a.ctx.userId,
    items.map((i) => i.args),
    (id) => typeOf.get(id),
  );
  const codes = items.map((i, n) =>
    people.has(i.args.personId) && (!i.args.areaId || places.has(i.args.areaId)) ? scoped[n]! : 'not_found',
  );
  const rows = items.flatMap((i, n) =>
    codes[n]
      ? []
      : [
          {
            entityId,
            id: i.args.eventId,
            personId: i.args.personId,
            kind: i.name === 'visit.signIn' ? ('in' as const) : ('out' as const),
            areaId: i.args.areaId ?? null,
            journeyFlowId: 'journeyFlowId' in i.args ? (i.args.journeyFlowId ?? null) : null,
            userTypeId: 'userTypeId' in i.args ? (i.args.userTypeId ?? null) : null,
            at: i.time(i.args.at),
            deviceId: a.deviceId,
            mutationId: i.mutationId,
            recordedBy: a.ctx.userId,
            receivedAt: a.receivedAt,
            clockUntrusted: !i.clockTrusted,
            details: i.args.details ?? null,
          },
        ],
  );
  // Up to here, reads before the push's feed lock, of what no push writes: people, areas, the
  // admin's scope, journeys (admin services write them; a device names only rows committed
  // before it pushed). A person merged away meanwhile fails the insert (the person is gone) and
  // the push runs again, reading the merge. The judgement's history and everything written
  // follow the lock (`a.serial()`, `a.serialWith()`), taken inside recordVisitEvents.
  await recordVisitEvents(
    a.tx,
    { entityId, change: a.change, bulk: a },
    rows.map((r) => ({ ...r, judge })),
  );
  return codes;
}

export const visitServerMutations = {
  'visit.signIn': { apply: (a, args) => recordEvent(a, 'in', args), applyMany: recordEvents, batchKey: 'visitEvents' },
  'visit.signOut': {
    apply: (a, args) => recordEvent(a, 'out', args),
    applyMany: recordEvents,
    batchKey: 'visitEvents',
  },
} satisfies FeatureMutations<'visit.signIn' | 'visit.signOut'>;
