// Reports in Chromium: /Reporting opens the history; filter, sort, export xlsx and read the
// file back with exceljs while the export list follows the job; the visit summary's chart and
// table. Screenshots of each page, desktop and tablet, English and Arabic.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { v7 as uuidv7 } from 'uuid';
import { chooseFromMenu, login, newContext, screenshot, printToPdf, untilOfflineReady } from './support/browser';
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
const names = (page: Page) => page.getByTestId('history-row').locator('td:nth-child(3)').allInnerTexts();

/** Adds `n` visitors through the users API (the demo company has fewer people than a page and a bit). */
async function addPeople(page: Page, n: number): Promise<void> {
  const session = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user')!).data as { access_token: string; user: { entity: { id: string } } },
  );
  const headers = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  const list = (await (
    await fetch(`${server.url}/api/users/${session.user.entity.id}?limit=1&page=1`, { headers })
  ).json()) as { data: Array<{ user_type_id: string }> };
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${server.url}/api/users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        full_name: `Aaron Print ${i}`,
        email: `aaron.print.${i}@acme.test`,
        phone: `0755000${i}`,
        user_type_id: list.data[0]!.user_type_id,
      }),
    });
    expect(res.status).toBe(201);
  }
}

async function seedVisits(page: Page, limit = 8): Promise<number> {
  const session = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user')!).data as { access_token: string; user: { entity: { id: string } } },
  );
  const headers = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  const people = (
    (await (
      await fetch(`${server.url}/api/users/${session.user.entity.id}?limit=${limit}&page=1`, { headers })
    ).json()) as {
      data: Array<{ id: string }>;
    }
  ).data;
  // After login the app loads with a full page load and its first pull fills the areas: read
  // them until they are there (a read cut short by that page load counts as not yet).
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
  const now = Date.now();
  // Each person: a visit two days ago (signed out) and, for the first three, one now (still in).
  const mutations = people.flatMap((p, i) => {
    const visits = [
      {
        name: 'visit.signIn',
        args: { eventId: uuidv7(), personId: p.id, areaId: reception, at: now - 48 * H + i * 60_000 },
      },
      {
        name: 'visit.signOut',
        args: { eventId: uuidv7(), personId: p.id, areaId: reception, at: now - 46 * H + i * 60_000 },
      },
    ];
    if (i < 3)
      visits.push({
        name: 'visit.signIn',
        args: { eventId: uuidv7(), personId: p.id, areaId: reception, at: now - H + i * 60_000 },
      });
    return visits;
  });
  await pushAsOneDevice(server.url, headers, mutations, { clientTime: now });
  return people.length + 3;
}

