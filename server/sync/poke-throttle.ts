// The feed's pokes, at most one per company per interval. Every device of a company
// pulls on a poke, so a poke per push made 50 kiosks pull after every one of 25 pushes a second.
// The first change after a quiet interval pokes at once; changes within the interval are told
// by one poke at its end (trailing edge), so the last change is never left un-poked and a
// device hears of a change at most one interval late.
export const POKE_EVERY_MS = 500;

export interface PokeThrottle {
  /** A change was committed to this company's feed. */
  changed(entityId: string): void;
  /** Sends what is pending now and stops the timers (the app is closing). */
  close(): void;
}

export function pokeThrottle(poke: (entityId: string) => void, everyMs = POKE_EVERY_MS): PokeThrottle {
  /** Companies poked within the interval: whether another change came since, and the timer. */
  const open = new Map<string, { pending: boolean; timer: NodeJS.Timeout }>();

  const send = (entityId: string) => {
    try {
      poke(entityId);
    } catch (error) {
      console.warn('gatehouse realtime: poke failed', error);
    }
  };
  const start = (entityId: string) => {
    const timer = setTimeout(() => {
      const state = open.get(entityId);
      if (!state?.pending) {
        open.delete(entityId);
        return;
      }
      send(entityId);
      start(entityId);
    }, everyMs);
    timer.unref();
    open.set(entityId, { pending: false, timer });
  };

  return {
    changed(entityId) {
      const state = open.get(entityId);
      if (state) {
        state.pending = true;
        return;
      }
      if (everyMs <= 0) return send(entityId);
      send(entityId);
      start(entityId);
    },
    close() {
      for (const [entityId, state] of open) {
        clearTimeout(state.timer);
        if (state.pending) send(entityId);
      }
      open.clear();
    },
  };
}
