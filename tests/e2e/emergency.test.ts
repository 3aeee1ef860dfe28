// The fire alarm, end to end in Chromium: a kiosk has 20 people signed in; two wardens load the
// list, lose the network, each start a session for the same site and mark 10 people (5 of them
// both, 2 of those differently); on reconnect both tablets and the server show one session
// with 20 people, 2 conflicts and exact counts. Another admin sees 'Session Started' and
// 'Session Ended'. Screenshots of the list and the session on a phone and a tablet, en and ar.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, login, newContext, screenshot, VIEWPORTS } from './support/browser';
import { apiLogin, startServer, type RunningServer } from './support/server';
import { seedEvacuees, type Evacuees } from './support/evacuees';
import { screens } from './support/screens';

let server: RunningServer;
let browser: Browser;
let dataDir: string;
let site: Evacuees;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-emergency-'));
  site = await seedEvacuees(dataDir, 20);
  server = await startServer({ dataDir });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function tokenOf(email: string): Promise<string> {
  return (await apiLogin(server.url, email)).token;
}

const pending = (page: Page) => page.getByTestId('sync-status').getAttribute('data-pending');
const row = (page: Page, personId: string) =>
  page.locator(`[data-testid="roll-call-row"][data-person-id="${personId}"]`);
const figure = (page: Page, name: string) => page.getByTestId(`count-${name}`).getAttribute('data-value');

async function warden(
  email: string,
  viewport: keyof typeof VIEWPORTS = 'tablet',
  lang = 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, server.url, viewport, { offline: true });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  await login(page, email);
  await page.waitForFunction(
    () => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-phase') === 'idle',
    undefined,
    { timeout: 20_000 },
  );
  return { context, page };
}

/** The page from its top, as a person opening it sees it. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

async function mark(page: Page, personId: string, status: string): Promise<void> {
  await row(page, personId).getByTestId(`mark-${status}`).click();
  await expect.poll(() => row(page, personId).getAttribute('data-status')).toBe(status);
}

/** The numbers stay readable after a mark: in view and not under the "Status Updated" toast. */
async function countersUncovered(page: Page): Promise<void> {
  await page.locator('.mantine-Notification-root').first().waitFor();
  const uncovered = await page.evaluate(() =>
    ['count-total', 'count-accounted', 'count-not-accounted'].every((id) => {
      const box = document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
      const at = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return box.y >= 0 && box.bottom <= innerHeight && !!at?.closest('[data-testid="session-summary"]');
    }),
  );
  expect(uncovered).toBe(true);
}

const SAFE = 'safe';
let a: { context: BrowserContext; page: Page };
let b: { context: BrowserContext; page: Page };
let other: { context: BrowserContext; page: Page };
let sessionUrl = '';

