// A @fastify/rate-limit store on the database: one upsert per limited request counts the hit
// and starts a new window when the last one ended, so several instances share every limit.
import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database';

type Incr = FastifyRateLimitStore['incr'];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { method?: string; url?: string } };

/** Sweep expired windows once in this many hits (they hold client addresses). */
const SWEEP_EVERY = 500;

export function sharedRateLimitStore(db: Db, now: () => number): FastifyRateLimitStoreCtor {
  let sinceSweep = 0;
  async function hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const t = now();
    // Both drivers answer `{ rows }` from execute(); the shared PgDatabase type cannot say so.
    const result = (await db.execute(sql`
        insert into rate_limit_hits (key, hits, reset_at) values (${key}, 1, ${t + windowMs})
        on conflict (key) do update set
          hits = case when rate_limit_hits.reset_at <= ${t} then 1 else rate_limit_hits.hits + 1 end,
          reset_at = case when rate_limit_hits.reset_at <= ${t} then ${t + windowMs} else rate_limit_hits.reset_at end
        returning hits, reset_at`)) as unknown as { rows: Array<{ hits: number; reset_at: string | number }> };
    const row = result.rows[0];
    if (++sinceSweep >= SWEEP_EVERY) {
      sinceSweep = 0;
      await db.execute(sql`delete from rate_limit_hits where reset_at <= ${t}`);
    }
    return { current: Number(row!.hits), ttl: Math.max(0, Number(row!.reset_at) - t) };
  }

  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}
    incr: Incr = (key, callback, timeWindow) => {
      hit(this.prefix + key, Number(timeWindow ?? 60_000)).then(
        (state) => callback(null, state),
        (error: unknown) => callback(error as Error, { current: 0, ttl: 0 }),
      );
    };
    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      const route = routeOptions.routeInfo;
      // Routes of one `groupId` share their counts.
      const group = (routeOptions as { groupId?: string }).groupId;
      if (group) return new SharedStore(undefined, `group ${group}|`);
      return new SharedStore(undefined, `${route?.method ?? ''} ${route?.url ?? routeOptions.path}|`);
    }
  }
  return SharedStore;
}
