// Wide tables on a phone, and small screens people found broken, in Chromium (English and
// Arabic, phone 390×844 and desktop 1440×900): every listed table is one focusable scroll region
// with a visible cue (axe scrollable-region-focusable), the visit summary's date clear buttons
// have names, a fire warden is not offered mass sign-in, /link-expired keeps its language switch
// whole and does not claim an arrival it does not know, announcements for everyone say so, an
// empty import list says it under its header, and /sync-status for no or an unknown integration
// says not found.
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { loggedInPage, newContext, screenshot } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { apiLogin, type RunningServer } from './support/server';
import { journeyOrSweep } from './support/screens';
import { pushAsOneDevice } from './support/push';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const DESKTOP = { width: 1440, height: 900 };

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

// A day of time on site two days ago, so the timesheet and time reports have rows to show.
beforeAll(async () => {
  const { token, entityId } = await apiLogin(server.url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const deviceId = uuidv7();
  const pulled = (await (
    await fetch(`${server.url}/api/sync/pull?deviceId=${deviceId}&limit=5000`, { headers })
  ).json()) as { changes: Array<{ table: string; id: string; data: { name?: string } | null }> };
  const reception = pulled.changes.find((c) => c.table === 'areas' && c.data?.name === 'Reception')!.id;
  const people = (
    (await (await fetch(`${server.url}/api/users/${entityId}?limit=2&page=1`, { headers })).json()) as {
      data: Array<{ id: string }>;
    }
  ).data;
  const H = 3_600_000;
  const day = Math.floor(Date.now() / (24 * H)) * 24 * H - 2 * 24 * H;
  const mutations = people.flatMap((p) => [
    { name: 'visit.signIn', args: { eventId: uuidv7(), personId: p.id, areaId: reception, at: day + 9 * H } },
    { name: 'visit.signOut', args: { eventId: uuidv7(), personId: p.id, areaId: reception, at: day + 17 * H } },
  ]);
  await pushAsOneDevice(server.url, headers, mutations, { deviceId });
});

/** axe's verdict on some rules for what the page shows now: the ids of the rules violated. */
async function axe(page: Page, rules: string[]): Promise<string[]> {
  // axe goes in through the page (the CSP refuses a script tag from elsewhere).
  const source = await import('node:fs').then((fs) => fs.readFileSync(AXE, 'utf8'));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  return page.evaluate(async (only) => {
    const run = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const r = await run.run(document, { runOnly: { type: 'rule', values: only }, resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, rules);
}

const TABLE_PAGES: Array<[name: string, path: string]> = [
  ['timesheet', '/reporting/timesheet'],
  ['users-not-on-site', '/reporting/users-not-on-site'],
  ['export-list', '/reporting/export-list'],
  ['kiosk-logs', '/reporting/kiosk-logs'],
  ['printer', '/reporting/printer'],
  ['time', '/reporting/time'],
  ['user-types', '/user-types'],
  ['custom-fields', '/custom-fields'],
  ['import-queue', '/users/import/queue'],
  ['integrations', '/integration'],
  ['visit-summary', '/reporting/visit_summary'],
];

describe('wide tables and small screens', () => {
  for (const lang of ['en', 'ar'] as const) {
    journeyOrSweep(lang === 'en')(
      `every listed table scrolls as one focusable region with a cue on a phone (${lang})`,
      async () => {
        const page = await loggedInPage(browser, server.url, 'phone', lang);
        for (const [name, path] of TABLE_PAGES) {
          await page.goto(path);
          const region = page.locator('[data-testid="table-scroll"][data-scrollable="true"]').first();
          await region.waitFor({ timeout: 20_000 }).catch(async (e: Error) => {
            await screenshot(page, `table-${name}-missing-phone-${lang}`);
            throw new Error(`${name}: no scrolling table (${e.message})`);
          });
          await page
            .locator('.mantine-LoadingOverlay-root')
            .waitFor({ state: 'detached' })
            .catch(() => undefined);
          expect(await axe(page, ['scrollable-region-focusable', 'button-name']), `${name} ${lang}`).toEqual([]);
          // The cue a person sees, and the keyboard: the region takes focus and the arrow key scrolls it.
          await expect(region.getByTestId('table-scroll-hint').isVisible()).resolves.toBe(true);
          const viewport = region.locator('.gh-table-scroll-viewport');
          await viewport.focus();
          await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
          await expect.poll(() => viewport.evaluate((el) => Math.abs(el.scrollLeft))).toBeGreaterThan(0);
          await expect
            .poll(() => region.locator('.gh-table-scroll-frame').getAttribute('data-more-start'))
            .toBe('true');
          await viewport.evaluate((el) => el.scrollTo({ left: 0 }));
          await screenshot(page, `table-${name}-phone-${lang}`);
          await page.setViewportSize(DESKTOP);
          await screenshot(page, `table-${name}-desktop-${lang}`);
          await page.setViewportSize({ width: 390, height: 844 });
        }
        // An empty list says so under its header, and the sentence stays on screen while the table is wider.
        await page.goto('/users/import/queue');
        const empty = page.getByTestId('import-queue-empty');
        await empty.waitFor();
        const box = (await empty.locator('p').boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        await page.context().close();
      },
    );

    journeyOrSweep(lang === 'en')(`announcements for everyone say so (${lang})`, async () => {
      const page = await loggedInPage(browser, server.url, 'desktop', lang);
      await page.setViewportSize(DESKTOP);
      await page.goto('/announcements');
      const row = page.locator('tbody tr').filter({ hasText: lang === 'en' ? 'Fire drill' : 'تمرين إخلاء' });
      await row.waitFor();
      await expect(row.locator('td').nth(2).innerText()).resolves.toBe(lang === 'en' ? 'Everyone' : 'الجميع');
      await screenshot(page, `announcements-everyone-desktop-${lang}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `announcements-everyone-phone-${lang}`);
      await page.context().close();
    });

    it(`/link-expired keeps its language switch whole and claims no arrival it does not know (${lang})`, async () => {
      const context = await newContext(browser, server.url, 'phone');
      await context.addInitScript((l) => localStorage.setItem('language', l), lang);
      const page = await context.newPage();
      await page.goto('/link-expired');
      const message = page.getByTestId('link-expired-message');
      await message.waitFor();
      const text = await message.innerText();
      expect(text).not.toContain(lang === 'en' ? 'already arrived' : 'وصلت بالفعل');
      if (lang === 'en')
        expect(text).toBe('Your confirmation link has expired. Please contact the system admin for further details.');
      const label = page.getByTestId('language-switcher').locator('.mantine-Button-label');
      const fits = await label.evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits).toBe(true);
      await screenshot(page, `link-expired-phone-${lang}`);
      await page.setViewportSize(DESKTOP);
      await screenshot(page, `link-expired-desktop-${lang}`);
      await context.close();
    });

    journeyOrSweep(lang === 'en')(
      `/sync-status without an id or with an unknown one says not found, online (${lang})`,
      async () => {
        const page = await loggedInPage(browser, server.url, 'phone', lang);
        await page.goto('/sync-status');
        await page.getByTestId('sync-status-not-found').waitFor();
        await expect(page.getByText(lang === 'en' ? 'needs a connection' : 'اتصال').count()).resolves.toBe(0);
        // Nothing to start for an integration that is not there.
        await expect(page.getByTestId('sync-start').isVisible()).resolves.toBe(false);
        await screenshot(page, `sync-status-not-found-phone-${lang}`);
        await page.goto('/sync-status?id=01900000-0000-7000-8000-000000000000');
        await page.getByTestId('sync-status-not-found').waitFor();
        await page.setViewportSize(DESKTOP);
        await screenshot(page, `sync-status-not-found-desktop-${lang}`);
        await page.context().close();
      },
    );
  }

  it('offers a fire warden no mass sign-in / sign-out, and an admin still has it', async () => {
    const warden = await loggedInPage(browser, server.url, 'desktop', 'en', 'warden@acme.test');
    await warden.setViewportSize(DESKTOP);
    await warden.goto('/');
    await warden.getByTestId('dashboard-company').waitFor({ timeout: 20_000 });
    await expect(warden.getByTestId('open-mass-action').count()).resolves.toBe(0);
    await screenshot(warden, 'dashboard-warden-desktop-en');
    await warden.context().close();
    const admin = await loggedInPage(browser, server.url, 'phone', 'ar');
    await admin.getByTestId('dashboard-company').waitFor({ timeout: 20_000 });
    await admin.getByTestId('open-mass-action').waitFor();
    await admin.context().close();
  });
});