describe('emergency roll call in Chromium', () => {
  it('merges two offline wardens into one session with every mark, 2 conflicts and exact counts', async () => {
    const admin = await tokenOf('admin@acme.test');
    // The kiosk signs 20 people in at Head Office (through the sync API, as a kiosk device does).
    const kiosk = uuidv7();
    await api(admin, '/api/sync/push', {
      method: 'POST',
      body: JSON.stringify({
        deviceId: kiosk,
        mutations: site.people.map((personId, i) => ({
          seq: i + 1,
          mutationId: uuidv7(),
          name: 'visit.signIn',
          clientTime: Date.now(),
          clockOffsetMs: 0,
          args: { eventId: uuidv7(), personId, areaId: site.areaId, at: Date.now() - 60_000 },
        })),
      }),
    });

    other = await warden('system@acme.test', 'desktop');
    [a, b] = [await warden('warden@acme.test'), await warden(site.secondWarden)];
    for (const { page } of [a, b]) {
      // The service worker must control the page so that everything works with the network down.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.goto('/emergency-list');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await expect
        .poll(() => page.getByTestId('on-site-total').getAttribute('data-count'), { timeout: 20_000 })
        .toBe('20');
    }
    await shot(a.page, 'emergency-list-tablet-en');

    await Promise.all([a.context.setOffline(true), b.context.setOffline(true)]);
    for (const { page } of [a, b]) {
      await page.getByTestId('go-sessions').click();
      await page.getByTestId('session-name').fill(page === a.page ? 'Fire alarm' : 'Alarm car park');
      await page.getByTestId('start-session').getByText('Head Office').click();
      await page.getByTestId('start-session-button').click();
      await page.getByTestId('session-page').waitFor();
      await expect.poll(() => figure(page, 'total')).toBe('20');
    }
    // Warden A: people 0–9 safe. Warden B, a little later: 5 and 6 missing (they differ from A),
    // 7–9 safe (they agree), 10 injured, 11–14 safe.
    for (const p of site.people.slice(0, 10)) await mark(a.page, p, SAFE);
    const bMarks: Array<[number, string]> = [
      [5, 'missing'],
      [6, 'missing'],
      [7, SAFE],
      [8, SAFE],
      [9, SAFE],
      [10, 'injured'],
      [11, SAFE],
      [12, SAFE],
      [13, SAFE],
      [14, SAFE],
    ];
    for (const [i, status] of bMarks) await mark(b.page, site.people[i]!, status);
    await countersUncovered(b.page);
    await expect(pending(a.page)).resolves.toBe('11');
    await expect(figure(b.page, 'missing')).resolves.toBe('2');

    await Promise.all([a.context.setOffline(false), b.context.setOffline(false)]);
    for (const { page } of [a, b]) {
      await expect.poll(() => pending(page), { timeout: 30_000 }).toBe('0');
      // Both tablets end up on the one merged session, whichever they started.
      await expect
        .poll(() => page.getByTestId('session-page').getAttribute('data-members'), { timeout: 15_000 })
        .toBe('2');
      await expect.poll(() => figure(page, 'conflicts'), { timeout: 15_000 }).toBe('2');
      expect(
        await Promise.all(
          ['total', 'safe', 'missing', 'injured', 'unaccounted', 'accounted'].map((f) => figure(page, f)),
        ),
      ).toEqual(['20', '12', '2', '1', '5', '13']);
      for (const i of [5, 6])
        await expect(row(page, site.people[i]!).getAttribute('data-conflict')).resolves.toBe('true');
    }
    expect(new URL(a.page.url()).pathname).toBe(new URL(b.page.url()).pathname);
    sessionUrl = new URL(a.page.url()).pathname;
    await shot(a.page, 'emergency-session-tablet-en');

    const server$ = await api<{
      count: number;
      data: Array<{
        memberIds: string[];
        summary: { total: number; accounted: number; conflicts: number; byStatus: Record<string, number> };
      }>;
    }>(admin, '/api/emergency/sessions');
    expect(server$.count).toBe(1);
    expect(server$.data[0]!.memberIds).toHaveLength(2);
    expect(server$.data[0]!.summary).toMatchObject({
      total: 20,
      accounted: 13,
      conflicts: 2,
      byStatus: { safe: 12, missing: 2, injured: 1, unaccounted: 5, left_site: 0 },
    });

    // The other admin was told once, with Join and Dismiss.
    await other.page.getByTestId('popup-dismiss').waitFor({ timeout: 10_000 });
    await expect(other.page.getByRole('dialog').innerText()).resolves.toContain('Session Started');
    await expect(other.page.getByTestId('popup-open').innerText()).resolves.toBe('Join');
    await other.page.getByTestId('popup-dismiss').click();

    // A warden who opens Gatehouse now lands on the running session, not on the dashboard; back on
    // the dashboard, it stays there.
    const late = await warden('warden@acme.test', 'phone');
    await late.page.waitForURL((u) => u.pathname === sessionUrl, { timeout: 20_000 });
    await late.page.getByTestId('session-page').waitFor();
    await late.page.goto('/');
    await late.page.getByTestId('dashboard-role').waitFor();
    await late.page.waitForTimeout(1_000);
    expect(new URL(late.page.url()).pathname).toBe('/');
    await late.context.close();
  });

  it("shows one warden's marks on the other tablet, settles a conflict and ends with a summary", async () => {
    const started = Date.now();
    await mark(a.page, site.people[15]!, SAFE);
    await expect.poll(() => row(b.page, site.people[15]!).getAttribute('data-status'), { timeout: 10_000 }).toBe(SAFE);
    console.log(`a mark reached the other tablet ${Date.now() - started} ms after the tap`);

    await row(b.page, site.people[5]!).getByTestId('settle-safe').click();
    for (const { page } of [a, b]) {
      await expect.poll(() => figure(page, 'conflicts'), { timeout: 10_000 }).toBe('1');
      await expect.poll(() => row(page, site.people[5]!).getAttribute('data-status')).toBe(SAFE);
    }

    await other.page.goto('/emergency-list');
    await other.page.getByTestId('on-site-total').waitFor();
    await a.page.getByTestId('end-session').click();
    await a.page.getByTestId('confirm-end').click();
    for (const { page } of [a, b])
      await expect
        .poll(() => page.getByTestId('session-page').getAttribute('data-active'), { timeout: 10_000 })
        .toBe('false');
    // Already on the emergency list: only Okay.
    await other.page.getByTestId('popup-okay').waitFor({ timeout: 10_000 });
    await expect(other.page.getByRole('dialog').innerText()).resolves.toContain('Session Ended');
    await expect(other.page.getByTestId('popup-open').count()).resolves.toBe(0);
    await other.page.getByTestId('popup-okay').click();

    const admin = await tokenOf('admin@acme.test');
    const ended = await api<{
      count: number;
      data: Array<{ active: boolean; summary: { total: number; accounted: number; endedAt: number | null } }>;
    }>(admin, '/api/emergency/sessions?state=ended');
    expect(ended.count).toBe(1);
    expect(ended.data[0]!.summary).toMatchObject({ total: 20, accounted: 15 });
    expect(ended.data[0]!.summary.endedAt).not.toBeNull();
    await Promise.all([a.context.close(), b.context.close(), other.context.close()]);
  });

  screens('looks right on a phone and a tablet, in English and Arabic', async () => {
    for (const [viewport, lang] of [
      ['phone', 'en'],
      ['phone', 'ar'],
      ['tablet', 'ar'],
    ] as const) {
      const { context, page } = await warden('warden@acme.test', viewport, lang);
      await page.goto('/emergency-list');
      await expect
        .poll(() => page.getByTestId('on-site-total').getAttribute('data-count'), { timeout: 20_000 })
        .toBe('20');
      await shot(page, `emergency-list-${viewport}-${lang}`);
      await page.goto(sessionUrl);
      await expect.poll(() => figure(page, 'total'), { timeout: 20_000 }).toBe('20');
      await shot(page, `emergency-session-${viewport}-${lang}`);
      if (viewport === 'phone') {
        // The roll call comes first: a warden sees the first name without scrolling, and the
        // numbers sit on one line above it.
        const first = await page.getByTestId('roll-call-row').first().boundingBox();
        expect(first!.y + first!.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
        const tops = await page
          .locator('[data-testid="session-summary"] [data-testid^="count-"]')
          .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
        expect(new Set(tops).size).toBe(1);
      }
      // "Not accounted for" is never shown beside a different "Unaccounted" number.
      if (lang === 'en') expect(await page.getByTestId('session-page').innerText()).not.toMatch(/unaccounted/i);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await context.close();
    }
  });
});
