// an admin who logged in online once loses the network, and the pages whose
// data the device holds still show it, with its age, in English and Arabic, on a tablet and a
// phone; a configuration save offline is refused with one message and the form survives a reload.
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { login, newContext, screenshot, untilInPage, untilOfflineReady, VIEWPORTS } from './support/browser';
import { apiLogin, type RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';
import { shownName } from './kiosk/kiosk-steps';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const SAVE_REFUSED = 'Saving needs a connection; your changes stay in this form.';
const AS_OF = { en: /as of \d{2}:\d{2}/, ar: /كما كانت في/ } as const;

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** Until the device's sync has finished a round after `after` (its data then includes what was written before). */
async function untilSynced(page: Page, after: number): Promise<void> {
  await untilInPage(
    page,
    'a sync round to finish',
    async (since) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('gatehouse');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      try {
        const row = await new Promise<{ value?: { lastSyncAt?: number } } | undefined>((resolve) => {
          const q = db.transaction('meta').objectStore('meta').get('syncStatus');
          q.onsuccess = () => resolve(q.result as never);
          q.onerror = () => resolve(undefined);
        });
        return (row?.value?.lastSyncAt ?? 0) > since;
      } finally {
        db.close();
      }
    },
    after,
    { every: 500, timeout: 120_000 },
  );
}

/** Until the page's kept copy (src/api/device-copy.ts) is in IndexedDB: a navigation away before its write commits would drop it. */
async function untilCopyKept(page: Page, name: string): Promise<void> {
  await untilInPage(
    page,
    `the kept copy ${name}`,
    async (suffix) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('gatehouse');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      try {
        const keys = await new Promise<IDBValidKey[]>((resolve) => {
          const q = db.transaction('meta').objectStore('meta').getAllKeys();
          q.onsuccess = () => resolve(q.result);
          q.onerror = () => resolve([]);
        });
        return keys.some((k) => typeof k === 'string' && k.startsWith('copy:') && k.endsWith(`:${suffix}`));
      } finally {
        db.close();
      }
    },
    name,
    { every: 200, timeout: 30_000 },
  );
}

/** Logged in online once, synced, then the network cut the way the fault tests cut it. */
async function offlineAdmin(
  visitOnline: Array<[string, string, string]> = [],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, server.url, 'tablet', { offline: true });
  const page = await context.newPage();
  const before = Date.now();
  await login(page, 'admin@acme.test');
  await untilOfflineReady(page);
  await untilSynced(page, before);
  // Pages whose data no synced table holds keep the last answer they got: visit them once.
  for (const [path, testId, copy] of visitOnline) {
    await page.goto(path);
    await page.locator(testId).first().waitFor();
    await untilCopyKept(page, copy);
  }
  await context.setOffline(true);
  return { context, page };
}

async function noLoadFailure(page: Page): Promise<void> {
  expect(await page.getByText(/could not be loaded/i).count()).toBe(0);
  expect(await page.getByTestId('needs-connection').count()).toBe(0);
}

