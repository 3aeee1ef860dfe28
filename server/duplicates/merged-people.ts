// A device that was offline during a merge still holds mutations naming the removed person. The
// push replays them later: this wraps every server apply so that a personId merged away is read
// as the kept person's id (merged_people), and the sign-in lands on the kept person.
import { and, eq, inArray } from 'drizzle-orm';
import { mergedPeople } from '../db/schema/duplicates';
import type { Executor } from '../sync/changes';
import type { ServerMutation, ServerMutations } from '../sync/handlers';

type Args = { personId?: unknown };

async function redirects(x: Executor, entityId: string, argsList: readonly Args[]): Promise<Map<string, string>> {
  const ids = [...new Set(argsList.flatMap((a) => (typeof a.personId === 'string' ? [a.personId] : [])))];
  if (ids.length === 0) return new Map();
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
      return apply(a, redirected(args, await redirects(a.tx, a.ctx.entityId, [args])) as never);
    },
    ...(applyMany && {
      async applyMany(a: Parameters<NonNullable<M['applyMany']>>[0], items: Array<{ args: Args }>) {
        const map = await redirects(
          a.tx,
          a.ctx.entityId,
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
