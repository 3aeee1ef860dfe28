// a new company's owner lands on a getting-started list instead of a dashboard
// of zeros; each item links to its page and ticks itself once done (synced, no reload); a flow
// form with no entry condition yet says so and links to where to make one; the list can be
// hidden and stays hidden. English on a tablet, Arabic on a phone.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, screenshot } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { apiLogin, type RunningServer } from './support/server';
import type { Browser } from 'playwright-core';

let server: RunningServer;
let browser: Browser;
const OWNER = 'olive@northwind.test';
const PASSWORD = 'northwind-first-1';

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

beforeAll(async () => {
  const { token } = await apiLogin(server.url, 'tech-team@gatehouse.internal');
  const res = await fetch(`${server.url}/api/entity`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Northwind Clinic',
      subdomain: 'northwind',
      package: 'Cloud',
      plan: 1,
      owner_name: 'Olive Owner',
      owner_email: OWNER,
    }),
  });
  if (res.status !== 201) throw new Error(`create company: ${res.status} ${await res.text()}`);
  const link = ((await res.json()) as { data: { owner_link: { url: string } } }).data.owner_link;
  const setToken = new URL(link.url).pathname.split('/').pop()!;
  const set = await fetch(`${server.url}/api/reset-password/${setToken}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD, password_confirmation: PASSWORD }),
  });
  if (set.status >= 300) throw new Error(`set password: ${set.status} ${await set.text()}`);
});

async function ownerPage(viewport: 'tablet' | 'phone', lang: 'en' | 'ar'): Promise<Page> {
  const context = await newContext(browser, server.url, viewport);
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(OWNER);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  return page;
}

const item = (page: Page, id: string) => page.locator(`[data-testid="getting-started-item"][data-item="${id}"]`);

describe('getting started at a new company', () => {
  it('lists what to set up, links to each page, ticks an item once it is done, and can be hidden', async () => {
    const page = await ownerPage('tablet', 'en');
    const list = page.getByTestId('getting-started');
    await list.waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('getting-started-item').count()).resolves.toBe(8);
    await expect(list.locator('[data-done="true"]').count()).resolves.toBe(0);
    await screenshot(page, 'getting-started-tablet-en');

    // A flow needs an entry condition that does not exist yet: the form says so, with a link.
    await page.goto('/add-flow');
    const missing = page.getByTestId('missing-compliance');
    await missing.waitFor({ timeout: 30_000 });
    await missing.scrollIntoViewIfNeeded();
    await screenshot(page, 'flow-missing-compliance-tablet-en');
    await missing.getByRole('link', { name: 'Create an entry condition' }).click();
    await page.waitForURL((u) => u.pathname === '/compliance-new');

    // Each item links to its page.
    await page.goto('/');
    await item(page, 'userTypes').getByRole('link').click();
    await page.waitForURL((u) => u.pathname === '/user-types');
    await page.goto('/');
    await list.waitFor();

    // A user type made elsewhere ticks its item by itself, without a reload.
    const { token } = await apiLogin(server.url, OWNER, PASSWORD);
    const made = await fetch(`${server.url}/api/user-types`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Patient', registration_method: 'registration allowed', grace_period: '30' }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    await item(page, 'userTypes').and(page.locator('[data-done="true"]')).waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('getting-started-progress').innerText()).resolves.toBe('1 of 8 done');

    await page.getByTestId('getting-started-dismiss').click();
    await list.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('dashboard-company').waitFor({ timeout: 30_000 });
    await expect(list.count()).resolves.toBe(0);
    await page.context().close();
  });

  it('reads right to left in Arabic on a phone', async () => {
    const page = await ownerPage('phone', 'ar');
    const list = page.getByTestId('getting-started');
    await list.waitFor({ timeout: 60_000 });
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await list.getByText('سجّل جهاز كشك').waitFor();
    await screenshot(page, 'getting-started-phone-ar');
    await page.context().close();
  });
});

describe("a new company's first site", () => {
  it("starts in the browser's time zone, not UTC, and says so on the form", async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1024, height: 768 },
      timezoneId: 'Asia/Dubai',
      serviceWorkers: 'block',
    });
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(OWNER);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    await page.goto('/sites');
    await page.getByTestId('site-add').click();
    const zone = page.getByTestId('site-time-zone');
    await expect(zone.inputValue()).resolves.toBe('Asia/Dubai');
    await page.getByText("Suggested from this device's time zone.", { exact: false }).waitFor();
    await screenshot(page, 'site-form-time-zone-tablet-en');
    await context.close();
  });
});
