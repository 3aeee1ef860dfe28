// In Chromium: a kiosk visit's drawer shows names and translated
// values (Arabic), a user type's grace period of 20 says why it is refused (and the error toast
// closes once the form saves), and the host list of add-expected-visitors offers only hosts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { login, newContext, screenshot, VIEWPORTS } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { apiLogin, type RunningServer } from './support/server';
import { journeyOrSweep } from './support/screens';
import { axeViolations } from './kiosk/axe-audit';

let server: RunningServer;
let browser: Browser;

async function api<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await res.json()) as T;
}

async function tokenOf(email: string): Promise<string> {
  return (await apiLogin(server.url, email)).token;
}

/** Signs Kim Kiosk in through a kiosk, with Hannah Host as host, 36.6 and a mask. */
async function kioskSignIn(): Promise<void> {
  const admin = await tokenOf('admin@acme.test');
  const pull = await api<{ changes: Array<{ table: string; id: string; data: Record<string, unknown> | null }> }>(
    `/sync/pull?deviceId=${uuidv7()}&limit=5000`,
    admin,
  );
  const find = (table: string, key: string, value: string) =>
    pull.changes.find((c) => c.table === table && c.data?.[key] === value)!;
  const flow = find('journeyFlows', 'name', 'Visitor arrival');
  const area = find('areas', 'name', 'Reception').id;
  const kiosk = await api<{ data: { access_token: string; kiosk: { id: string } } }>('/kiosk', admin, {
    method: 'POST',
    body: { kiosk_name: 'Drawer desk', area_id: area },
  });
  const personId = uuidv7();
  const args = {
    visitId: uuidv7(),
    personId,
    kioskId: kiosk.data.kiosk.id,
    areaId: area,
    journeyId: flow.data!.journeyId,
    journeyFlowId: flow.id,
    method: 'new',
    signInEventId: uuidv7(),
    stage: 'ready to sign in',
    at: Date.now(),
    customFields: [],
    registration: {
      personId,
      firstName: 'Kim',
      lastName: 'Kiosk',
      email: 'kim.kiosk@example.com',
      phone: '07700900777',
      userTypeId: find('userTypes', 'name', 'Visitor').id,
      at: Date.now(),
    },
    checks: { checkId: uuidv7(), temperature: { raw: '36.6', threshold: 37.5 }, mask: true },
    host: { notificationId: uuidv7(), hostId: find('people', 'fullName', 'Hannah Host').id, message: 'At reception' },
  };
  const push = await api<{ results: Array<{ status: string }> }>('/sync/push', kiosk.data.access_token, {
    method: 'POST',
    body: {
      deviceId: uuidv7(),
      mutations: [
        { seq: 1, mutationId: uuidv7(), name: 'kiosk.journey', args, clientTime: Date.now(), clockOffsetMs: 0 },
      ],
    },
  });
  expect(push.results[0]!.status).toBe('applied');
}

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});
beforeAll(async () => {
  await kioskSignIn();
});

