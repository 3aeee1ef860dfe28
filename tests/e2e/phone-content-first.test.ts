// On a phone the content comes first: History's filters (but the date range) sit behind one
// "Filters" button and its first row starts on the first screen; Users shows its mass actions only
// once someone is selected, at every size. On a desktop History's filters show without a click.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { loggedInPage, screenshot } from './support/browser';
import { journeyOrSweep } from './support/screens';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';
import { pushAsOneDevice } from './support/push';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const PHONE_HEIGHT = 844;
let seeded: Promise<void> | undefined;

/** Three people, each a visit an hour ago, so History has rows. */
async function seedVisits(page: Page): Promise<void> {
  const session = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user')!).data as { access_token: string; user: { entity: { id: string } } },
  );
  const headers = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  const people = (
    (await (await fetch(`${server.url}/api/users/${session.user.entity.id}?limit=3&page=1`, { headers })).json()) as {
      data: Array<{ id: string }>;
    }
  ).data;
  const pull = (await (
    await fetch(`${server.url}/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, { headers })
  ).json()) as { changes: Array<{ table: string; id: string; data: { name?: string } | null }> };
  const reception = pull.changes.find((c) => c.table === 'areas' && c.data?.name === 'Reception')!.id;
  const now = Date.now();
  const mutations = people.flatMap((p, i) => [
    { name: 'visit.signIn', args: { eventId: uuidv7(), personId: p.id, areaId: reception, at: now - 3_600_000 + i } },
    { name: 'visit.signOut', args: { eventId: uuidv7(), personId: p.id, areaId: reception, at: now - 60_000 } },
  ]);
  await pushAsOneDevice(server.url, headers, mutations, { clientTime: now });
}

const top = async (page: Page, testId: string) => (await page.getByTestId(testId).first().boundingBox())!.y;
const bulkButtons = (page: Page) => page.getByTestId('bulk-bar').getByRole('button');

describe('content first on a phone', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`history: filters behind one button, rows on the first screen, dates still work (${lang})`, async () => {
      const page = await loggedInPage(browser, server.url, 'phone', lang);
      await (seeded ??= seedVisits(page));
      await page.goto('/reporting/history?status=signed_out');
      await page.getByTestId('history-row').first().waitFor({ timeout: 20_000 });
      expect(await top(page, 'history-row')).toBeLessThan(PHONE_HEIGHT);
      // One filter set, counted on the button; the other filters hidden until it is pressed.
      const toggle = page.getByTestId('history-filters-toggle');
      await expect.poll(() => toggle.innerText()).toMatch(/\(1\)|\(١\)/);
      expect(await page.getByTestId('filter-site').isVisible()).toBe(false);
      await screenshot(page, `phone-first-history-phone-${lang}`);
      await toggle.click();
      await page.getByTestId('filter-site').waitFor({ state: 'visible' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await screenshot(page, `phone-first-history-open-phone-${lang}`);
      // The date range stays in view and works.
      await page.getByTestId('filter-dates-calendar').click();
      await page.getByTestId('filter-dates-preset-today').click();
      await expect.poll(() => page.url()).toContain('from=');
      await page.context().close();
    });

    it(`users: no mass action until someone is selected, then the count (${lang})`, async () => {
      const page = await loggedInPage(browser, server.url, 'phone', lang);
      await page.goto('/users');
      const first = page.getByTestId('user-row').first();
      await first.waitFor({ timeout: 20_000 });
      expect(await top(page, 'user-row')).toBeLessThan(PHONE_HEIGHT);
      expect(await bulkButtons(page).count()).toBe(0);
      expect(await page.getByTestId('bulk-archive').count()).toBe(0);
      await screenshot(page, `phone-first-users-phone-${lang}`);
      await first.locator('input[type="checkbox"]').check();
      await page.getByTestId('bulk-archive').waitFor();
      expect(await page.getByTestId('bulk-count').innerText()).toMatch(/1|١/);
      await screenshot(page, `phone-first-users-selected-phone-${lang}`);
      await first.locator('input[type="checkbox"]').uncheck();
      await expect.poll(() => page.getByTestId('bulk-archive').count()).toBe(0);
      await page.context().close();
    });
  }

  for (const lang of ['en', 'ar'] as const) {
    journeyOrSweep(lang === 'en')(
      `desktop: history's filters show without a click, users' actions only when selected (${lang})`,
      async () => {
        const page = await loggedInPage(browser, server.url, 'desktop', lang);
        await (seeded ??= seedVisits(page));
        await page.goto('/reporting/history');
        await page.getByTestId('filter-site').waitFor({ state: 'visible', timeout: 20_000 });
        for (const id of ['filter-dates', 'filter-status', 'filter-checks', 'filter-clear'])
          expect(await page.getByTestId(id).isVisible()).toBe(true);
        expect(await page.getByTestId('history-filters-toggle').count()).toBe(0);
        await screenshot(page, `phone-first-history-desktop-${lang}`);
        await page.goto('/users');
        const first = page.getByTestId('user-row').first();
        await first.waitFor({ timeout: 20_000 });
        expect(await page.getByTestId('bulk-archive').count()).toBe(0);
        await screenshot(page, `phone-first-users-desktop-${lang}`);
        await first.locator('input[type="checkbox"]').check();
        await page.getByTestId('bulk-archive').waitFor();
        await screenshot(page, `phone-first-users-selected-desktop-${lang}`);
        await page.context().close();
      },
    );
  }
});
