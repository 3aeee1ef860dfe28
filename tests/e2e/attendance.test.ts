// Attendance in Chromium: an admin creates an attendance mode and a late reason on the
// screens (bad input first: errors beside the fields), the Staff attendance journey uses it, a
// kiosk OFFLINE signs Sam in late and shows the reason prompt with the reason's text, and once
// online the dashboard shows the reason and the attendance code the server stored. The site's
// time zone is set so that its clock reads about noon whatever the real time (the kiosk and the
// server both read late/early on the site's clock). Screenshots in en and ar, desktop and tablet,
// and the kiosk reason step at 1280×800.
import type { Browser, Page } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse } from '../../sync/protocol';
import { registerKiosk, result, shooter, shownName, step } from './kiosk/kiosk-steps';
import { launch, login, newContext, screenshot, untilOfflineReady, VIEWPORTS } from './support/browser';
import { apiLogin, startServer, type RunningServer } from './support/server';
import { screens } from './support/screens';

let server: RunningServer;
let browser: Browser;
let token: string;
let entityId: string;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** An "Etc/GMT±N" zone whose local hour is about 12 now (Etc/GMT-3 is UTC+3). */
function noonZone(): string {
  const offset = 12 - new Date().getUTCHours(); // -11 … +12
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

beforeAll(async () => {
  server = await startServer();
  ({ token, entityId } = await apiLogin(server.url));
  // The Head Office site's clock reads about noon.
  const pull = await api<PullResponse>('GET', `/sync/pull?deviceId=${uuidv7()}&limit=5000`);
  const site = pull.changes.find((c) => c.table === 'sites' && (c.data as { name: string }).name === 'Head Office')!;
  const s = (await api<{ data: Record<string, unknown> }>('GET', `/sites/${site.id}`)).data;
  await api('PUT', `/sites/${site.id}`, {
    name: s.name,
    lat: s.lat,
    long: s.long,
    radius: s.radius,
    time_zone: noonZone(),
  });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function adminPage(viewport: keyof typeof VIEWPORTS, lang: 'en' | 'ar'): Promise<Page> {
  const context = await newContext(browser, server.url, viewport, { offline: true });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  await login(page, 'admin@acme.test');
  return page;
}

/** Waits for a field's error under the form; on a timeout, says what the page held instead. */
async function fieldError(page: Page, name: string): Promise<void> {
  try {
    await page.locator('.mantine-InputWrapper-error').first().waitFor();
  } catch (error) {
    await screenshot(page, `attendance-failed-${name}`);
    const fields = await page
      .locator('input')
      .evaluateAll((inputs) =>
        inputs.map(
          (i) => `${i.getAttribute('data-testid') ?? i.getAttribute('name')}=${(i as HTMLInputElement).value}`,
        ),
      )
      .catch(() => []);
    throw new Error(`${(error as Error).message}\nat ${page.url()} with ${fields.join(', ')}`);
  }
}

async function createModeAndReason(page: Page) {
  await page.goto('/attendance-modes');
  await page.getByTestId('mode-card').first().waitFor();
  await page.getByTestId('add-mode').click();
  await page.waitForURL('**/add-attendance-mode');
  await page.getByTestId('mode-name').fill('Midday shift');
  // Every day of the week: a chip's label is what a person clicks.
  for (const d of [6, 7]) {
    const id = await page.getByTestId(`day-${d}`).getAttribute('id');
    await page.locator(`label[for="${id}"]`).click();
  }
  await page.getByTestId('mode-start').fill('08:00');
  await page.getByTestId('mode-end').fill('07:00');
  await page.getByTestId('mode-late-grace').fill('5');
  await page.getByTestId('save-mode').click();
  // Nothing sent: the errors stand beside their fields.
  await page.getByText('This field is required.').waitFor();
  await page.getByTestId('mode-code').fill('MIDDAY-OK');
  await page.getByTestId('save-mode').click();
  await page.getByText('The end time must be after the start time.').waitFor();
  expect(page.url()).toContain('/add-attendance-mode');
  await page.getByTestId('mode-end').fill('18:00');
  await page.getByTestId('save-mode').click();
  await page.waitForURL((u) => u.pathname === '/attendance-modes');
  const card = page.locator('[data-testid="mode-card"][data-name="Midday shift"]');
  await card.waitFor();

  await card.getByTestId('add-reason').click();
  await page.waitForURL('**/add-reason?**');
  await page.getByTestId('reason-name').fill('Road works');
  await page.getByTestId('reason-start').fill('08:05');
  await page.getByTestId('reason-end').fill('18:00');
  await page.getByTestId('reason-duration').fill('60');
  await page.getByTestId('reason-code').fill('LATE-ROAD');
  await page.getByTestId('reason-presented').fill('Too short');
  await page.getByTestId('save-reason').click();
  await page.getByText('The reason text must be at least 20 characters.').waitFor();
  await page.getByTestId('reason-presented').fill('Road works on the ring road held me up');
  await page.getByTestId('save-reason').click();
  await page.waitForURL((u) => u.pathname === '/attendance-modes');
  await card.getByTestId('reason-row').filter({ hasText: 'Road works' }).waitFor();
  return (await api<{ data: Array<{ id: string; name: string }> }>('GET', '/journeys')).data;
}

describe('attendance modes and reasons', () => {
  it('an admin creates a mode with a late reason; an offline kiosk asks Sam why; the dashboard shows the code', async () => {
    const admin = await adminPage('desktop', 'en');
    const journeys = await createModeAndReason(admin);
    await screenshot(admin, 'attendance-modes-desktop-en');

    // The Staff attendance journey takes the new mode.
    const staff = journeys.find((j) => JSON.stringify(j.name).includes('Staff attendance'))!;
    const detail = (
      await api<{ data: Record<string, unknown> & { settings: Record<string, unknown> } }>(
        'GET',
        `/journeys/${staff.id}`,
      )
    ).data;
    const mode = (
      await api<{ data: Array<{ id: string; name: string }> }>('GET', `/attendance_mode/${entityId}`)
    ).data.find((m) => m.name === 'Midday shift')!;
    await api('PUT', `/journeys/${staff.id}`, {
      name: detail.name,
      description: detail.description,
      logo: detail.logo,
      settings: { ...detail.settings, attendance_mode_id: mode.id },
    });

    // The kiosk, offline: Sam is late by the site's clock; the only late reason is preselected.
    const context = await newContext(browser, server.url, 'kioskLandscape', { offline: true });
    const kiosk = await context.newPage();
    await registerKiosk(kiosk, 'Attendance desk', shooter(kiosk, null));
    await untilOfflineReady(kiosk);
    await context.setOffline(true);
    await kiosk.locator('[data-testid="kiosk-online"][data-online="false"]').waitFor();
    await kiosk
      .getByTestId('kiosk-journey')
      .filter({ hasText: shownName('Staff attendance') })
      .click();
    await step(kiosk, 'identify');
    await kiosk.getByTestId('kiosk-search').fill('Sam Staff');
    await kiosk.getByTestId('kiosk-match').filter({ hasText: 'Sam Staff' }).click();
    await step(kiosk, 'reason', 30_000);
    const picked = kiosk.locator('[data-testid="kiosk-reason-option"][data-selected="true"]');
    await expect(picked.innerText()).resolves.toContain('Road works');
    await expect(picked.innerText()).resolves.toContain('Road works on the ring road held me up');
    await screenshot(kiosk, 'attendance-kiosk-reason-1280x800-en');
    await kiosk.getByTestId('kiosk-next').click();
    expect(await result(kiosk)).toMatchObject({ signedIn: 'true' });

    // Online again: the sign-in reaches the server, which judged it late with the reason's code.
    await context.setOffline(false);
    await kiosk.locator('[data-testid="kiosk-online"][data-online="true"]').waitFor({ timeout: 30_000 });
    const sam = admin.locator('[data-testid="logbook-row"][data-status="signed_in"]').filter({ hasText: 'Sam Staff' });
    await admin.goto('/');
    await sam.first().waitFor({ timeout: 60_000 });
    await sam.first().click();
    const drawer = admin.getByTestId('visit-drawer');
    await expect.poll(() => drawer.innerText(), { timeout: 20_000 }).toContain('LATE-ROAD');
    expect(await drawer.innerText()).toContain('Road works');
    await screenshot(admin, 'attendance-dashboard-code-desktop-en');

    // In Arabic: Sam leaves (no early reason: the mode's code, no question) and comes back late.
    // The result screen may have gone home by itself (12 s) while the admin looked: reload either way.
    await kiosk.evaluate(() => localStorage.setItem('language', 'ar'));
    await kiosk.reload();
    await step(kiosk, 'home');
    await kiosk.getByTestId('kiosk-sign-out').click();
    await step(kiosk, 'identify');
    await kiosk.getByTestId('kiosk-search').fill('Sam');
    await kiosk.getByTestId('kiosk-match').filter({ hasText: 'Sam Staff' }).click();
    expect(await result(kiosk)).toMatchObject({ signedOut: 'true' });
    await kiosk.getByTestId('kiosk-done').click();
    await kiosk
      .getByTestId('kiosk-journey')
      .filter({ hasText: shownName('Staff attendance') })
      .click();
    await step(kiosk, 'identify');
    await kiosk.getByTestId('kiosk-search').fill('Sam Staff');
    await kiosk.getByTestId('kiosk-match').filter({ hasText: 'Sam Staff' }).click();
    await step(kiosk, 'reason', 30_000);
    expect(await kiosk.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(kiosk, 'attendance-kiosk-reason-1280x800-ar');
    await context.close();
    await admin.context().close();
  });

  for (const [viewport, lang] of [
    ['desktop', 'ar'],
    ['tablet', 'en'],
    ['tablet', 'ar'],
  ] as const) {
    screens(`shows the modes, the mode form and the reason form (${viewport}, ${lang})`, async () => {
      const page = await adminPage(viewport, lang);
      await page.goto('/attendance-modes');
      await page.locator('[data-testid="mode-card"][data-name="Midday shift"]').waitFor();
      if (lang === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await screenshot(page, `attendance-modes-${viewport}-${lang}`);
      await page.locator('[data-testid="mode-card"][data-name="Midday shift"]').getByTestId('edit-mode').click();
      await page.getByTestId('mode-name').waitFor();
      await expect(page.getByTestId('mode-name').inputValue()).resolves.toBe('Midday shift');
      await page.getByTestId('mode-end').fill('07:00');
      await page.getByTestId('save-mode').click();
      await fieldError(page, `mode-form-${viewport}-${lang}`);
      await screenshot(page, `attendance-mode-form-${viewport}-${lang}`);
      await page.goto('/attendance-modes');
      await page.locator('[data-testid="mode-card"][data-name="Midday shift"]').getByTestId('add-reason').click();
      await page.getByTestId('reason-name').waitFor();
      await page.getByTestId('save-reason').click();
      await fieldError(page, `reason-form-${viewport}-${lang}`);
      await screenshot(page, `attendance-reason-form-${viewport}-${lang}`);
      await page.context().close();
    });
  }
});
