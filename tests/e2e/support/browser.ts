// Debian's Chromium, headless, with the flags this machine needs, through playwright-core.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** Chromium itself, the browser people run: what the benchmarks measure. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** What the tests drive: Debian's headless shell (package chromium-headless-shell) when it is
 * installed, else Chromium itself. The same Blink and V8 without the browser's UI: about a quarter
 * less CPU for the same file (people.test.ts: 26 s of Chromium CPU instead of 35 s, measured). */
export const TEST_CHROMIUM =
  process.env.CHROMIUM_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM);
export const SCREENSHOTS = join(process.cwd(), 'tests/e2e/screenshots');
/** Pictures are taken by `npm run screenshots` (GATEHOUSE_SCREENS=1) only. */
export const SCREENS = process.env.GATEHOUSE_SCREENS === '1';

export const VIEWPORTS = {
  desktop: { width: 1366, height: 800 },
  tablet: { width: 1024, height: 768 },
  phone: { width: 390, height: 844 },
  kioskLandscape: { width: 1280, height: 800 },
  kioskPortrait: { width: 800, height: 1280 },
} as const;

/** The flags every Chromium here runs with (tests and benchmarks); playwright gives every launch a
 * fresh, empty user data dir of its own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch(extraArgs: string[] = [], executablePath = TEST_CHROMIUM): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** A new context at this viewport. The service worker is blocked unless the test goes offline
 * (`{ offline: true }`): each one precaches the whole app (232 files), about 2.5 s of CPU a context,
 * which a page that stays online never uses. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: keyof typeof VIEWPORTS = 'desktop',
  { offline = false }: { offline?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: VIEWPORTS[viewport], serviceWorkers: offline ? 'allow' : 'block' });
}

/** Waits until the service worker has precached the app and controls the page, so that screens
 * and workers not yet loaded still load after the context goes offline. Polled on a timer, not on
 * animation frames (which a loaded machine may hold back). Should the worker be active without
 * controlling the page, the page is loaded again, as a person would; a timeout says what the
 * registration held (a CI run once waited 90 s here with nothing else in the log). */
export async function untilOfflineReady(page: Page): Promise<void> {
  const controlled = (timeout: number) =>
    page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout, polling: 250 })
      .then(() => true)
      .catch(() => false);
  const registration = () =>
    page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return r ? { installing: r.installing?.state, waiting: r.waiting?.state, active: r.active?.state } : null;
    });
  if (await controlled(60_000)) return;
  const held = await registration();
  if (held?.active === 'activated') {
    await page.reload();
    if (await controlled(30_000)) return;
  } else if (await controlled(60_000)) return;
  throw new Error(
    `the service worker never controlled ${page.url()}; first ${JSON.stringify(held)}, now ${JSON.stringify(await registration())}`,
  );
}

/** Waits until `check`, run in the page, answers true. Playwright's waitForFunction takes a
 * promise for a truthy answer and returns at once, so a check that reads IndexedDB (always
 * asynchronous) is asked again here until it holds; at `timeout` it throws with `what`. */
export async function untilInPage<A>(
  page: Page,
  what: string,
  check: (arg: A) => Promise<boolean>,
  arg: A,
  { timeout = 60_000, every = 250 }: { timeout?: number; every?: number } = {},
): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate(check as (arg: unknown) => Promise<boolean>, arg as unknown)) return;
    if (Date.now() > until) throw new Error(`waited ${timeout} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/** Waits (at most `timeout`) until no animation or transition runs on the page; a page that never
 * settles is taken as it is. */
export async function untilSettled(page: Page, timeout: number): Promise<void> {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout })
    .catch(() => undefined);
}

/** A picture for a person to look at. Taken by `npm run screenshots` (GATEHOUSE_SCREENS=1), which
 * runs the journeys as well as the sweeps; `npm test` asserts behaviour and takes none (272 of
 * them cost it about a minute, and one that a loaded machine could not capture failed a walk). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  // The layout's page loader hides after 500 ms; a picture of the overlay shows nothing.
  await page
    .waitForFunction(() => !document.querySelector('.mantine-LoadingOverlay-root'), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  // A page resized a moment ago (a tablet turned into a phone) is still sliding its side menu.
  await untilSettled(page, 2_000);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** The printed page as a PDF beside the screenshots, for a person to open (`npm run screenshots`). */
export async function printToPdf(page: Page, name: string): Promise<void> {
  if (!SCREENS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.pdf({ path: join(SCREENSHOTS, `${name}.pdf`), format: 'A4', preferCSSPageSize: true });
}

export async function login(page: Page, email: string, password = 'gatehouse-demo'): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}

/** A new context at this viewport in this language (unless the page chose another), logged in. */
export async function loggedInPage(
  browser: Browser,
  baseURL: string,
  viewport: keyof typeof VIEWPORTS,
  lang: 'en' | 'ar' | 'es',
  email = 'admin@acme.test',
): Promise<Page> {
  const context = await newContext(browser, baseURL, viewport);
  await context.addInitScript((l) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', l);
  }, lang);
  const page = await context.newPage();
  await login(page, email);
  return page;
}

/** Opens a menu and clicks one of its items. The layout can re-render and close a menu that has
 * just opened (a known issue, noted for the next session), so a person would simply open it again. */
export async function chooseFromMenu(page: Page, trigger: Locator, item: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await trigger.click();
    try {
      await item.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
}
