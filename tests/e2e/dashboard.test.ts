// The dashboard in Chromium: the live logbook follows a sign-in made in another context;
// filters and saved preferences survive a reload; mass sign-in of 5 people offline, then online.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pngOf } from '../../server/people/test-images';
import { login, newContext, screenshot, untilOfflineReady } from './support/browser';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const idle = (page: Page) =>
  page.waitForFunction(
    () => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-phase') === 'idle',
    undefined,
    { timeout: 20_000 },
  );
const pending = (page: Page) => page.getByTestId('sync-status').getAttribute('data-pending');

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('dashboard', () => {
  it('shows a sign-in made in another context within seconds, with counts, and the visit with the person’s photo', async () => {
    const watcher = await newContext(browser, server.url, 'desktop', { offline: true });
    const desk = await watcher.newPage();
    await login(desk, 'admin@acme.test');
    await desk.getByTestId('logbook').waitFor();
    // A new visitor with a photo, added through the API as an admin.
    const session = await desk.evaluate(
      () =>
        JSON.parse(localStorage.getItem('user')!).data as { access_token: string; user: { entity: { id: string } } },
    );
    const headers = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
    const list = (await (
      await fetch(`${server.url}/api/users/${session.user.entity.id}?limit=1&page=1`, { headers })
    ).json()) as { data: Array<{ user_type_id: string }> };
    const created = await fetch(`${server.url}/api/users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        full_name: 'Pia Photo',
        email: 'pia.photo@example.com',
        phone: '447700900555',
        user_type_id: list.data[0]!.user_type_id,
        image: `data:image/png;base64,${pngOf(250, 300).toString('base64')}`,
      }),
    });
    expect(created.status).toBe(201);
    const kiosk = await newContext(browser, server.url, 'desktop', { offline: true });
    const other = await kiosk.newPage();
    await login(other, 'reporter@acme.test');
    await other.getByTestId('quick-sign-in').getByLabel('Search by name').fill('Pia Photo');
    const row = other.locator('[data-testid="person-row"][data-on-site="false"]').filter({ hasText: 'Pia Photo' });
    await row.waitFor({ timeout: 20_000 });
    const personId = (await row.getAttribute('data-person-id'))!;
    await row.getByTestId('sign-in-button').click();

    const visit = desk.locator(`[data-testid="logbook-row"][data-person-id="${personId}"][data-status="signed_in"]`);
    await visit.waitFor({ timeout: 25_000 });
    await expect.poll(() => desk.getByTestId('count-total').innerText(), { timeout: 10_000 }).toBe('1');
    await expect.poll(() => desk.getByTestId('count-on-site').innerText()).toBe('1');
    await desk.getByTestId('history-chart').waitFor();
    await screenshot(desk, 'dashboard-desktop-en');
    // The visit's details show who it is, with the photo fetched behind the token.
    await visit.click();
    await desk
      .locator('[data-testid="visit-drawer"] [data-testid="user-photo"][data-loaded="true"] img')
      .waitFor({ timeout: 10_000 });
    await desk.waitForFunction(() => {
      const c = document.querySelector('.mantine-Drawer-content');
      return c !== null && getComputedStyle(c).opacity === '1' && c.getAnimations().length === 0;
    });
    await screenshot(desk, 'dashboard-visit-drawer-desktop-en');
    await kiosk.close();
    await watcher.close();
  });

  it('keeps filters in the URL and the saved preference across a reload', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.getByTestId('logbook').waitFor();
    await choose(page, 'filter-status', 'Signed in');
    await page.waitForURL(/\/filtered\?status=signed_in/);
    // Hide the Host column through the column chooser.
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-toggle-host').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('th[data-column="host"]').count()).toBe(0);
    // Saved on the server (shortly after the last change) before the reload.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).data.access_token as string);
    await expect
      .poll(
        async () => {
          const res = await fetch(`${server.url}/api/grid_preferences?page_url=/`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const pref = ((await res.json()) as { data: { url: string; table_head: string[] } | null }).data;
          return pref !== null && pref.url === 'status=signed_in' && !pref.table_head.includes('host');
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    await page.reload();
    await page.getByTestId('logbook').waitFor();
    expect(page.url()).toContain('status=signed_in');
    await expect.poll(() => page.locator('th[data-column="host"]').count()).toBe(0);
    expect(
      await page
        .locator('[data-testid="logbook-row"]')
        .evaluateAll((rows) => rows.every((r) => r.getAttribute('data-status') === 'signed_in')),
    ).toBe(true);

    // The plain dashboard brings the saved filters back, in a fresh tab too.
    const again = await context.newPage();
    await again.goto('/');
    await again.waitForURL(/\/filtered\?status=signed_in/);
    await again.getByTestId('logbook').waitFor();
    await context.close();
  });

  it('signs 5 people in at once while offline, and delivers them when back online', async () => {
    const context = await newContext(browser, server.url, 'tablet', { offline: true });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await idle(page);
    await page.getByTestId('open-mass-action').click();
    await choose(page, 'mass-area', 'Meeting Rooms');
    await choose(page, 'mass-user-type', 'Staff');
    await page.getByTestId('mass-person').first().waitFor();
    // The area's journey for Staff decides what each person is shown with: its flow and reasons.
    await expect.poll(() => page.getByTestId('mass-flow').innerText()).toContain('Staff attendance');

    await untilOfflineReady(page);
    await context.setOffline(true);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-online') === 'false',
    );
    const free = page.locator('[data-testid="mass-person"][data-skipped=""]');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const person = free.nth(i);
      ids.push((await person.getAttribute('data-person-id'))!);
      await person.locator('input[type="checkbox"]').check();
    }
    await screenshot(page, 'mass-action-tablet-en');
    await page.getByTestId('mass-apply').click();
    for (const id of ids)
      await page.locator(`[data-testid="mass-person"][data-person-id="${id}"][data-status="completed"]`).waitFor();
    await expect.poll(() => pending(page)).toBe('5');
    // Already signed in now: the same people are skipped with a reason.
    for (const id of ids)
      await page
        .locator(`[data-testid="mass-person"][data-person-id="${id}"][data-skipped="already_signed_in"]`)
        .waitFor();
    await page.keyboard.press('Escape');
    for (const id of ids) await page.locator(`[data-testid="logbook-row"][data-person-id="${id}"]`).waitFor();

    // Today's logbook is the device's own once a sync completed: the pulls ask nothing more of it.
    const refetches: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/dashboard\/(logbook|counts)/.test(r.url())) refetches.push(r.url());
    });
    await context.setOffline(false);
    await expect.poll(() => pending(page), { timeout: 20_000 }).toBe('0');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).data.access_token as string);
    const res = await fetch(
      `${server.url}/api/dashboard/logbook?status=signed_in&limit=100&tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const body = (await res.json()) as { data: Array<{ personId: string; areaName: string }> };
    for (const id of ids)
      expect(body.data.filter((r) => r.personId === id && r.areaName === 'Meeting Rooms')).toHaveLength(1);
    await page.getByTestId('logbook-source').and(page.locator('[data-source="local"]')).waitFor();
    expect(refetches).toEqual([]);
    await screenshot(page, 'dashboard-tablet-en');

    // Arabic, desktop and tablet, with the modal open.
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await page.getByTestId('logbook-row').first().waitFor();
    await screenshot(page, 'dashboard-tablet-ar');
    await page.getByTestId('open-mass-action').click();
    await choose(page, 'mass-area', 'Reception');
    await choose(page, 'mass-user-type', 'Staff');
    await page.getByTestId('mass-person').first().waitFor();
    await screenshot(page, 'mass-action-tablet-ar');
    await page.setViewportSize({ width: 1366, height: 800 });
    await screenshot(page, 'mass-action-desktop-ar');
    await page.keyboard.press('Escape');
    await screenshot(page, 'dashboard-desktop-ar');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.getByTestId('open-mass-action').click();
    await choose(page, 'mass-area', 'Reception');
    await choose(page, 'mass-user-type', 'Staff');
    await page.getByTestId('mass-person').first().waitFor();
    await screenshot(page, 'mass-action-desktop-en');
    await context.close();
  });
});