async function inBothSizes(page: Page, name: string): Promise<void> {
  for (const size of ['tablet', 'phone'] as const) {
    await page.setViewportSize(VIEWPORTS[size]);
    await screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(VIEWPORTS.tablet);
}

describe('an admin offline', () => {
  it('finds a person, their phone, user type, card and documents on the users pages', async () => {
    const { token } = await apiLogin(server.url);
    const types = await call<Array<{ id: string; name: string }>>(token, 'GET', '/user-types');
    const contractor = types.find((ty) => ty.name === 'Contractor')!.id;
    const person = await call<{ id: string }>(token, 'POST', '/users', {
      full_name: 'Olga Offline',
      email: `olga.${Date.now()}@acme.test`,
      phone: '07700900123',
      country_code: '+44',
      user_type_id: contractor,
      labels: [],
      rfid: '0099887766',
    });
    await call(token, 'POST', '/user_document', {
      user_id: person.id,
      type: 'covid_vaccine',
      vaccine_name: 'Comirnaty',
      start_date: '2026-01-01',
      expiry_date: '2027-01-01',
    });
    const { context, page } = await offlineAdmin();
    for (const lang of ['en', 'ar'] as const) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await page.goto('/users?search=Olga');
      const row = page.getByTestId('user-row').filter({ hasText: 'Olga Offline' });
      await row.waitFor();
      expect(await row.innerText()).toContain('07700900123');
      expect(await row.getByTestId('user-type-cell').innerText()).toBe('Contractor');
      await expect.poll(() => page.getByTestId('offline-notice').innerText()).toMatch(AS_OF[lang]);
      await noLoadFailure(page);
      await inBothSizes(page, `offline-users-${lang}`);

      await row.getByTestId('user-actions').click();
      await page.getByTestId('user-edit').click();
      const form = page.getByTestId('user-form');
      await expect.poll(() => form.locator('input[name="phone"]').inputValue()).toBe('07700900123');
      expect(await form.locator('input[name="rfid"]').inputValue()).toBe('0099887766');
      await page.getByTestId('document-row').first().waitFor();
      expect(await page.getByTestId('document-row').count()).toBe(1);
      await inBothSizes(page, `offline-user-details-${lang}`);
      await page.keyboard.press('Escape');

      await page.goto('/user-types');
      await page.getByTestId('user-type-row').filter({ hasText: 'Contractor' }).waitFor();
      // The notice reads the age of the device's copy after the rows show: asked until it has.
      await expect.poll(() => page.getByTestId('offline-notice').innerText()).toMatch(AS_OF[lang]);
      await noLoadFailure(page);
      await inBothSizes(page, `offline-user-types-${lang}`);

      await page.goto('/rfid-enrollment');
      await page.getByTestId('rfid-search').fill('Olga');
      await page.getByTestId('rfid-user').filter({ hasText: '0099887766' }).waitFor();
      await noLoadFailure(page);
    }
    await context.close();
  }, 600_000);

  it('refuses a user or user-type save offline at once, and keeps the form across a reload', async () => {
    const { context, page } = await offlineAdmin();
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/users?search=Ada');
    await page.getByTestId('user-row').filter({ hasText: 'Ada Admin' }).getByTestId('user-actions').click();
    await page.getByTestId('user-edit').click();
    const form = page.getByTestId('user-form');
    await form.locator('input[name="phone"]').fill('07700900999');
    await page.getByTestId('user-save').click();
    await page.getByTestId('toast-offline-save').waitFor();
    expect(await page.getByTestId('toast-offline-save').innerText()).toContain(SAVE_REFUSED);
    await screenshot(page, 'offline-user-save-refused-tablet-en');
    await page.reload();
    await expect.poll(() => form.locator('input[name="phone"]').inputValue()).toBe('07700900999');

    await page.goto('/add-user-type');
    await page.locator('input[name="name"]').fill('Night shift');
    await page.getByTestId('save-user-type').click();
    await page.getByTestId('toast-offline-save').waitFor();
    await page.reload();
    await expect.poll(() => page.locator('input[name="name"]').inputValue()).toBe('Night shift');
    await context.close();
  }, 600_000);

  it('shows sites, journeys, entry conditions, custom fields, attendance, announcements, company and roles', async () => {
    const { context, page } = await offlineAdmin([
      ['/company', '[data-testid="company-page"]', 'company'],
      // The list's answer, not the filter above it: the copy is kept when the answer comes.
      [
        '/announcements',
        '[data-testid="announcements-empty"], [data-testid="announcements-table"] tbody tr',
        'announcements:all',
      ],
      ['/roles', '[data-testid="role-select"]', 'roles'],
    ]);
    const pages: Array<[string, string, string | RegExp, string?]> = [
      ['sites', '/sites', 'Head Office', 'site-card'],
      // The demo's journeys are named in each language.
      ['journeys', '/journeys', shownName('Visitor sign-in')],
      ['compliances', '/compliances', ''],
      ['custom-fields', '/custom-fields', ''],
      ['attendance', '/attendance-modes', ''],
      ['announcements', '/announcements', ''],
      ['company', '/company', '', 'company-page'],
      ['roles', '/roles', '', 'role-select'],
    ];
    for (const lang of ['en', 'ar'] as const) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      for (const [name, path, text, testId] of pages) {
        await page.goto(path);
        await page.getByTestId('offline-notice').first().waitFor();
        if (testId) await page.getByTestId(testId).first().waitFor();
        if (text) await page.getByText(text, { exact: false }).first().waitFor();
        await expect.poll(() => page.getByTestId('offline-notice').first().innerText()).toMatch(AS_OF[lang]);
        await noLoadFailure(page);
        await inBothSizes(page, `offline-${name}-${lang}`);
      }
    }
    await context.close();
  }, 600_000);
});
