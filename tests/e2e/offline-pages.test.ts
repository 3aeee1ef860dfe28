// Issue 20 item 9: online-only pages opened offline say they need a connection, not "no users
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
  it('/users and /sites say they need a connection, in English and Arabic', async () => {
    const context = await newContext(browser, server.url, 'phone');
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    // The app shell is cached by the service worker, so the pages still open offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    for (const lang of ['en', 'ar'] as const) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await page.goto('/users');
      await page.getByTestId('needs-connection').waitFor();
      expect(await page.getByTestId('needs-connection').innerText()).toContain(
        lang === 'en' ? 'This page needs a connection' : 'هذه الصفحة تحتاج إلى اتصال',
      );
      expect(await page.getByText('No users match these filters').count()).toBe(0);
      expect(await page.getByTestId('users-table').count()).toBe(0);
      for (const [size, viewport] of [
        ['phone', VIEWPORTS.phone],
        ['tablet', VIEWPORTS.tablet],
        ['desktop', VIEWPORTS.desktop],
      ] as const) {
        await page.setViewportSize(viewport);
        await screenshot(page, `users-offline-${size}-${lang}`);
      }
      await page.setViewportSize(VIEWPORTS.phone);

      await page.goto('/sites');
      await page.getByTestId('needs-connection').waitFor();
      expect(await page.getByTestId('kiosk-row').count()).toBe(0);
      expect(await page.locator('table').count()).toBe(0);
      await screenshot(page, `sites-offline-phone-${lang}`);
    }
    await context.close();
  }, 240_000);

  it('/users keeps the list it loaded when the connection drops, and says how old it is', async () => {
    const context = await newContext(browser, server.url, 'desktop');
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/users');
    await page.getByTestId('user-row').first().waitFor();
    await untilOfflineReady(page);
    await context.setOffline(true);
    // A new filter asks the server again, and gets no answer.
    await page.getByTestId('users-search').fill('a');
    await page.getByTestId('stale-data').waitFor();
    expect(await page.getByTestId('stale-data').innerText()).toMatch(
      /Showing what was loaded (just now|\d+ minutes? ago)/,
    );
    expect(await page.getByTestId('user-row').count()).toBeGreaterThan(0);
    await screenshot(page, 'users-offline-stale-desktop-en');
    await context.close();
  }, 120_000);
});
