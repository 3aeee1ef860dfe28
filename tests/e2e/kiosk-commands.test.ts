// A registered kiosk in Chromium: after idling it goes home with nothing a visitor typed left
// on screen; the dashboard's commands reach it (a move shows the new area, a restart reloads
// it); and the /sites kiosk list with its actions, at desktop and tablet, English and Arabic.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerKiosk, shooter, startJourney, step } from './kiosk/kiosk-steps';
import { launch, login, newContext, screenshot } from './support/browser';
import { apiLogin, startServer, type RunningServer } from './support/server';
import { screens } from './support/screens';

let server: RunningServer;
let browser: Browser;
let adminToken: string;
let entityId: string;

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as T };
}
type KioskRow = { id: string; kiosk_name: string; state: string; area_id: string };
const kioskNamed = async (name: string) =>
  (await api<{ data: KioskRow[] }>('GET', `/kiosk/${entityId}`)).json.data.find((k) => k.kiosk_name === name)!;

beforeAll(async () => {
  server = await startServer();
  ({ token: adminToken, entityId } = await apiLogin(server.url));
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function kiosk(name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, server.url, 'kioskLandscape', { offline: true });
  // Fake timers that still run in real time, so the idle wait can be fast-forwarded.
  await context.clock.install();
  const page = await context.newPage();
  await registerKiosk(page, name, shooter(page, null));
  await page.locator('[data-testid="kiosk-online"][data-online="true"]').waitFor();
  return { context, page };
}

describe('kiosk commands and idle', () => {
  it('goes home after idling, leaving nothing the visitor typed on screen', async () => {
    const { context, page } = await kiosk('Idle desk');
    await startJourney(page, 'Visitor sign-in');
    await page.getByTestId('kiosk-search').fill('Zebedee Private');
    await expect(page.content()).resolves.toContain('Zebedee Private');
    // quiet time (45 s, held 5 s by the typing), then the warning (30 s), then home.
    await page.clock.fastForward(51_000);
    await page.getByTestId('kiosk-idle-warning').waitFor();
    await page.clock.fastForward(31_000);
    await step(page, 'home');
    await expect(page.locator('body').innerText()).resolves.not.toContain('Zebedee');
    await startJourney(page, 'Visitor sign-in');
    await expect(page.getByTestId('kiosk-search').inputValue()).resolves.toBe('');
    await context.close();
  });

  it('a move reaches the registered kiosk (new area on screen) and a restart reloads it', async () => {
    const { context, page } = await kiosk('Command desk');
    await expect(page.getByTestId('kiosk-area').innerText()).resolves.toContain('Reception');
    const row = await kioskNamed('Command desk');
    expect(row.state).toBe('online');
    const areas = (await api<{ data: Array<{ id: string; name: string }> }>('GET', '/kiosks/areas')).json.data;
    const target = areas.find((a) => a.name !== 'Reception')!;
    expect((await api('PUT', `/kiosk_move/${row.id}`, { area_id: target.id })).json).toMatchObject({
      message: 'Kiosk Moved',
    });
    await page.getByTestId('kiosk-area').filter({ hasText: target.name }).waitFor();

    await page.evaluate(() => {
      (window as unknown as { beforeRestart?: boolean }).beforeRestart = true;
    });
    expect((await api('POST', '/kiosks/restart-app', { kiosk_ids: [row.id] })).status).toBe(201);
    await page.waitForFunction(
      () => (window as unknown as { beforeRestart?: boolean }).beforeRestart === undefined,
      undefined,
      { timeout: 30_000 },
    );
    await step(page, 'home');
    await page.getByTestId('kiosk-area').filter({ hasText: target.name }).waitFor();
    const pending = (await api<{ data: { pending_commands: unknown[] } }>('GET', `/get_kiosk_with_setting/${row.id}`))
      .json.data.pending_commands;
    expect(pending).toEqual([]);
    await context.close();
  });

  it('logs journey steps and refusals only while logging is on; update-app reaches the kiosk and its requests show it succeeded', async () => {
    const { context, page } = await kiosk('Log desk');
    const row = await kioskNamed('Log desk');
    const codes = async () =>
      (await api<{ data: Array<{ kioskId: string; code: string }> }>('GET', '/kiosks/logs?since=0')).json.data
        .filter((l) => l.kioskId === row.id)
        .map((l) => l.code);
    const requests = async () =>
      (await api<{ data: Array<{ command: string; status: string }> }>('GET', `/kiosks/requests/${row.id}/all`)).json
        .data;
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 300 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await check()).toBe(true);
    };
    const visitAndRefuse = async () => {
      await startJourney(page, 'Visitor sign-in');
      await page.getByTestId('kiosk-rfid').fill('no-such-card');
      await page.getByTestId('kiosk-rfid').press('Enter');
      await page.getByTestId('kiosk-identify-problem').waitFor();
      await page.getByTestId('kiosk-cancel').click();
      await step(page, 'home');
    };
    await visitAndRefuse();
    expect((await api('POST', '/kiosks/kiosk-logging', { kiosk_ids: [row.id], enabled: true })).status).toBe(201);
    await until(async () => (await requests()).some((r) => r.command === 'logging' && r.status === 'succeeded'));
    await visitAndRefuse();
    await until(async () => (await codes()).includes('refused:identify.unknownCode'));
    const written = await codes();
    // Only the journey made while logging was on left step and refusal lines.
    expect(written.filter((c) => c === 'step:identify')).toHaveLength(1);
    expect(written.filter((c) => c === 'refused:identify.unknownCode')).toHaveLength(1);

    expect((await api('POST', '/kiosks/notify-remote-screen-share-start', { kiosk_ids: [row.id] })).status).toBe(201);
    await page.locator('[data-testid="kiosk-remote-notice"][data-notice="support_started"]').waitFor();
    await screenshot(page, 'kiosk-remote-support-landscape-en');

    for (const lang of ['en', 'ar'] as const) {
      const admin = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1440, height: 900 },
        serviceWorkers: 'allow',
      });
      await admin.addInitScript((l) => localStorage.setItem('language', l), lang);
      const dash = await admin.newPage();
      await login(dash, 'admin@acme.test');
      await dash.goto('/sites?tab=kiosks');
      const kioskRow = dash.getByTestId('kiosk-row').filter({ hasText: 'Log desk' });
      if (lang === 'en') {
        await kioskRow.getByTestId('kiosk-actions').click();
        await dash.getByTestId('kiosk-action-update').click();
        await dash.getByTestId('toast-success').first().waitFor();
        await until(async () => (await requests()).some((r) => r.command === 'update_app' && r.status === 'succeeded'));
        // The toast closes by itself; the picture is of the drawer, not of the toast over its title.
        await dash.getByTestId('toast-success').first().waitFor({ state: 'hidden', timeout: 15_000 });
      }
      await kioskRow.getByTestId('kiosk-actions').click();
      await dash.getByTestId('kiosk-action-requests').click();
      await dash
        .locator('[data-testid="kiosk-request-row"][data-command="update_app"][data-status="succeeded"]')
        .waitFor({ timeout: 30_000 });
      await dash.waitForFunction(() =>
        [...document.querySelectorAll('.mantine-Drawer-content')].some((e) => getComputedStyle(e).opacity === '1'),
      );
      await screenshot(dash, `kiosk-requests-desktop-${lang}`);
      await admin.close();
    }
    await context.close();
  });

  const sizes = [
    ['desktop', { width: 1440, height: 900 }],
    ['tablet', { width: 1024, height: 768 }],
  ] as const;
  for (const [size, viewport] of sizes) {
    for (const lang of ['en', 'ar'] as const) {
      screens(`shows the kiosk list with its actions: ${size} ${lang}`, async () => {
        const context = await browser.newContext({ baseURL: server.url, viewport, serviceWorkers: 'allow' });
        await context.addInitScript((l) => localStorage.setItem('language', l), lang);
        const page = await context.newPage();
        await login(page, 'admin@acme.test');
        await page.goto('/sites?tab=kiosks');
        await page.getByTestId('kiosk-row').first().waitFor();
        await screenshot(page, `kiosk-list-${size}-${lang}`);
        await page.getByTestId('kiosk-actions').first().click();
        await page.getByTestId('kiosk-action-move').waitFor();
        await page.waitForFunction(() =>
          [...document.querySelectorAll('.mantine-Menu-dropdown')].some((e) => getComputedStyle(e).opacity === '1'),
        );
        await screenshot(page, `kiosk-list-menu-${size}-${lang}`);
        await page.getByTestId('kiosk-action-move').click();
        await page.getByTestId('kiosk-move-submit').waitFor();
        // Let the dialog finish fading in before the picture.
        await page.waitForFunction(() =>
          [...document.querySelectorAll('.mantine-Modal-content')].some((e) => getComputedStyle(e).opacity === '1'),
        );
        await screenshot(page, `kiosk-list-move-${size}-${lang}`);
        await page.getByTestId('kiosk-move-submit').click();
        await page.getByTestId('toast-success').first().waitFor();
        await page.getByRole('checkbox').first().check();
        await page.getByTestId('kiosk-bulk-bar').waitFor();
        await screenshot(page, `kiosk-list-bulk-${size}-${lang}`);
        await context.close();
      });
    }
  }
});
