// A person's resources (spec 1 §6: users act only on the user types and areas they can access):
// the user types and areas they may act on, null meaning every one. What one may give another
// is within one's own: a person limited to some user types may give some of those, never "all"
// and never another. The server decides with this; the edit window offers only what the server
// lists as the caller's to give (GET /user_resources_within_permissions).
import * as v from 'valibot';

export interface Resources {
  userTypeIds: readonly string[] | null;
  areaIds: readonly string[] | null;
}

const within = (own: readonly string[] | null, wanted: readonly string[] | null) =>
  own === null || (wanted !== null && wanted.every((id) => own.includes(id)));

/** Null when `granter` may give `wanted`; else the catalogue code of the refusal. */
export function refuseGrant(granter: Resources, wanted: Resources): 'resources_outside_own' | null {
  return within(granter.userTypeIds, wanted.userTypeIds) && within(granter.areaIds, wanted.areaIds)
    ? null
    : 'resources_outside_own';
}

const ids = v.nullable(
  v.pipe(
    v.array(v.pipe(v.string('validation.uuid'), v.uuid('validation.uuid'))),
    v.maxLength(500, 'validation.too_long'),
  ),
);

/** PUT /user_resource: the person, and their user types and areas (null: all). */
export const userResourceInput = v.object({
  user_id: v.pipe(v.string('validation.required'), v.uuid('validation.uuid')),
  user_type_ids: ids,
  area_ids: ids,
});
export type UserResourceInput = v.InferOutput<typeof userResourceInput>;

export const userResourcesQuery = v.object({
  user_id: v.optional(v.pipe(v.string(), v.uuid('validation.uuid'))),
});
