// Changes outlive a session: an expired token keeps the outbox until the person logs in again,
// and logging out with unsent changes warns first and keeps them for their author.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chooseFromMenu, login, newContext, untilOfflineReady } from './support/browser';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const attr = (page: Page, name: string) => page.getByTestId('sync-status').getAttribute(name);
const tokenOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('user')!).data.access_token as string);

async function signInOffline(page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const row = page.locator('[data-testid="person-row"][data-on-site="false"]').first();
    const id = await row.getAttribute('data-person-id');
    await row.getByTestId('sign-in-button').click();
    await page.locator(`[data-person-id="${id}"][data-on-site="true"]`).waitFor();
  }
}

describe('sync across sessions', () => {
  it('keeps the outbox when the token dies and replays it after the next login', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.getByTestId('sign-in-button').first().waitFor({ timeout: 20_000 });
    await untilOfflineReady(page);
    await context.setOffline(true);
    await signInOffline(page, 2);
    // The session ends on the server while the device is offline.
    await fetch(`${server.url}/api/logout`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
    await context.setOffline(false);
    await expect.poll(() => attr(page, 'data-phase'), { timeout: 15_000 }).toBe('needs-login');
    expect(await attr(page, 'data-pending')).toBe('2');

    await login(page, 'admin@acme.test');
    await expect.poll(() => attr(page, 'data-pending'), { timeout: 15_000 }).toBe('0');
    await context.close();
  });

  it('warns before logging out with unsent changes and keeps them for their author', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.getByTestId('sign-in-button').first().waitFor({ timeout: 20_000 });
    await untilOfflineReady(page);
    await context.setOffline(true);
    await signInOffline(page, 1);
    await chooseFromMenu(page, page.getByTestId('user-menu'), page.getByTestId('logout'));
    await page.getByTestId('logout-pending').waitFor();
    await page.getByTestId('logout-anyway').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.setOffline(false);

    // Someone else uses the device: the admin's change is not theirs to send.
    await login(page, 'reporter@acme.test');
    await page.getByTestId('sync-status').waitFor();
    await expect.poll(() => attr(page, 'data-phase'), { timeout: 15_000 }).toBe('idle');
    expect(await attr(page, 'data-pending')).toBe('1');
    await chooseFromMenu(page, page.getByTestId('user-menu'), page.getByTestId('logout'));
    await page.getByTestId('logout-anyway').click();
    await page.waitForURL((url) => url.pathname === '/login');

    await login(page, 'admin@acme.test');
    await expect.poll(() => attr(page, 'data-pending'), { timeout: 15_000 }).toBe('0');
    await context.close();
  });
});
