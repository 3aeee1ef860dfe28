// The watch list in Chromium: an admin opens Settings → Watch list, is told beside the field that a
// phone is not one, lists "Jon Smyth" (deny, with a phone), changes the action to escort, and
// sees both changes in the audit trail; the list reads right in Arabic on a desktop and a phone.
// Screenshots: desktop and phone in English and Arabic, and the form.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, newContext, screenshot, VIEWPORTS } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import type { RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function adminPage(viewport: keyof typeof VIEWPORTS, lang: 'en' | 'ar'): Promise<[BrowserContext, Page]> {
  const context = await newContext(browser, server.url, viewport);
  await context.addInitScript((l) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', l);
  }, lang);
  const page = await context.newPage();
  await login(page, 'admin@acme.test');
  return [context, page];
}

describe('the watch list in Chromium', () => {
  it('lists a person, edits the entry and keeps both changes in the audit trail', async () => {
    const [context, page] = await adminPage('desktop', 'en');
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Watch list' }).first().click();
    await page.waitForURL((url) => url.pathname === '/watch-list');
    await page.getByTestId('watch-empty').waitFor();
    await page.getByTestId('watch-add').click();
    await page.getByTestId('watch-full-name').fill('Jon Smyth');
    await page.getByTestId('watch-phone').fill('12ab');
    await page.getByTestId('watch-save').click();
    await page.getByText('Enter a phone number of 7 to 15 digits.').first().waitFor();
    await screenshot(page, 'watch-list-form-error-desktop-en');
    await page.getByTestId('watch-phone').fill('+44 7700 900001');
    await page.getByLabel('Reason').fill('Court order: no contact with pupils.');
    await page.getByTestId('watch-save').click();
    const row = page.getByTestId('watch-row').filter({ hasText: 'Jon Smyth' });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('Do not admit');

    await row.getByTestId('watch-edit').click();
    await page.getByText('Escort only').first().click();
    await page.getByTestId('watch-save').click();
    await row.getByText('Escort only').waitFor();
    await page.getByTestId('watch-audit-row').nth(1).waitFor();
    const trail = await page.getByTestId('watch-audit-row').allInnerTexts();
    expect(trail[0]).toContain('Edited');
    expect(trail[0]).toContain('Action');
    expect(trail[1]).toContain('Added');
    await screenshot(page, 'watch-list-desktop-en');
    await context.close();

    for (const [viewport, lang] of [
      ['phone', 'en'],
      ['desktop', 'ar'],
      ['phone', 'ar'],
    ] as const) {
      const [c, p] = await adminPage(viewport, lang);
      await p.goto('/watch-list');
      await p.getByTestId('watch-row').first().waitFor();
      if (lang === 'ar') await expect(p.locator('html').getAttribute('dir')).resolves.toBe('rtl');
      await screenshot(p, `watch-list-${viewport}-${lang}`);
      if (viewport === 'desktop') {
        await p.getByTestId('watch-edit').first().click();
        await p.getByTestId('watch-save').waitFor();
        await screenshot(p, `watch-list-form-${viewport}-${lang}`);
      }
      await c.close();
    }
  });
});