describe('what a new admin sees', () => {
  for (const [lang, viewport] of [
    ['ar', 'desktop'],
    ['en', 'phone'],
    ['ar', 'tablet'],
  ] as Array<['en' | 'ar', keyof typeof VIEWPORTS]>) {
    journeyOrSweep(viewport !== 'tablet')(
      `a kiosk visit's drawer names the host and translates its record (${lang}, ${viewport})`,
      async () => {
        const context = await newContext(browser, server.url, viewport);
        await context.addInitScript((l) => localStorage.setItem('language', l), lang);
        const page = await context.newPage();
        await login(page, 'admin@acme.test');
        const row = page.getByTestId('logbook-row').filter({ hasText: 'Kim Kiosk' });
        await row.waitFor();
        // The device's own copy renders first; the host's name is there once people have synced.
        await expect.poll(() => row.innerText(), { timeout: 20_000 }).toContain('Hannah Host');
        const rowText = await row.innerText();
        // The visitor is in: the stage says where they are, not the stale "ready to sign in".
        expect(rowText).toContain(lang === 'ar' ? 'سجّل الدخول' : 'Signed in');
        expect(rowText).not.toContain(lang === 'ar' ? 'جاهز لتسجيل الدخول' : 'Ready to sign in');
        await screenshot(page, `logbook-kiosk-visit-${viewport}-${lang}`);
        await row.click();
        const drawer = page.locator('.mantine-Drawer-content');
        await drawer.getByTestId('visit-record-line').first().waitFor();
        // The host's name is read from this device's people, which may still be arriving.
        await expect.poll(() => drawer.innerText(), { timeout: 20_000 }).toContain('Hannah Host');
        const text = await drawer.innerText();
        expect(text).not.toMatch(/hostIds|kioskId|visitId|raw:|unit:|\btrue\b|[0-9a-f]{8}-[0-9a-f]{4}/);
        expect(text).toContain('Hannah Host');
        if (lang === 'ar') {
          expect(text).toContain('36.6 °م');
          expect(text).toContain('المضيف');
          expect(text).toContain('يرتدي كمامة');
        } else {
          expect(text).toContain('36.6 °C');
          expect(text).toContain('Mask worn');
        }
        // The drawer slides in: the picture is of it in place, inside the window.
        await page.waitForFunction(() => {
          const r = document.querySelector('.mantine-Drawer-content')?.getBoundingClientRect();
          return r !== undefined && r.left >= 0 && r.right <= window.innerWidth + 0.5;
        });
        await screenshot(page, `visit-drawer-kiosk-${viewport}-${lang}`);
        await context.close();
      },
    );
  }

  it('refuses a grace period of 20 with its reason, then saves 40 and closes the error toast', async () => {
    const context = await newContext(browser, server.url, 'desktop');
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/add-user-type');
    await page.locator('input[name="name"]').fill('Auditor');
    await page.getByTestId('registration-method').click();
    await page.getByRole('option', { name: 'Pre-registered by admin' }).click();
    const grace = page.locator('input[name="grace_period"]');
    await grace.fill('20');
    await page.locator('input[name="name"]').click();
    await expect(grace.inputValue()).resolves.toBe('20');
    await page.getByTestId('save-user-type').click();
    await page.getByText('The visit grace period must be at least 30 minutes.').first().waitFor();
    expect(page.url()).toContain('/add-user-type');
    await page.getByTestId('toast-error').waitFor();
    await screenshot(page, 'user-type-grace-error-desktop-en');
    await grace.fill('40');
    await page.getByTestId('save-user-type').click();
    await page.waitForURL((u) => u.pathname === '/user-types');
    await page.getByTestId('toast-success').waitFor();
    await page.getByTestId('toast-error').waitFor({ state: 'detached' });
    await context.close();
  });

  it('offers only hosts, never visitors, as the host of an expected visitor', async () => {
    const context = await newContext(browser, server.url, 'desktop');
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/add-expected-visitors?tab=add');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-phase') === 'idle',
    );
    await page.getByLabel('Host', { exact: true }).first().click();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options).toContain('Hannah Host');
    expect(options).not.toContain('Kim Kiosk');
    expect(options).not.toContain('Carla Contractor');
    await screenshot(page, 'expected-visitors-hosts-desktop-en');
    await context.close();
  });
});

describe('the two spec routes that were "coming soon"', () => {
  it('/vp/playground lets anyone try the kiosk screens in their language, and saves nothing', async () => {
    // axe goes in as a script tag.
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: VIEWPORTS.phone,
      serviceWorkers: 'block',
      bypassCSP: true,
    });
    await context.addInitScript(() => localStorage.setItem('language', 'ar'));
    const page = await context.newPage();
    let writes = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/') && r.method() !== 'GET') writes++;
    });
    await page.goto('/vp/playground');
    const playground = page.getByTestId('playground');
    await playground.getByRole('button', { name: 'تسجيل دخول الزوار' }).click();
    await expect.poll(() => playground.innerText()).toContain('يرجى قراءة قواعد الموقع');
    await screenshot(page, 'playground-phone-ar');
    // The screens' language is the visitor's choice, as on a kiosk.
    await page.getByTestId('playground-language').getByText('الإنجليزية').click();
    await playground.getByRole('tab', { name: 'الرئيسية' }).click();
    await playground.getByRole('button', { name: 'Visitor sign-in' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(writes).toBe(0);
    await context.close();
  });

  it('/olduser-types opens the one list of user types', async () => {
    const context = await newContext(browser, server.url, 'desktop');
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/olduser-types');
    await page.waitForURL('**/user-types');
    await page.getByText('Contractor').first().waitFor();
    await context.close();
  });
});
