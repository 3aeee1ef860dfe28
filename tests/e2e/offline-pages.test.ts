// Online-only pages opened offline say they need a connection, not "no users
// match" or an empty table; a list loaded before the connection dropped stays, with its age.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { login, newContext, screenshot, untilOfflineReady, VIEWPORTS } from './support/browser';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('online-only pages offline', () => {
  it('/users and /sites say they are offline (not that they need a connection), in English and Arabic', async () => {
    const context = await newContext(browser, server.url, 'phone', { offline: true });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    // The app shell is cached by the service worker, so the pages still open offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    for (const lang of ['en', 'ar'] as const) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      // the users page reads the device's synced people, with their age.
      await page.goto('/users');
      await page.getByTestId('offline-notice').waitFor();
      expect(await page.getByTestId('offline-notice').innerText()).toContain(
        lang === 'en' ? 'You are offline' : 'أنت غير متصل',
      );
      expect(await page.getByTestId('needs-connection').count()).toBe(0);
      for (const [size, viewport] of [
        ['phone', VIEWPORTS.phone],
        ['tablet', VIEWPORTS.tablet],
        ['desktop', VIEWPORTS.desktop],
      ] as const) {
        await page.setViewportSize(viewport);
        await screenshot(page, `users-offline-${size}-${lang}`);
      }
      await page.setViewportSize(VIEWPORTS.phone);

      // the sites come from the device too, under the one offline notice.
      await page.goto('/sites');
      await page.getByTestId('offline-notice').waitFor();
      expect(await page.getByTestId('needs-connection').count()).toBe(0);
      await screenshot(page, `sites-offline-phone-${lang}`);
    }
    await context.close();
  }, 240_000);

  it('/users keeps the list it loaded when the connection drops, and says how old it is', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/users');
    await page.getByTestId('user-row').first().waitFor();
    await untilOfflineReady(page);
    await context.setOffline(true);
    // A new filter asks the server again, and gets no answer.
    await page.getByTestId('users-search').fill('a');
    await page.getByTestId('offline-notice').waitFor();
    expect(await page.getByTestId('offline-notice').innerText()).toMatch(/as of \d{2}:\d{2}/);
    expect(await page.getByTestId('user-row').count()).toBeGreaterThan(0);
    await screenshot(page, 'users-offline-stale-desktop-en');
    await context.close();
  }, 120_000);
});
