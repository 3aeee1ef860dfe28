// Arguments of the emergency mutations (start, mark, end) and the REST queries, checked on the
// device when a warden taps and again on the server.
import * as v from 'valibot';
import { epochMs } from './bounds';
import { MARKABLE_STATUSES, ROLL_CALL_STATUSES } from './emergency';

const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.uuid'));

export const SESSION_NAME_MAX = 50;

export const startSessionArgs = v.object({
  sessionId: uuid,
  name: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(2, 'validation.too_short'),
    v.maxLength(SESSION_NAME_MAX, 'validation.too_long'),
  ),
  siteIds: v.pipe(v.array(uuid), v.minLength(1, 'validation.required'), v.maxLength(200)),
  at: epochMs,
});
export type StartSessionArgs = v.InferOutput<typeof startSessionArgs>;

export const markArgs = v.object({
  markId: uuid,
  /** Any member of the session's group: the one this device knows. */
  sessionId: uuid,
  personId: uuid,
  status: v.picklist(MARKABLE_STATUSES, 'validation.required'),
  at: epochMs,
  /** Set when a person settles a conflict with this mark. */
  settles: v.optional(v.boolean()),
});
export type MarkArgs = v.InferOutput<typeof markArgs>;

export const endSessionArgs = v.object({
  sessionId: uuid,
  at: epochMs,
});
export type EndSessionArgs = v.InferOutput<typeof endSessionArgs>;

const idList = v.pipe(
  v.optional(v.union([v.string(), v.array(v.string())])),
  v.transform((x) => (x === undefined ? [] : (Array.isArray(x) ? x : x.split(',')).filter(Boolean))),
  v.array(uuid),
);

/** GET /api/emergency/sessions/:sessionId (and its summary and export): the sites and areas filters. */
export const sessionQuery = v.object({
  siteIds: idList,
  areaIds: idList,
  status: v.optional(v.picklist(ROLL_CALL_STATUSES)),
});

const positiveInt = (max: number) =>
  v.optional(v.pipe(v.unknown(), v.transform(Number), v.number(), v.integer(), v.minValue(1), v.maxValue(max)));

export const sessionListQuery = v.object({
  page: positiveInt(100_000),
  limit: positiveInt(100),
  state: v.optional(v.picklist(['active', 'ended'])),
});

export const onSiteQuery = v.object({
  siteId: v.optional(uuid),
  areaId: v.optional(uuid),
  userTypeId: v.optional(uuid),
  search: v.optional(v.pipe(v.string(), v.maxLength(100))),
});
