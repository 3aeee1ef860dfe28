// User import end to end (issue 17): the template downloads in the admin's language; a renamed
// CSV is refused; a generated xlsx is read in the import worker, the grid shows a bad phone
// beside its cell, the admin fixes it and drops a row, runs the import, watches the queue reach
// done and finds the person in /users. A photo zip rides along: the photo named after Ivy's
// external id is attached (the details say so), a badly named file is reported. Then the same screens in Arabic, screenshotted.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, login, newContext, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { makePng } from '../../server/test/png';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function adminPage(lang: 'en' | 'ar'): Promise<Page> {
  const context = await newContext(browser, server.url, 'desktop');
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  await login(page, 'admin@acme.test');
  await page.goto('/users/import');
  await page.getByTestId('import-page').waitFor();
  return page;
}

async function workbook(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('People');
  sheet.addRow(['Full name', 'Email', 'Phone', 'Country code', 'User type', 'RFID card', 'External ID']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const upload = (page: Page, name: string, buffer: Buffer) =>
  page.locator('input[type="file"]').setInputFiles({ name, mimeType: XLSX, buffer });
const checkedGrid = (page: Page) => page.locator('[data-testid="import-grid"][data-checked="true"]').waitFor();

it('imports a spreadsheet: refuses a renamed CSV, fixes a bad row in the grid, runs it and finds the person', async () => {
  const page = await adminPage('en');
  const download = page.waitForEvent('download');
  await page.getByTestId('import-template').click();
  const template = new ExcelJS.Workbook();
  await template.xlsx.readFile(await (await download).path());
  expect(template.worksheets[0]!.getRow(1).values).toContain('Full name');
  expect(template.worksheets[0]!.rowCount).toBe(2);
  await screenshot(page, 'import-template-en');

  await upload(page, 'people.xlsx', Buffer.from('full_name,email\r\nAna,ana@x.test\r\n'));
  await expect.poll(() => page.getByTestId('import-problem').textContent()).toContain('This is a text file');

  await upload(
    page,
    'new-starters.xlsx',
    await workbook([
      ['Ivy Import', 'ivy.import@acme.test', '447700900201', '+44', 'Visitor', '', 'HR-9'],
      ['Bob Badphone', 'bob.badphone@acme.test', '44-7700', '+44', 'Visitor', '', ''],
      ['Pat Pilot', 'pat.pilot@acme.test', '447700900203', '+44', 'Pilot', '', ''],
    ]),
  );
  await page.waitForURL('**/users/import/grid');
  await checkedGrid(page);
  const phone = page.getByTestId('grid-row-3').locator('.mantine-TextInput-error');
  await expect.poll(() => phone.textContent()).toBe('Use digits only, at most 20.');
  await expect
    .poll(() => page.getByTestId('grid-row-4').locator('.mantine-TextInput-error').textContent())
    .toBe('No user type has this name.');
  const zip = new JSZip();
  zip.file('HR-9.png', makePng(640, 480));
  zip.file('bad name.png', makePng(640, 480));
  await page.locator('[data-testid="import-grid"] input[type="file"]').setInputFiles({
    name: 'photos.zip',
    mimeType: 'application/zip',
    buffer: await zip.generateAsync({ type: 'nodebuffer' }),
  });
  await expect.poll(() => page.getByTestId('zip-summary').textContent()).toBe('2 photos read, 1 with problems');
  await expect
    .poll(() => page.getByTestId('grid-row-2').locator('.mantine-TextInput-description').textContent())
    .toBe('From the zip: HR-9.png');
  await screenshot(page, 'import-grid-errors-en');

  await page.getByTestId('cell-3-phone').fill('447700900202');
  await page.locator('[data-testid="grid-row-3"][data-problems="no"]').waitFor();
  await page.getByTestId('drop-4').click();
  await page.getByTestId('grid-row-4').waitFor({ state: 'detached' });
  await expect.poll(() => page.getByTestId('import-run').textContent()).toBe('Import 2 rows');
  await page.getByTestId('import-run').click();
  await page.getByTestId('import-started').waitFor();

  // Spec 1 §4: running the import leads to the queue after 1.5 s.
  await page.waitForURL('**/users/import/queue');
  const job = page.locator('[data-testid^="import-job-"][data-status="done"]').first();
  await job.waitFor();
  await screenshot(page, 'import-queue-en');
  await job.getByRole('link', { name: 'new-starters.xlsx' }).click();
  await page.locator('[data-testid="import-details"][data-status="done"]').waitFor();
  await expect.poll(() => page.getByTestId('import-count-created').textContent()).toContain('2');
  await expect.poll(() => page.getByTestId('detail-photo-2').textContent()).toBe('Photo attached');
  await screenshot(page, 'import-details-en');

  await page.goto('/users');
  await page.getByTestId('users-search').fill('Bob Badphone');
  await page.getByText('bob.badphone@acme.test').waitFor();
  await page.getByTestId('go-import').click();
  await page.getByTestId('import-page').waitFor();
});

it('shows the grid, queue and details in Arabic', async () => {
  const page = await adminPage('ar');
  await screenshot(page, 'import-template-ar');
  await upload(
    page,
    'arabic.xlsx',
    await workbook([
      ['ليلى أحمد', 'layla.ahmed@acme.test', '966501234567', '+966', 'Visitor', '', ''],
      ['ب', 'not-an-email', '', '', 'Staff', '', ''],
    ]),
  );
  await checkedGrid(page);
  await page.locator('[data-testid="grid-row-3"][data-problems="yes"]').waitFor();
  await screenshot(page, 'import-grid-errors-ar');
  await page.getByTestId('import-run').click();
  await page.waitForURL('**/users/import/queue');
  const job = page.locator('[data-testid^="import-job-"][data-status="done"]').first();
  await job.waitFor();
  await screenshot(page, 'import-queue-ar');
  await job.getByRole('link', { name: 'arabic.xlsx' }).click();
  await page.locator('[data-testid="import-details"][data-status="done"]').waitFor();
  await expect.poll(() => page.getByTestId('import-count-skipped').textContent()).toContain('1');
  await screenshot(page, 'import-details-ar');
});
