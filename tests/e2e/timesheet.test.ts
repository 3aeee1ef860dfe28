// Timesheet and time reports in Chromium: three people each worked 09:00–17:00 UTC two days
// ago; the timesheet shows them, a person filter narrows it, the xlsx export reads back with
// exceljs, and the time report adds their hours up. Screenshots desktop and tablet, English
// and Arabic. The rules themselves (late/early, midnight, DST) are in the unit and server tests.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { v7 as uuidv7 } from 'uuid';
import { chooseFromMenu, login, newContext, screenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';
import { pushAsOneDevice } from './support/push';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const H = 3_600_000;
const DAY = 24 * H;

/** Signs three people in at 09:00 UTC two days ago and out at 17:00, through the sync push. */
async function seedDay(page: Page) {
  const session = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user')!).data as { access_token: string; user: { entity: { id: string } } },
  );
  const headers = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  const people = (
    (await (await fetch(`${server.url}/api/users/${session.user.entity.id}?limit=3&page=1`, { headers })).json()) as {
      data: Array<{ id: string }>;
    }
  ).data;
  const findReception = () =>
    new Promise<string | null>((resolve) => {
      const open = indexedDB.open('gatehouse');
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('areas')) {
          db.close();
          return resolve(null);
        }
        const all = db.transaction('areas').objectStore('areas').getAll();
        all.onsuccess = () => {
          db.close();
          resolve((all.result as Array<{ id: string; name: string }>).find((a) => a.name === 'Reception')?.id ?? null);
        };
        all.onerror = () => {
          db.close();
          resolve(null);
        };
      };
    });
  let reception: string | null = null;
  await expect
    .poll(async () => (reception = await page.evaluate(findReception).catch(() => null)), { timeout: 30_000 })
    .not.toBeNull();
  const day = Math.floor(Date.now() / DAY) * DAY - 2 * DAY;
  const mutations = people.flatMap((p) => [
    { name: 'visit.signIn', args: { eventId: uuidv7(), personId: p.id, areaId: reception, at: day + 9 * H } },
    { name: 'visit.signOut', args: { eventId: uuidv7(), personId: p.id, areaId: reception, at: day + 17 * H } },
  ]);
  await pushAsOneDevice(server.url, headers, mutations);
}

describe('timesheet and time reports', () => {
  it('timesheet: filter by person, export xlsx read back; time on site adds up', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await seedDay(page);

    await page.goto('/reporting/timesheet');
    await expect
      .poll(() => page.getByTestId('timesheet-count').getAttribute('data-count'), { timeout: 20_000 })
      .toBe('3');
    await expect.poll(() => page.getByTestId('timesheet-person').count()).toBe(3);
    const first = page.getByTestId('timesheet-person').first();
    expect(await first.getByTestId('timesheet-day').getAttribute('data-minutes')).toBe('480');
    await expect.poll(() => first.getByTestId('timesheet-total').innerText()).toBe('Total 8:00');
    await screenshot(page, 'timesheet-desktop-en');

    // Filter: one person.
    const name = await first.locator('p').first().innerText();
    await page.getByTestId('timesheet-filter-person').click();
    await page.getByTestId('timesheet-filter-person').fill(name);
    await page.getByRole('option', { name, exact: true }).click();
    await expect.poll(() => page.getByTestId('timesheet-count').getAttribute('data-count')).toBe('1');
    expect(page.url()).toContain('person=');

    // Export xlsx, then the file from the export list.
    await chooseFromMenu(page, page.getByTestId('export-button'), page.getByTestId('export-xlsx'));
    await page.getByTestId('export-started').waitFor();
    await page.getByRole('button', { name: 'Open the export list' }).click();
    await page.waitForURL('**/reporting/export-list');
    const row = page.getByTestId('export-row').first();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    await expect.poll(() => row.innerText()).toContain('Timesheet');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-download').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(6).value).toBe('Hours');
    expect(sheet.getRow(2).getCell(1).value).toBe(name);
    expect(sheet.getRow(2).getCell(6).value).toBe(8);

    // Time on site: three people, 24 hours in all.
    await page.goto('/reporting/time');
    await expect.poll(() => page.getByTestId('time-total').innerText(), { timeout: 20_000 }).toBe('24:00');
    await expect.poll(() => page.getByTestId('time-person').count()).toBe(3);
    await screenshot(page, 'time-desktop-en');

    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    for (const [path, name, ready] of [
      ['/reporting/timesheet', 'timesheet', 'timesheet-person'],
      ['/reporting/time', 'time', 'time-person'],
    ] as const) {
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(path);
      await page.getByTestId(ready).first().waitFor({ timeout: 20_000 });
      await screenshot(page, `${name}-tablet-ar`);
      await page.setViewportSize({ width: 1366, height: 800 });
      await screenshot(page, `${name}-desktop-ar`);
    }
    await context.close();
  });

  it('keeps the timesheet from someone without reporting', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, 'employee@acme.test');
    await page.goto('/reporting/timesheet');
    await page.waitForURL((url) => !url.pathname.startsWith('/reporting'));
    await context.close();
  });
});
