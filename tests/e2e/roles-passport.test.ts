// Roles and the passport in Chromium (issue 19): an admin takes a permission from a role on
// /roles and the holder's open browser shows 'Permissions Updated' and loses the menu entry; a
// person deactivates their passport account, the next visit shows 'Reactivate My Passport
// Account', and Reactivate brings the account back. Screenshots en and ar, desktop and phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, login, newContext, screenshot, VIEWPORTS } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

async function personPage(email: string, lang: 'en' | 'ar', viewport: keyof typeof VIEWPORTS): Promise<Page> {
  const context = await newContext(browser, server.url, viewport);
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  await login(page, email);
  return page;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it("an admin removes a permission and the holder sees 'Permissions Updated' and loses the menu entry", async () => {
  const employee = await personPage('employee@acme.test', 'en', 'desktop');
  await employee.getByTestId('menu-users').waitFor();

  const admin = await personPage('admin@acme.test', 'en', 'desktop');
  await admin.goto('/roles');
  await admin.getByTestId('role-select').click();
  await admin.getByRole('option', { name: 'employee', exact: true }).click();
  await admin.getByTestId('permission-users').waitFor();
  expect(await admin.getByTestId('permission-users').isChecked()).toBe(true);
  await admin.getByTestId('permission-users').uncheck();
  await screenshot(admin, 'roles-en-desktop');
  await admin.getByTestId('role-save').click();
  await admin.getByTestId('toast-success').waitFor();

  await employee.getByRole('dialog', { name: 'Permissions Updated' }).waitFor();
  await screenshot(employee, 'roles-permissions-updated-en-desktop');
  await employee.getByTestId('popup-ok').click();
  await employee.getByTestId('side-menu').waitFor();
  await employee.getByTestId('menu-users').waitFor({ state: 'detached' });
  expect(await employee.getByTestId('menu-dashboard').count()).toBeGreaterThan(0);

  // The same page in Arabic on a phone, for the pictures.
  const arabic = await personPage('admin@acme.test', 'ar', 'phone');
  await arabic.goto('/roles');
  await arabic.getByTestId('permission-dashboard').waitFor();
  expect(await arabic.locator('html').getAttribute('dir')).toBe('rtl');
  await screenshot(arabic, 'roles-ar-phone');
  await arabic.context().close();
  await admin.context().close();
  await employee.context().close();
});

it('a deactivated passport account reactivates through the modal', async () => {
  const page = await personPage('reporter@acme.test', 'en', 'desktop');
  await page.getByTestId('menu-passport').first().click();
  await page.getByTestId('passport-email').filter({ hasText: 'reporter@acme.test' }).waitFor();
  await screenshot(page, 'passport-en-desktop');
  await page.getByTestId('passport-deactivate').click();
  await page.getByTestId('passport-deactivate-confirm').click();
  const modal = page.getByRole('dialog', { name: 'Reactivate My Passport Account' });
  await modal.waitFor();
  await modal.getByText('deactivated 0 days ago').waitFor();
  await screenshot(page, 'passport-reactivate-en-desktop');

  // Cancel leaves; the side menu entry re-checks: still deactivated, so the modal again.
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL((url) => url.pathname !== '/passport');
  await page.getByTestId('menu-passport').first().click();
  await modal.waitFor();
  await page.getByTestId('passport-reactivate').click();
  await modal.waitFor({ state: 'detached' });
  await page.getByTestId('passport-email').waitFor();
  await page.context().close();

  const phone = await personPage('reporter@acme.test', 'ar', 'phone');
  await phone.goto('/passport');
  await phone.getByTestId('passport-email').waitFor();
  expect(await phone.locator('html').getAttribute('dir')).toBe('rtl');
  await screenshot(phone, 'passport-ar-phone');
  await phone.getByTestId('passport-deactivate').click();
  await phone.getByTestId('passport-deactivate-confirm').click();
  await phone.getByTestId('passport-reactivate').waitFor();
  await screenshot(phone, 'passport-reactivate-ar-phone');
  await phone.getByTestId('passport-reactivate').click();
  await phone.getByTestId('passport-email').waitFor();
  await phone.context().close();
});
