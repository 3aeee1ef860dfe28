// Track & trace, users not on site, kiosk logs and the print list in Chromium: choose a person
// and see who shared an area with them, export it as xlsx and read the file back; see who of
// the staff is not on site now. Screenshots of the four pages, desktop and tablet, English and Arabic.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { v7 as uuidv7 } from 'uuid';
import { chooseFromMenu, login, newContext, screenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';
import { pushAsOneDevice, type SeedMutation } from './support/push';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const M = 60_000;
let seeded: Promise<string> | null = null;

/** Sam in Reception from 3 h to 1 h ago and again since 10 min ago (still in); Harry from 2 h
 * to 30 min ago (1 h with Sam); Hannah 10 h to 9 h ago (never with Sam). A kiosk printed
 * Harry's badge. Answers Sam's id. */
async function seedVisits(page: Page): Promise<string> {
  const session = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user')!).data as { access_token: string; user: { entity: { id: string } } },
  );
  const headers = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  const people = (
    (await (await fetch(`${server.url}/api/users/${session.user.entity.id}?limit=50&page=1`, { headers })).json()) as {
      data: Array<{ id: string; full_name: string }>;
    }
  ).data;
  const id = (name: string) => people.find((p) => p.full_name === name)!.id;
  const areas = (await (await fetch(`${server.url}/api/kiosks/areas`, { headers })).json()) as {
    data: Array<{ id: string; name: string }>;
  };
  const reception = areas.data.find((a) => a.name === 'Reception')!.id;
  const now = Date.now();
  const visit = (name: string, inAgo: number, outAgo: number | null) => [
    { name: 'visit.signIn', args: { eventId: uuidv7(), personId: id(name), areaId: reception, at: now - inAgo * M } },
    ...(outAgo == null
      ? []
      : [
          {
            name: 'visit.signOut',
            args: { eventId: uuidv7(), personId: id(name), areaId: reception, at: now - outAgo * M },
          },
        ]),
  ];
  const mutations = [
    ...visit('Hannah Host', 600, 540),
    ...visit('Sam Staff', 180, 60),
    ...visit('Harry Host', 120, 30),
    ...visit('Sam Staff', 10, null),
  ];
  const push = (token: string, list: SeedMutation[]) =>
    pushAsOneDevice(server.url, { ...headers, authorization: `Bearer ${token}` }, list, { clientTime: now });
  await push(session.access_token, mutations);
  const kiosk = await fetch(`${server.url}/api/kiosk`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ kiosk_name: 'Front desk', area_id: reception }),
  });
  expect(kiosk.status).toBe(201);
  const data = { personId: id('Harry Host'), areaId: reception };
  await push(((await kiosk.json()) as { data: { access_token: string } }).data.access_token, [
    { name: 'kiosk.log', args: { logId: uuidv7(), kind: 'action', code: 'badge_printed', data, at: now - 120 * M } },
  ]);
  return id('Sam Staff');
}

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('more reports', () => {
  it('track & trace: choose a person, see who shared an area and for how long, export xlsx', async () => {
    const context = await newContext(browser, server.url);
    // window.print is only recorded, so the print view stays for a look in print media.
    await context.addInitScript(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await (seeded ??= seedVisits(page));

    await page.goto('/reporting/track-trace');
    await page.getByTestId('track-trace-choose').waitFor();
    await page.getByTestId('filter-person').fill('Sam St');
    await page.getByRole('option', { name: 'Sam Staff', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('track-trace-summary').innerText(), { timeout: 20_000 })
      .toBe('1 person shared an area with Sam Staff');
    const row = page.getByTestId('contact-row');
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toContain('Harry Host');
    expect(await row.innerText()).toContain('1 h 0 min');
    expect(page.url()).toContain('person=');
    await screenshot(page, 'more-reports-track-trace-desktop-en');

    // Print: every contact, in a print-only view of the report.
    await page.getByTestId('print-button').click();
    const view = page.getByTestId('track-trace-print');
    await expect.poll(() => view.getByTestId('print-row').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.locator('body').getAttribute('data-printed')).toBe('yes');
    expect(await view.getByTestId('print-filters').innerText()).toContain('Person: Sam Staff');
    await page.emulateMedia({ media: 'print' });
    expect(await view.getByTestId('print-row').innerText()).toContain('Harry Host');
    await screenshot(page, 'more-reports-track-trace-print-en');
    await page.emulateMedia({ media: 'screen' });

    await chooseFromMenu(page, page.getByTestId('export-button'), page.getByTestId('export-xlsx'));
    await page.getByTestId('export-started').waitFor();
    await page.getByRole('button', { name: 'Open the export list' }).click();
    await page.waitForURL('**/reporting/export-list');
    const job = page.getByTestId('export-row').first();
    await expect.poll(() => job.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(await job.innerText()).toContain('Track and trace');
    const [download] = await Promise.all([page.waitForEvent('download'), job.getByTestId('export-download').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(3).value).toBe('Minutes together');
    expect(sheet.getRow(2).getCell(1).value).toBe('Harry Host');
    expect(sheet.getRow(2).getCell(3).value).toBe(60);
    await context.close();
  });

  it('users not on site: the staff who are not signed in now; the pages in Arabic and on a tablet', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    const sam = await (seeded ??= seedVisits(page));

    await page.goto('/reporting/users-not-on-site');
    await choose(page, 'filter-user-type', 'Staff');
    // Eight staff; Sam is signed in now.
    await expect
      .poll(() => page.getByTestId('not-on-site-count').innerText(), { timeout: 20_000 })
      .toBe('7 people are not on site now');
    const names = await page.getByTestId('not-on-site-row').locator('td:first-child').allInnerTexts();
    expect(names).toContain('Harry Host');
    expect(names).not.toContain('Sam Staff');
    await screenshot(page, 'more-reports-not-on-site-desktop-en');

    // The print list: the badge the kiosk printed, by kiosk and day.
    await page.goto('/reporting/printer');
    await expect
      .poll(() => page.getByTestId('print-row').first().innerText(), { timeout: 20_000 })
      .toContain('Harry Host');
    expect(await page.getByTestId('print-row').first().innerText()).toContain('Front desk');
    // A reprint is recorded on the server and counted against the first print.
    await page.evaluate(() => (window.print = () => undefined));
    await page.getByTestId('print-row').first().getByRole('button', { name: 'Reprint' }).click();
    await expect
      .poll(() => page.getByTestId('print-times').first().innerText(), { timeout: 20_000 })
      .toContain('2 times');
    // The kiosk log says what happened in words, not JSON.
    await page.goto('/reporting/kiosk-logs');
    await expect
      .poll(() => page.getByTestId('kiosk-log-text').allInnerTexts(), { timeout: 20_000 })
      .toContain('Badge reprinted for Harry Host (Reception)');

    const ready: Record<string, string> = {
      'users-not-on-site': 'not-on-site-row',
      [`track-trace?person=${sam}`]: 'contact-row',
      'kiosk-logs': 'kiosk-log-row',
      printer: 'print-row',
    };
    for (const lang of ['en', 'ar']) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      for (const [path, testId] of Object.entries(ready)) {
        await page.setViewportSize({ width: 1024, height: 768 });
        await page.goto(`/reporting/${path}`);
        await page.getByTestId(testId).first().waitFor({ timeout: 20_000 });
        const name = path.replace(/\?.*/, '');
        await screenshot(page, `more-reports-${name}-tablet-${lang}`);
        await page.setViewportSize({ width: 1366, height: 800 });
        await screenshot(page, `more-reports-${name}-desktop-${lang}`);
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, `more-reports-${name}-phone-${lang}`);
      }
    }
    await context.close();
  });

  it('kiosk logs: filter by code, export xlsx read back; the export list names the report', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await (seeded ??= seedVisits(page));

    await page.goto('/reporting/kiosk-logs');
    await page.getByTestId('filter-code').fill('badge');
    await expect.poll(() => page.url(), { timeout: 20_000 }).toContain('code=badge');
    const rows = page.getByTestId('kiosk-log-row');
    // The filtered lines, once the list no longer shows the unfiltered ones.
    const badges = async () => {
      const texts = await rows.allInnerTexts();
      return texts.every((t) => t.includes('badge_printed')) ? texts.length : 0;
    };
    await expect.poll(badges, { timeout: 20_000 }).toBeGreaterThan(0);
    const shown = await rows.count();
    await chooseFromMenu(page, page.getByTestId('export-button'), page.getByTestId('export-xlsx'));
    await page.getByTestId('export-started').waitFor();
    await page.getByRole('button', { name: 'Open the export list' }).click();
    await page.waitForURL('**/reporting/export-list');
    const job = page.getByTestId('export-row').first();
    await expect.poll(() => job.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(await job.innerText()).toContain('Kiosk logs');
    const [download] = await Promise.all([page.waitForEvent('download'), job.getByTestId('export-download').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Time', 'Kiosk', 'Kind', 'Code', 'Person', 'Area']);
    // The lines the page showed (fewer than a page), every one a badge print.
    expect(sheet.rowCount - 1).toBe(shown);
    for (let r = 2; r <= sheet.rowCount; r++) expect(sheet.getRow(r).getCell(4).value).toBe('badge_printed');
    await context.close();
  });
});
