// The kiosk as an installed reception tablet: its own manifest opens
// the kiosk, the screen is kept awake (and taken again when the page is shown again), no
// context menu or pull-to-refresh, and every step's main action fits 1280×800 and 800×1280
// without scrolling. Screenshots of each step at both sizes (en and ar).
import { v7 as uuidv7 } from 'uuid';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse } from '../../sync/protocol';
import {
  advanceClock,
  answerCompliance,
  checks,
  chooseHost,
  done,
  keepVisitsOpen,
  MONDAY_1030,
  newVisitorDetails,
  registerKiosk,
  result,
  sent,
  startJourney,
  step,
  type Shot,
} from './kiosk/kiosk-steps';
import { CHROMIUM, newContext, screenshot, VIEWPORTS } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { apiLogin, type RunningServer } from './support/server';
import { journeyOrSweep } from './support/screens';

let server: RunningServer;
let browser: Browser;
// Chromium itself: the headless shell refuses the screen wake lock this kiosk holds.
useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  { executablePath: CHROMIUM },
);
beforeAll(() => keepVisitsOpen(server.url));

async function samsCard(): Promise<string> {
  const { token } = await apiLogin(server.url);
  const res = await fetch(`${server.url}/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const pull = (await res.json()) as PullResponse;
  const sam = pull.changes.find(
    (c) => c.table === 'people' && (c.data as { fullName: string }).fullName === 'Sam Staff',
  );
  // A card row's id is its person's id.
  const card = pull.changes.find((c) => c.table === 'personCards' && c.id === sam!.id);
  return (card!.data as { rfid: string }).rfid;
}

/** The page itself never scrolls, and every matching control lies wholly inside the viewport. */
async function fits(page: Page, testId: string): Promise<void> {
  const view = page.viewportSize()!;
  const boxes = await page.getByTestId(testId).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    }),
  );
  expect(boxes.length, testId).toBeGreaterThan(0);
  const step = await page.getByTestId('kiosk').getAttribute('data-step');
  for (const b of boxes) {
    expect({ step, testId, ...b }).toMatchObject({ step, testId });
    expect(b.top, `${step}: ${testId} top`).toBeGreaterThanOrEqual(0);
    expect(b.bottom, `${step}: ${testId} bottom`).toBeLessThanOrEqual(view.height);
    expect(b.left, `${step}: ${testId} start`).toBeGreaterThanOrEqual(0);
    expect(b.right, `${step}: ${testId} end`).toBeLessThanOrEqual(view.width);
  }
  const scrolled = await page.evaluate(() => document.scrollingElement!.scrollHeight - innerHeight);
  expect(scrolled, `${step}: the page scrolls`).toBeLessThanOrEqual(0);
}

async function kiosk(viewport: 'kioskLandscape' | 'kioskPortrait', lang: 'en' | 'ar', minutes: number) {
  const context = await newContext(browser, server.url, viewport, { offline: true });
  await context.clock.setFixedTime(new Date(MONDAY_1030.getTime() + minutes * 60_000));
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  return { context, page };
}

describe('installed kiosk', () => {
  it('links its own manifest that opens the kiosk, keeps the screen awake and blocks the context menu', async () => {
    const { context, page } = await kiosk('kioskLandscape', 'en', 0);
    // The browser's wake lock, watched: every request is counted and its sentinel kept.
    await context.addInitScript(() => {
      const w = window as unknown as { wakeRequests: number; wakeSentinel?: EventTarget };
      w.wakeRequests = 0;
      const lock = navigator.wakeLock;
      if (!lock) return;
      const original = lock.request.bind(lock);
      lock.request = async (type) => {
        w.wakeRequests++;
        const sentinel = await original(type);
        w.wakeSentinel = sentinel;
        return sentinel;
      };
    });
    await registerKiosk(page, 'Installed kiosk', async () => undefined);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/kiosk.webmanifest');
    const manifest = (await (await page.request.get(href!)).json()) as Record<string, string>;
    expect(manifest).toMatchObject({ start_url: '/kiosk-register', id: '/kiosk-register', display: 'fullscreen' });
    // The installed app opens straight into the registered kiosk, not the admin login.
    await page.goto(manifest.start_url!);
    await step(page, 'home');

    await expect.poll(() => page.evaluate(() => (window as unknown as { wakeRequests: number }).wakeRequests)).toBe(1);
    await expect.poll(() => page.locator('html').getAttribute('data-wake-lock')).toBe('held');
    // The browser drops the lock when the tablet's screen is hidden; shown again, the kiosk takes it again.
    await page.evaluate(async () => {
      await (window as unknown as { wakeSentinel: WakeLockSentinel }).wakeSentinel.release();
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as { wakeRequests: number }).wakeRequests)).toBe(2);
    await expect.poll(() => page.locator('html').getAttribute('data-wake-lock')).toBe('held');

    const blocked = await page.evaluate(() => {
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      document.querySelector('[data-testid="kiosk-journey"]')!.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(blocked).toBe(true);
    const overscroll = await page.evaluate(() => [
      getComputedStyle(document.documentElement).overscrollBehaviorY,
      getComputedStyle(document.body).overscrollBehaviorY,
    ]);
    expect(overscroll).toEqual(['none', 'none']);

    // The admin app keeps its own manifest (start_url /).
    await page.goto('/login');
    await expect(page.locator('link[rel="manifest"]').getAttribute('href')).resolves.toBe('/manifest.webmanifest');
    await context.close();
  });

  const sizes = [
    ['kioskLandscape', 'en'],
    ['kioskPortrait', 'en'],
    ['kioskLandscape', 'ar'],
    ['kioskPortrait', 'ar'],
  ] as const;
  sizes.forEach(([viewport, lang], i) => {
    journeyOrSweep(i === 0 || i === 3)(
      `fits every step's main action in ${VIEWPORTS[viewport].width}×${VIEWPORTS[viewport].height} (${lang})`,
      async () => {
        const { context, page } = await kiosk(viewport, lang, 30 + i * 15);
        const suffix = `${viewport === 'kioskLandscape' ? 'landscape' : 'portrait'}-${lang}`;
        const shot: Shot = async (name) => {
          await screenshot(page, `kiosk-fit-${name}-${suffix}`);
          await fits(page, 'kiosk-next');
        };
        await registerKiosk(page, `Fit ${viewport} ${lang}`, async () => undefined);
        await fits(page, 'kiosk-journey');
        await fits(page, 'kiosk-sign-out');
        await screenshot(page, `kiosk-fit-home-${suffix}`);

        await startJourney(page, 'Visitor sign-in');
        await fits(page, 'kiosk-search');
        await fits(page, 'kiosk-new');
        await screenshot(page, `kiosk-fit-identify-${suffix}`);
        const tag = `${i}${lang}`;
        await newVisitorDetails(
          page,
          {
            first: 'Fiona',
            last: `Fit${tag}`,
            email: `fiona.${tag}@example.com`,
            phone: `0770090${i}${lang === 'ar' ? 1 : 2}`,
          },
          shot,
        );
        await answerCompliance(page, 'yes', null, shot);
        await checks(page, '36.4', shot);
        await chooseHost(page, 'Hannah Ho', shot);
        await result(page);
        await fits(page, 'kiosk-done');
        await screenshot(page, `kiosk-fit-result-${suffix}`);
        await done(page);

        await startJourney(page, 'Staff attendance');
        await page.getByTestId('kiosk-rfid').fill(await samsCard());
        await page.getByTestId('kiosk-rfid').press('Enter');
        await step(page, 'reason');
        await fits(page, 'kiosk-next');
        await screenshot(page, `kiosk-fit-reason-${suffix}`);
        await page.getByTestId('kiosk-next').click();
        await result(page);
        await fits(page, 'kiosk-done');
        await done(page);
        // Signed out again, so the next size finds Sam as this one did.
        await advanceClock(page);
        await page.getByTestId('kiosk-sign-out').click();
        await step(page, 'identify');
        await page.getByTestId('kiosk-search').fill('Sam');
        await page.getByTestId('kiosk-match').filter({ hasText: 'Sam Staff' }).click();
        await step(page, 'reason');
        await page.getByTestId('kiosk-reason-option').first().click();
        await fits(page, 'kiosk-next');
        await page.getByTestId('kiosk-next').click();
        await result(page);
        // The next size registers a new kiosk that must find Sam signed out: wait until this
        // kiosk has sent the sign-out (a loaded machine may still hold it when the test ends).
        await sent(page);
        await context.close();
      },
    );
  });
});
