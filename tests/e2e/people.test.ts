// Users in Chromium: create, edit (with the duplicate-email error shown), archive and move a
// user; screenshots of the users page in English and Arabic on a desktop and a tablet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, login, newContext, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

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

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const row = (page: Page, name: string) => page.getByTestId('user-row').filter({ hasText: name });

describe('users', () => {
  it('creates, edits with a duplicate-email error, archives and moves a user', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.goto('/users');
    await page.getByTestId('user-row').first().waitFor();

    await page.getByTestId('add-user').click();
    const form = page.getByTestId('user-form');
    await form.locator('input[name="full_name"]').fill('Vera Visitor');
    await form.locator('input[name="email"]').fill('vera@acme.test');
    await form.locator('input[name="phone"]').fill('07123456789');
    await choose(page, 'user-type-select', 'Visitor');
    await page.getByTestId('user-save').click();
    await page.getByText('User Created').waitFor();
    await row(page, 'Vera Visitor').waitFor();

    // Edit: an email someone else has is refused beside the field and in a toast.
    await row(page, 'Vera Visitor').getByTestId('user-actions').click();
    await page.getByTestId('user-edit').click();
    await form.locator('input[name="email"]').fill('admin@acme.test');
    await page.getByTestId('user-save').click();
    await expect.poll(() => form.getByText('Email address already exists, try a different one.').count()).toBeGreaterThan(0);
    await screenshot(page, 'users-duplicate-email-desktop-en');
    await form.locator('input[name="email"]').fill('vera.v@acme.test');
    await form.locator('input[name="full_name"]').fill('Vera Vance');
    await page.getByTestId('user-save').click();
    await page.getByText('User Updated').waitFor();
    await row(page, 'Vera Vance').waitFor();

    // Move to another user type, then archive.
    await row(page, 'Vera Vance').locator('input[type="checkbox"]').check();
    await page.getByTestId('bulk-type').click();
    await page.getByRole('option', { name: 'Contractor', exact: true }).click();
    await page.getByTestId('bulk-move').click();
    await page.getByText('User Moved').waitFor();
    await expect.poll(() => row(page, 'Vera Vance').getByTestId('user-type-cell').innerText()).toBe('Contractor');
    await row(page, 'Vera Vance').getByTestId('user-actions').click();
    await page.getByTestId('user-archive').click();
    await page.getByText('User Status Updated').waitFor();
    await expect.poll(() => row(page, 'Vera Vance').count()).toBe(0);
    await page.getByTestId('users-status').click();
    await page.getByRole('option', { name: 'Archived', exact: true }).click();
    await row(page, 'Vera Vance').and(page.locator('[data-archived="true"]')).waitFor();

    // Filters live in the URL: a reload keeps the archived list.
    await page.reload();
    await row(page, 'Vera Vance').waitFor();
    expect(page.url()).toContain('status=archived');

    await page.goto('/users');
    await page.getByTestId('user-row').first().waitFor();
    await screenshot(page, 'users-desktop-en');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'users-tablet-en');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await page.getByTestId('user-row').first().waitFor();
    await screenshot(page, 'users-tablet-ar');
    await page.setViewportSize({ width: 1366, height: 800 });
    await screenshot(page, 'users-desktop-ar');
    await context.close();
  });
});
