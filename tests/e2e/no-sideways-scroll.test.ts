// No page scrolls sideways on a 360 px phone. Every route of domain/routes.ts
// (coming-soon ones too) is opened as an admin at 360×740, in English and Arabic.
import { describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { ROUTES } from '../../domain/routes';
import { login, screenshot } from './support/browser';
import { registerKiosk, step } from './kiosk/kiosk-steps';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A concrete address for a route pattern: optional parameters left out, others filled in. */
const concrete = (path: string) => path.replace(/\/:[^/]+\?/g, '').replace(/:[^/]+/g, 'x') || '/';
// /logout ends the session: opened last, after every other page has been measured.
const PATHS = [
  ...ROUTES.filter((r) => r.kind !== 'section' && r.path !== '/logout').map((r) => concrete(r.path)),
  '/logout',
];

/** Requests in flight on the page, so a measure waits for the data that can widen a page
 * (a table's rows) without Playwright's 500 ms network-idle wait per route. A request that
 * stays open (a socket.io long-poll, a server-sent stream) must not hold the walk: see below. */
function trackRequests(page: Page): () => number {
  const open = new Set<Request>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return () => open.size;
}

/** Moves inside the app (the router hears popstate), the way a person follows the menu; only the
 * first page and a page that ended the session load from scratch. */
/** page.evaluate that waits out a full page load: the public pages (login, pre-registration)
 * open from their own light entry, so moving between them and the admin app reloads the page. */
async function settled<T>(page: Page, run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('Execution context was destroyed')) throw error;
      await page.waitForLoadState('load');
    }
  }
}

async function overflowOf(page: Page, path: string, inFlight: () => number, fresh: boolean): Promise<number> {
  if (fresh) await page.goto(path);
  // The page before may still be reloading into (or out of) a light entry: move once it is loaded.
  else
    await settled(page, () =>
      page.evaluate((p) => {
        history.pushState(null, '', p);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path),
    );
  // Quiet for 150 ms: the route's lazy module and its first data have arrived (at most 5 s,
  // so a request that stays open by design does not hold the walk).
  const started = Date.now();
  let quietSince = started;
  while (Date.now() - quietSince < 150 && Date.now() - started < 5_000) {
    if (inFlight() > 0) quietSince = Date.now();
    await page.waitForTimeout(25);
  }
  // The layout's page loader covers the page for its first half second; measure what is under it.
  await page
    .waitForFunction(() => !document.querySelector('.mantine-LoadingOverlay-root'), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  return settled(page, () => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth));
}

describe('no page scrolls sideways at 360 px', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`every route fits 360 px in ${lang === 'en' ? 'English' : 'Arabic'}`, async () => {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 360, height: 740 },
        serviceWorkers: 'block',
      });
      await context.addInitScript((l) => localStorage.setItem('language', l), lang);
      const page = await context.newPage();
      const inFlight = trackRequests(page);
      await login(page, 'admin@acme.test');
      const wide: string[] = [];
      let fresh = true;
      for (const path of PATHS) {
        // A page that ended the session (an SSO or one-time link) is measured, then the admin signs in again.
        const over = await overflowOf(page, path, inFlight, fresh);
        fresh = false;
        if (over > 0) wide.push(`${path} is ${over} px too wide`);
        if (path === '/users') await screenshot(page, `users-360-${lang}`);
        if (path !== '/logout' && !(await settled(page, () => page.evaluate(() => localStorage.getItem('user'))))) {
          await login(page, 'admin@acme.test');
          fresh = true;
        }
      }
      expect(wide).toEqual([]);
      await context.close();
    }, 600_000);
  }
});

// The kiosk: built for 1280×800 and 800×1280, but never sideways on a phone
// either; its language buttons wrap and stay 48 px touch targets, in English and in Arabic.
const KIOSK_SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
  { width: 390, height: 844 },
] as const;

describe('the kiosk never scrolls sideways', () => {
  it('fits 1280×800, 800×1280 and 390×844 in English and Arabic, with 48 px language buttons', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    await context.addInitScript(() => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
    });
    const page = await context.newPage();
    await registerKiosk(page, 'Phone-width kiosk', async () => undefined);
    // Its first sync done, the badge says "Online" rather than "Online · updating".
    await page.locator('[data-testid="kiosk-online"][data-synced="true"]').waitFor({ timeout: 60_000 });
    const problems: string[] = [];
    for (const lang of ['en', 'ar'] as const) {
      // The kiosk's own language button (it saves the choice and reloads).
      if (lang !== 'en') {
        await page.locator(`.gh-kiosk-lang[lang="${lang}"]`).click();
        await page.locator(`html[lang="${lang}"]`).waitFor();
        await step(page, 'home');
      }
      for (const size of KIOSK_SIZES) {
        await page.setViewportSize(size);
        await page.locator('[data-testid="kiosk-journey"]').first().waitFor();
        const at = `${size.width}×${size.height} ${lang}`;
        const over = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
        if (over > 0) problems.push(`${at}: ${over} px too wide`);
        for (const button of await page.locator('.gh-kiosk-lang').all()) {
          const box = (await button.boundingBox())!;
          if (box.width < 48 || box.height < 48)
            problems.push(`${at}: a language button is ${box.width}×${box.height}`);
          if (box.x < 0 || box.x + box.width > size.width) problems.push(`${at}: a language button is off the screen`);
        }
        await screenshot(page, `kiosk-home-${size.width}x${size.height}-${lang}`);
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);
});
