// The feed's epoch in pull cursors. After a restore the feed's sequence
// numbers are reused, so a cursor that names only a sequence can point into history the
// database no longer has (a device missed new sign-ins and kept events the server lost). Every
// cursor now ends in `!<epoch>`; a cursor naming another epoch is answered from the start with
// `reset: true`: the device drops what it pulled, keeps its unsent outbox and replays it. A
// cursor without an epoch (from before) works as it did; a sequence past the feed's last still
// resets (a restore by other means than `npm run restore`).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { feedEpoch } from '../db/schema/feed-epoch';

const SEP = '!';
const EPOCH = /^[0-9a-z]{8,16}$/;

/** A new epoch: 10 base-36 characters of randomness. */
export const newEpoch = (): string =>
  (BigInt(`0x${randomBytes(8).toString('hex')}`) % 36n ** 10n).toString(36).padStart(10, '0');

/** The database's epoch, made on first use (the first start after the migration). */
export async function readEpoch(db: Executor): Promise<string> {
  await db.insert(feedEpoch).values({ id: 1, epoch: newEpoch() }).onConflictDoNothing();
  const [row] = await db
    .select({ epoch: feedEpoch.epoch })
    .from(feedEpoch)
    .where(sql`${feedEpoch.id} = 1`);
  return row!.epoch;
}

/** The statement that gives a restored database a new epoch (scripts/backup.ts). */
export const renewEpochSql = (): string =>
  `insert into feed_epoch (id, epoch, changed_at) values (1, '${newEpoch()}', now())
   on conflict (id) do update set epoch = excluded.epoch, changed_at = excluded.changed_at`;

/** The cursor as the feed reads it, and the epoch it names (null: none, a cursor from before). */
export function splitEpoch(cursor: string | undefined): { cursor: string | undefined; epoch: string | null } {
  const cut = cursor ? cursor.lastIndexOf(SEP) : -1;
  if (!cursor || cut < 0) return { cursor, epoch: null };
  const epoch = cursor.slice(cut + 1);
  // A malformed epoch is a cursor this server never gave: it names no epoch of this database.
  return { cursor: cursor.slice(0, cut), epoch: EPOCH.test(epoch) ? epoch : '-' };
}

export const withEpoch = (cursor: string, epoch: string): string => cursor + SEP + epoch;

/** `pull` with epochs: strips the cursor's, resets a device of another epoch, tags the answer. */
export function epochPull<C, Q extends { cursor?: string }, R extends { cursor: string; reset?: boolean }>(
  db: Executor,
  pull: (ctx: C, q: Q) => Promise<R>,
): (ctx: C, q: Q) => Promise<R> {
  let epoch: Promise<string> | null = null;
  const current = () => {
    epoch ??= readEpoch(db).catch((error: unknown) => {
      epoch = null;
      throw error;
    });
    return epoch;
  };
  return async (ctx, q) => {
    const now = await current();
    const named = splitEpoch(q.cursor);
    const stale = named.epoch !== null && named.epoch !== now;
    const answer = await pull(ctx, { ...q, cursor: stale ? undefined : named.cursor });
    return { ...answer, cursor: withEpoch(answer.cursor, now), ...(stale ? { reset: true } : {}) };
  };
}