describe('reports', () => {
  it('history: filter, sort, export xlsx read back, and the export list follows the job', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    const total = await seedVisits(page);

    await page.goto('/Reporting');
    await page.waitForURL('**/reporting/history');
    await expect
      .poll(() => page.getByTestId('history-count').getAttribute('data-count'), { timeout: 20_000 })
      .toBe(String(total));
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(10);
    await screenshot(page, 'reports-history-desktop-en');

    // Filter: only those signed in now.
    await page.getByTestId('filter-status').click();
    await page.getByRole('option', { name: 'Signed in', exact: true }).click();
    await expect.poll(() => page.getByTestId('history-count').getAttribute('data-count')).toBe('3');
    expect(
      new Set(await page.getByTestId('history-row').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-status')))),
    ).toEqual(new Set(['signed_in']));
    expect(page.url()).toContain('status=signed_in');

    // Sort by name, both ways.
    await page.getByTestId('sort-name').click();
    await expect
      .poll(async () => (await names(page)).join('|'))
      .toBe([...(await names(page))].sort((a, b) => a.localeCompare(b)).join('|'));
    const ascending = await names(page);
    await page.getByTestId('sort-name').click();
    await expect.poll(async () => (await names(page)).join('|')).toBe([...ascending].reverse().join('|'));

    // Export xlsx: the hint, then the list shows the job done, then the file.
    await chooseFromMenu(page, page.getByTestId('export-button'), page.getByTestId('export-xlsx'));
    await page.getByTestId('export-started').waitFor();
    await page.getByRole('button', { name: 'Open the export list' }).click();
    await page.waitForURL('**/reporting/export-list');
    const row = page.getByTestId('export-row').first();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(await row.getAttribute('data-format')).toBe('xlsx');
    await expect.poll(() => row.innerText()).toContain('Ada Admin');
    await screenshot(page, 'reports-export-list-desktop-en');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-download').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).getCell(3).value).toBe('Name');
    const exported = [2, 3, 4].map((r) => String(sheet.getRow(r).getCell(10).value));
    expect(exported).toEqual(['Signed in', 'Signed in', 'Signed in']);
    expect(String(sheet.getRow(2).getCell(1).value)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    // A second export appears in the open list by itself (socket), and ends done.
    const before = await page.getByTestId('export-row').count();
    const other = await context.newPage();
    await other.goto('/reporting/history');
    await other.getByTestId('history-row').first().waitFor();
    await chooseFromMenu(other, other.getByTestId('export-button'), other.getByTestId('export-csv'));
    await other.getByTestId('export-started').waitFor();
    await expect.poll(() => page.getByTestId('export-row').count(), { timeout: 20_000 }).toBe(before + 1);
    await expect
      .poll(() => page.getByTestId('export-row').first().getAttribute('data-status'), { timeout: 30_000 })
      .toBe('done');
    await other.close();

    // Visit summary: the week's count, chart and table.
    await page.goto('/reporting/visit_summary');
    await expect.poll(() => page.getByTestId('summary-total').innerText(), { timeout: 20_000 }).toBe(String(total));
    await page.getByTestId('summary-chart').waitFor();
    await page.getByTestId('summary-row').first().waitFor();
    await screenshot(page, 'reports-summary-desktop-en');

    // Tablet, English then Arabic; desktop Arabic.
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'reports-summary-tablet-en');
    await page.goto('/reporting/history');
    await page.getByTestId('history-row').first().waitFor();
    await screenshot(page, 'reports-history-tablet-en');
    await page.goto('/reporting/export-list');
    await page.getByTestId('export-row').first().waitFor();
    await screenshot(page, 'reports-export-list-tablet-en');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    for (const [path, name, ready] of [
      ['/reporting/history', 'history', 'history-row'],
      ['/reporting/visit_summary', 'summary', 'summary-row'],
      ['/reporting/export-list', 'export-list', 'export-row'],
    ] as const) {
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(path);
      await page.getByTestId(ready).first().waitFor({ timeout: 20_000 });
      if (name === 'summary') await page.getByTestId('summary-chart').waitFor();
      await screenshot(page, `reports-${name}-tablet-ar`);
      await page.setViewportSize({ width: 1366, height: 800 });
      await screenshot(page, `reports-${name}-desktop-ar`);
    }
    await context.close();
  });

  it('print: the whole filtered history, in English and Arabic, and not offline', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    // window.print is only recorded: the print view stays for the print-media checks below.
    await context.addInitScript(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => void (w.printed += 1);
    });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    // Enough visits for a print of several pages (each header repeated, no row cut).
    for (let i = 0; i < 6; i++) await seedVisits(page);
    const day = (ms: number) => new Date(ms).toLocaleDateString('sv-SE');
    const filter = `from=${day(Date.now() - 72 * H)}&to=${day(Date.now())}&sort=name&order=asc`;
    await page.goto(`/reporting/history?${filter}`);
    await page.getByTestId('history-row').first().waitFor({ timeout: 20_000 });
    const count = Number(await page.getByTestId('history-count').getAttribute('data-count'));
    expect(count).toBeGreaterThan(10); // more than the screen's page of 10
    const onScreen = await names(page);

    await page.getByTestId('print-button').click();
    const view = page.getByTestId('history-print');
    await expect.poll(() => view.getByTestId('print-row').count(), { timeout: 20_000 }).toBe(count);
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const printed = await view.getByTestId('print-row').locator('td:nth-child(3)').allTextContents();
    expect(printed.slice(0, 10)).toEqual(onScreen);
    expect(printed).toEqual([...printed].sort((a, b) => a.localeCompare(b)));
    // The screen is left as it was; the view shows only in print.
    expect(await page.getByTestId('history-row').count()).toBe(10);
    expect(await view.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    expect(await view.isVisible()).toBe(true);
    expect(await page.getByTestId('history-state').isVisible()).toBe(false);
    expect(await view.getByTestId('print-date').innerText()).toMatch(/^Printed \d{2}\/\d{2}\/\d{4}$/);
    expect(await view.getByTestId('print-filters').innerText()).toContain('Sorted by: Name (ascending)');
    await screenshot(page, 'reports-history-print-en');
    await printToPdf(page, 'reports-history-print-en');

    // Arabic prints right to left.
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await page.getByTestId('history-row').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('print-button').click();
    await expect.poll(() => view.getByTestId('print-row').count(), { timeout: 20_000 }).toBe(count);
    expect(await view.getAttribute('dir')).toBe('rtl');
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'reports-history-print-ar');
    await printToPdf(page, 'reports-history-print-ar');

    // The timesheet prints every person of its filters too (here in Arabic).
    await page.emulateMedia({ media: 'screen' });
    await page.goto(`/reporting/timesheet?from=${day(Date.now() - 72 * H)}&to=${day(Date.now())}`);
    const people = page.getByTestId('timesheet-count');
    await people.waitFor({ timeout: 20_000 });
    await page.getByTestId('print-button').click();
    const sheet = page.getByTestId('timesheet-print');
    await expect
      .poll(async () => String(await sheet.getByTestId('timesheet-person').count()), { timeout: 20_000 })
      .toBe(await people.getAttribute('data-count'));
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'reports-timesheet-print-ar');
    await printToPdf(page, 'reports-timesheet-print-ar');

    // The time report prints every person, more than its screen page of 10 (four more people visit).
    await page.emulateMedia({ media: 'screen' });
    await addPeople(page, 4);
    await seedVisits(page, 12);
    await page.goto(`/reporting/time?from=${day(Date.now() - 72 * H)}&to=${day(Date.now())}`);
    await expect.poll(() => page.getByTestId('time-person').count(), { timeout: 20_000 }).toBe(10);
    await page.getByTestId('print-button').click();
    const time = page.getByTestId('time-print');
    await expect.poll(() => time.getByTestId('print-row').count(), { timeout: 20_000 }).toBe(12);
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'reports-time-print-ar');

    // Offline the button says the report needs the server, and nothing is printed.
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto(`/reporting/history?${filter}`);
    await page.getByTestId('history-row').first().waitFor({ timeout: 20_000 });
    await untilOfflineReady(page);
    await context.setOffline(true);
    const before = await page.evaluate(() => (window as unknown as { printed: number }).printed);
    await page.getByTestId('print-button').click();
    await expect.poll(() => page.getByTestId('print-failed').innerText()).toContain('Connect to the network');
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(before);
    await context.close();
  });

  it('shows a reporter without the summary permission only what they may see', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const page = await context.newPage();
    await login(page, 'employee@acme.test');
    await page.goto('/reporting/history');
    await page.waitForURL((url) => !url.pathname.startsWith('/reporting'));
    await context.close();
  });
});
