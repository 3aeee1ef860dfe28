// A movable server clock for end-to-end tests only (e.g. "advance past midnight, see the auto
// sign-out"). Off unless GATEHOUSE_TEST_CLOCK=1, and refused outright in production, so a
// deployed server can never be told what time it is.
import type { FastifyInstance } from 'fastify';

export interface ClockControl {
  now: () => number;
  /** Registers POST /api/test/clock (body { advanceMs }) when the control is on. */
  register(app: FastifyInstance, afterMove: () => Promise<unknown>): void;
}

export function clockControl(env: Record<string, string | undefined>, production: boolean): ClockControl {
  const on = env.GATEHOUSE_TEST_CLOCK === '1';
  if (on && production) throw new Error('GATEHOUSE_TEST_CLOCK is refused when NODE_ENV=production');
  let offset = on ? Number(env.TEST_CLOCK_OFFSET_MS || 0) : 0;
  return {
    now: () => Date.now() + offset,
    register(app, afterMove) {
      if (!on) return;
      app.post('/api/test/clock', { config: { public: true } }, async (request) => {
        const advanceMs = Number((request.body as { advanceMs?: unknown } | undefined)?.advanceMs ?? 0);
        if (Number.isFinite(advanceMs) && advanceMs > 0) offset += advanceMs;
        // Scheduled jobs see the new time at once instead of at their next tick.
        await afterMove();
        return { now: Date.now() + offset };
      });
    },
  };
}
