// The duplication control board: likely duplicates, grouped, and merging a group's
// people into the one the admin keeps. Ownership first (404), then permission, then the payload.
import {
  MAX_DUPLICATE_GROUPS,
  MAX_GROUP_SIZE,
  duplicatesQuery,
  groupPairs,
  mergeInput,
  mergePlan,
  mergedFields,
  type MergeCandidate,
} from '../../domain/duplicates';
import type { Db } from '../db/database';
import { ApiError, invalid, notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { parseOrThrow } from '../http/validate';
import { roleGuard } from '../people/role-guard';
import { lockFeed, writeChanges } from '../sync/changes';
import { boardPeople, candidatePairs, peopleToMerge, type PersonToMerge } from './duplicates.repo';
import { mergePeople } from './merge-people';

const BOARD = 'show_duplication_control_board_list';

const candidateOf = (p: PersonToMerge): MergeCandidate => ({
  id: p.id,
  fullName: p.fullName,
  email: p.email,
  phone: p.phone,
  countryCode: p.countryCode,
  userTypeId: p.userTypeId,
  image: p.image,
  labels: p.labels,
});

export function duplicatesService(db: Db, now: () => number, onChanged: (entityId: string) => void) {
  return {
    async find(ctx: RequestContext, entityId: string, query: unknown) {
      if (entityId !== ctx.entityId) throw notFound();
      assertAllowed(ctx, BOARD);
      const { filterBy } = parseOrThrow(duplicatesQuery, query);
      const groups = groupPairs(await candidatePairs(db, ctx.entityId, filterBy))
        .slice(0, MAX_DUPLICATE_GROUPS)
        .map((g) => ({ ...g, ids: g.ids.slice(0, MAX_GROUP_SIZE) }));
      const people = new Map(
        (await boardPeople(db, ctx.entityId, [...new Set(groups.flatMap((g) => g.ids))])).map((p) => [p.id, p]),
      );
      return {
        data: groups
          .map((g) => ({ reasons: g.reasons, users: g.ids.flatMap((id) => people.get(id) ?? []) }))
          .filter((g) => g.users.length > 1),
      };
    },

    async merge(ctx: RequestContext, body: unknown) {
      // No ids in the path: the permission comes first, so a caller without it learns nothing.
      assertAllowed(ctx, BOARD);
      assertAllowed(ctx, 'users');
      const input = parseOrThrow(mergeInput, body);
      const plan = mergePlan(input);
      if (plan === 'select_user') throw new ApiError(400, 'select_user');
      if (plan === 'not_in_merge') throw invalid({ fields: ['validation.required'] });
      // The feed lock first, as withFeed takes it; the merge writes the moved sign-in events'
      // feed rows itself (in SQL, thousands of them) after `last`, the rest follow them.
      const kept = await db.transaction(async (tx) => {
        const last = await lockFeed(tx, ctx.entityId);
        const found = await peopleToMerge(tx, ctx.entityId, [plan.keepId, ...plan.removeIds]);
        const keep = found.find((p) => p.id === plan.keepId);
        if (!keep || found.length !== plan.removeIds.length + 1) throw notFound();
        const guard = roleGuard(tx);
        await guard.change(ctx, [plan.keepId]);
        await guard.removal(ctx, plan.removeIds);
        const removed = found.filter((p) => p.id !== plan.keepId);
        const fields = input.fields ?? {};
        const { image: _image, ...values } = mergedFields(candidateOf(keep), removed.map(candidateOf), fields);
        const { kept, changes, fed } = await mergePeople(
          tx,
          {
            entityId: ctx.entityId,
            keepId: plan.keepId,
            removeIds: plan.removeIds,
            fields: values,
            imageFrom: fields.image ?? plan.keepId,
            by: ctx.userId,
            now: now(),
          },
          last,
        );
        await writeChanges(tx, ctx.entityId, last + fed, changes);
        return kept;
      });
      onChanged(ctx.entityId);
      return { id: kept.id, fullName: kept.fullName, email: kept.email, phone: kept.phone, version: kept.version };
    },
  };
}
export type DuplicatesService = ReturnType<typeof duplicatesService>;
