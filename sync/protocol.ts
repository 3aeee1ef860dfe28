// Wire shapes of the sync contract (DESIGN "The sync contract"), checked on both ends.
import * as v from 'valibot';
import { boundedInt, clockOffsetMs, epochMs, int4, MAX_CLOCK_OFFSET_MS } from '../domain/bounds';

export const MAX_PUSH_BATCH = 1000;
export const DEFAULT_PUSH_BATCH = 250;
export const DEFAULT_PULL_LIMIT = 5000;
export const MAX_PULL_LIMIT = 5000;

const uuid = v.pipe(v.string(), v.uuid('validation.uuid'));
/** A mutation id as the log keys it: lower case only. PostgreSQL's uuid column
 * answers in lower case, so an id in capitals would never be found again and its replay would
 * fail the batch on every retry; devices write ids in lower case, so it is refused, not guessed. */
export const mutationIdSchema = v.pipe(uuid, v.regex(/^[^A-F]*$/, 'validation.uuid'));

/** One mutation as the server stores it: seq fits the log's int4, times are safe epoch ms. */
export const pushedMutation = v.object({
  seq: int4(1),
  mutationId: mutationIdSchema,
  name: v.pipe(v.string(), v.maxLength(64)),
  args: v.unknown(),
  clientTime: epochMs,
  clockOffsetMs,
  // optional so outbox entries recorded before them replay: the server time of
  // the recording page's anchor and the monotonic time elapsed since it, and whether that anchor
  // was of the recording page's own lifetime (false: only the wall clock was there).
  anchorServerTime: v.optional(epochMs),
  sinceAnchorMs: v.optional(boundedInt(0, MAX_CLOCK_OFFSET_MS)),
  clockTrusted: v.optional(v.boolean()),
});
export type PushedMutation = v.InferOutput<typeof pushedMutation>;

export const pushRequest = v.object({
  deviceId: uuid,
  mutations: v.pipe(v.array(pushedMutation), v.maxLength(MAX_PUSH_BATCH)),
});
export type PushRequest = v.InferOutput<typeof pushRequest>;

/** What the server accepts as a batch: each entry only needs a seq the device can match its
 * answer to; every other fault of an entry is that entry's rejection, not the batch's 400.
 * Its output keeps only the seqs: the entries themselves are read one by one by the server. */
export const pushEnvelope = v.object({
  deviceId: uuid,
  mutations: v.pipe(
    v.array(
      v.object({
        seq: v.pipe(
          v.number('validation.required'),
          v.check((n: number) => Number.isFinite(n), 'validation.number'),
        ),
      }),
    ),
    v.maxLength(MAX_PUSH_BATCH),
  ),
});
export interface PushEnvelope {
  deviceId: string;
  mutations: Array<{ seq: number } & Record<string, unknown>>;
}

export type MutationStatus = 'applied' | 'duplicate' | 'rejected';
export interface MutationResult {
  seq: number;
  mutationId: string;
  status: MutationStatus;
  code?: string;
  message?: string;
}
export interface PushResponse {
  results: MutationResult[];
  lastSeq: number;
  serverTime: number;
}

export interface Change {
  table: string;
  id: string;
  op: 'put' | 'del';
  version: number;
  data: Record<string, unknown> | null;
}

export interface Rejection {
  seq: number;
  mutationId: string;
  name: string;
  args: unknown;
  code: string;
  message: string;
}

export interface PullResponse {
  changes: Change[];
  cursor: string;
  hasMore: boolean;
  lastSeq: number;
  rejections: Rejection[];
  serverTime: number;
  /** The cursor was unknown: drop local server data and apply this snapshot from the start. */
  reset?: boolean;
}

export const pullQuery = v.object({
  deviceId: uuid,
  // Room for the feed's epoch the server appends.
  cursor: v.optional(v.pipe(v.string(), v.maxLength(96))),
  limit: v.optional(
    v.pipe(v.unknown(), v.transform(Number), v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PULL_LIMIT)),
  ),
});

/** Cursors are opaque to clients; the server reads its per-entity change sequence from them. */
export const CURSOR_PREFIX = 'c1.';
export function encodeCursor(seq: number): string {
  return CURSOR_PREFIX + seq.toString(36);
}
export function decodeCursor(cursor: string | undefined): number | null {
  if (!cursor) return 0;
  if (!cursor.startsWith(CURSOR_PREFIX)) return null;
  const body = cursor.slice(CURSOR_PREFIX.length);
  if (!/^[0-9a-z]{1,12}$/.test(body)) return null;
  return parseInt(body, 36);
}

/** Offset to add to the device clock to get server time, measured around one round trip. */
export function measureOffset(sentAt: number, receivedAt: number, serverTime: number): number {
  return Math.round(serverTime - (sentAt + receivedAt) / 2);
}
