// Announcements (spec 1 §3, §4, §5): the payload an admin writes, its rules, and the state
// (scheduled → active → expired) computed from time alone, so the list filter, the kiosk and
// the server always agree. Messages are i18n keys under "announcements.validation".
import * as v from 'valibot';
import { localizedTextSchema } from './localized-text';
import type { FieldErrors } from './validation';

export const ANNOUNCEMENT_STATES = ['scheduled', 'active', 'expired'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];
export const ANNOUNCEMENT_LIMITS = { description: 500, url: 500 } as const;
/** A publish time the form set to "now" arrives a moment later: up to a minute back is "now". */
export const PUBLISH_TOLERANCE_MS = 60_000;

export interface AnnouncementTimes {
  publishAt: number;
  expiresAt: number | null;
}

export function announcementState(a: AnnouncementTimes, now: number): AnnouncementState {
  if (now < a.publishAt) return 'scheduled';
  if (a.expiresAt !== null && now >= a.expiresAt) return 'expired';
  return 'active';
}

/** Whether a kiosk shows it now to a person of one of `userTypeIds` (no targets: everyone). */
export function shownTo(
  a: AnnouncementTimes & { targetUserTypes: readonly string[] },
  now: number,
  userTypeIds: readonly string[],
): boolean {
  if (announcementState(a, now) !== 'active') return false;
  return a.targetUserTypes.length === 0 || a.targetUserTypes.some((t) => userTypeIds.includes(t));
}

/** Urgent first, then pinned, then the newest publish time. */
export function byPriority<T extends AnnouncementTimes & { urgent: boolean; pinned: boolean }>(a: T, b: T): number {
  return Number(b.urgent) - Number(a.urgent) || Number(b.pinned) - Number(a.pinned) || b.publishAt - a.publishAt;
}

const flag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.literal(0), v.literal(1)], 'announcements.validation.flag'),
    v.transform((x) => x === true || x === 1),
  ),
  false,
);
const epoch = v.pipe(
  v.number('announcements.validation.time'),
  v.integer('announcements.validation.time'),
  v.minValue(0, 'announcements.validation.time'),
);

export const announcementInput = v.object({
  /** The text in each content language the admin wrote (a plain string is the default one's). */
  description: localizedTextSchema(ANNOUNCEMENT_LIMITS.description, 1, {
    required: 'announcements.validation.description',
    tooLong: 'announcements.validation.description_long',
  }),
  url: v.optional(
    v.nullable(
      v.pipe(
        v.string('announcements.validation.url'),
        v.trim(),
        v.maxLength(ANNOUNCEMENT_LIMITS.url, 'announcements.validation.url'),
        v.check((s) => s === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(s), 'announcements.validation.url'),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
    null,
  ),
  urgent: flag,
  pinned: flag,
  verbal: flag,
  target_user_types: v.pipe(
    v.array(v.pipe(v.string('validation.uuid'), v.uuid('validation.uuid')), 'announcements.validation.targets'),
    v.minLength(1, 'announcements.validation.targets'),
    v.maxLength(100, 'announcements.validation.targets'),
  ),
  publish_time: epoch,
  expiry_time: v.optional(v.nullable(epoch), null),
  /** The version the editor started from (updates only): a mismatch is a conflict, not an overwrite. */
  version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type AnnouncementInput = v.InferOutput<typeof announcementInput>;

/**
 * Time rules: publish and expiry not in the past, expiry after publish. An edit may keep the
 * publish time it already had (an active announcement's is in the past by design).
 */
export function announcementTimeProblems(
  input: Pick<AnnouncementInput, 'publish_time' | 'expiry_time'>,
  now: number,
  previous?: AnnouncementTimes,
): FieldErrors | null {
  const out: FieldErrors = {};
  const keptPublish = previous !== undefined && previous.publishAt === input.publish_time;
  if (!keptPublish && input.publish_time < now - PUBLISH_TOLERANCE_MS)
    out.publish_time = ['announcements.validation.publish_past'];
  if (input.expiry_time !== null) {
    if (input.expiry_time <= now) out.expiry_time = ['announcements.validation.expiry_past'];
    else if (input.expiry_time <= input.publish_time) out.expiry_time = ['announcements.validation.expiry_order'];
  }
  return Object.keys(out).length ? out : null;
}
