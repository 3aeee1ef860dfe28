// A device's network in Chromium, cut and restored, shared by the fault tests and the
// end-to-end tests that work offline.
import type { BrowserContext } from 'playwright-core';

/**
 * A device's network, cut and restored. A route handler sees a request before the offline
 * emulation refuses it, and `route.fetch()` sends it from Node, past the emulation: so while cut
 * the handler refuses every API request itself, and only after `restore` may it let the server
 * apply the first push and drop its answer (`loseAnswerOnce`). Nothing here touches the
 * emulation while a tap is under way.
 */
export async function network(context: BrowserContext, { loseAnswerOnce = false } = {}) {
  const state = { cut: false, lost: 0 };
  await context.route('**/api/**', async (route) => {
    if (state.cut) return route.abort('internetdisconnected');
    if (loseAnswerOnce && state.lost === 0 && route.request().url().includes('/api/sync/push')) {
      state.lost++;
      await route.fetch(); // the server applies the batch…
      return route.abort('internetdisconnected'); // …and its answer never arrives
    }
    return route.continue();
  });
  return {
    lost: () => state.lost,
    async cut(): Promise<void> {
      state.cut = true;
      await context.setOffline(true);
    },
    async restore(): Promise<void> {
      state.cut = false;
      await context.setOffline(false);
    },
  };
}
