// A device that was offline during a merge still holds mutations naming the removed person. The
// push replays them later: this wraps every server apply so that a personId merged away is read
// as the kept person's id (merged_people), and the sign-in lands on the kept person.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { mergedPeople } from '../db/schema/duplicates';
import type { Executor } from '../sync/changes';
import type { ServerMutation, ServerMutations } from '../sync/handlers';

type Args = { personId?: unknown };
type Ctx = { entityId: string };

// Whether the company has ever merged anyone, asked once per push (its request context): a
// company that never merged pays one primary-key probe per push, not a lookup per mutation.
const anyMerges = new WeakMap<Ctx, Promise<boolean>>();
function hasMerges(x: Executor, ctx: Ctx): Promise<boolean> {
  let known = anyMerges.get(ctx);
  if (!known) {
    known = x
      .select({ one: sql`1` })
      .from(mergedPeople)
      .where(eq(mergedPeople.entityId, ctx.entityId))
      .limit(1)
      .then((rows) => rows.length > 0);
    // A failed probe (its savepoint rolled back) is asked again by the next mutation.
    known.catch(() => anyMerges.delete(ctx));
    anyMerges.set(ctx, known);
  }
  return known;
}

async function redirects(x: Executor, ctx: Ctx, argsList: readonly Args[]): Promise<Map<string, string>> {
  const ids = [...new Set(argsList.flatMap((a) => (typeof a.personId === 'string' ? [a.personId] : [])))];
  if (ids.length === 0 || !(await hasMerges(x, ctx))) return new Map();
  const { entityId } = ctx;
  const rows = await x
    .select({ oldId: mergedPeople.oldId, newId: mergedPeople.newId })
    .from(mergedPeople)
    .where(and(eq(mergedPeople.entityId, entityId), inArray(mergedPeople.oldId, ids)));
  return new Map(rows.map((r) => [r.oldId, r.newId]));
}

const redirected = <A>(args: A, map: Map<string, string>): A => {
  const id = (args as Args).personId;
  return typeof id === 'string' && map.has(id) ? { ...args, personId: map.get(id) } : args;
};

function follow<M extends ServerMutation<never>>(m: M): M {
  const { apply, applyMany } = m as unknown as ServerMutation<never> & {
    apply: (a: Parameters<M['apply']>[0], args: Args) => Promise<void>;
  };
  return {
    ...m,
    async apply(a: Parameters<M['apply']>[0], args: Args) {
      return apply(a, redirected(args, await redirects(a.tx, a.ctx, [args])) as never);
    },
    ...(applyMany && {
      async applyMany(a: Parameters<NonNullable<M['applyMany']>>[0], items: Array<{ args: Args }>) {
        const map = await redirects(
          a.tx,
          a.ctx,
          items.map((i) => i.args),
        );
        return applyMany(a, items.map((i) => ({ ...i, args: redirected(i.args, map) })) as never);
      },
    }),
  } as M;
}

/** Every mutation's apply, reading a merged-away personId as the kept person's. */
export function followMergedPeople<T extends ServerMutations>(mutations: T): T {
  return Object.fromEntries(
    Object.entries(mutations).map(([name, m]) => [name, follow(m as ServerMutation<never>)]),
  ) as T;
}
