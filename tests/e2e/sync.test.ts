// Offline sign-ins survive a reload and reach the server exactly once when the network returns.
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { Browser, Page } from 'playwright-core';
import type { PullResponse } from '../../sync/protocol';
import { login, newContext, screenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const status = (page: Page) => page.getByTestId('sync-status');
const attr = async (page: Page, name: string) => status(page).getAttribute(name);

async function serverEvents(token: string): Promise<Array<{ personId: string; kind: string }>> {
  const all: Array<{ personId: string; kind: string }> = [];
  let cursor: string | undefined;
  const deviceId = uuidv7();
  for (;;) {
    const qs = new URLSearchParams({ deviceId, limit: '1000', ...(cursor ? { cursor } : {}) });
    const res = await fetch(`${server.url}/api/sync/pull?${qs}`, { headers: { authorization: `Bearer ${token}` } });
    const page = (await res.json()) as PullResponse;
    for (const c of page.changes) if (c.table === 'visitEvents') all.push(c.data as { personId: string; kind: string });
    cursor = page.cursor;
    if (!page.hasMore) return all;
  }
}

describe('offline sync in Chromium', () => {
  it('keeps 5 offline sign-ins through a reload and delivers each once when back online', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.getByTestId('sign-in-button').first().waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-phase') === 'idle',
    );
    // The service worker must control the page before an offline reload can work.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByTestId('sign-in-button').first().waitFor();

    await context.setOffline(true);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-online') === 'false',
    );
    const chosen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const row = page.locator('[data-testid="person-row"][data-on-site="false"]').first();
      chosen.push((await row.getAttribute('data-person-id'))!);
      await row.getByTestId('sign-in-button').click();
      await page.locator(`[data-person-id="${chosen[i]}"][data-on-site="true"]`).waitFor();
    }
    await expect.poll(() => attr(page, 'data-pending')).toBe('5');
    await screenshot(page, 'sync-offline-pending-desktop-en');

    await page.reload();
    await page.getByTestId('person-row').first().waitFor();
    await expect.poll(() => attr(page, 'data-pending')).toBe('5');
    for (const id of chosen) await page.locator(`[data-person-id="${id}"][data-on-site="true"]`).waitFor();

    const back = Date.now();
    await context.setOffline(false);
    await expect.poll(() => attr(page, 'data-pending'), { timeout: 15_000 }).toBe('0');
    console.log(`outbox drained ${Date.now() - back} ms after the network returned`);

    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).data.access_token as string);
    const events = await serverEvents(token);
    for (const id of chosen) expect(events.filter((e) => e.personId === id && e.kind === 'in')).toHaveLength(1);

    // The device page tells the same story, in English and in Arabic, on a desktop and a phone.
    await page.goto('/device');
    await expect.poll(() => page.getByTestId('device-pending').innerText()).toBe('0');
    await screenshot(page, 'sync-device-desktop-en');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('device-pending').waitFor();
    await screenshot(page, 'sync-device-phone-ar');
    await page.goto('/');
    await page.getByTestId('person-row').first().waitFor();
    await screenshot(page, 'sync-dashboard-phone-ar');
    await context.close();
  });
});
