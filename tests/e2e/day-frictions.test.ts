// as a person meets them: a custom-field section whose field
// went radio → text saves (and an old draft can be discarded); Reporting and Settings open from
// the keyboard and say whether they are open, and the Time report is in the menu; Users opens in
// the same tab; a toggle chip answers a click anywhere on it, not only on its words.
import type { Browser, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInPage, screenshot } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import type { RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Clicks a point inside `box`, away from its centre (where the words are). */
/** A click 3 px inside the element's bottom start corner, placed by Playwright when the element
 * is stable (the page may still move it as the rest loads). */
async function clickNearEdge(target: Locator) {
  const box = (await target.boundingBox())!;
  await target.click({ position: { x: 3, y: box.height - 3 } });
}

describe('small frictions of a day', () => {
  it('saves a section whose field went radio buttons → text, and discards an abandoned draft', async () => {
    const page = await loggedInPage(browser, server.url, 'desktop', 'en');
    await page.goto('/add-custom-field');
    await page.getByRole('heading', { name: 'New custom-field section' }).waitFor();
    await page.getByTestId('section-name-en').fill('Arrival notes');
    const field = page.getByTestId('field-editor').nth(0);
    await field.getByTestId('field-label-en').fill('Badge colour');
    await field.getByTestId('field-type').click();
    await page.getByRole('option', { name: 'Radio buttons' }).click();
    await field.getByTestId('add-option').click();
    await field.getByTestId('field-type').click();
    await page.getByRole('option', { name: 'Text', exact: true }).click();
    await page.getByTestId('save-section').click();
    await page.waitForURL((u) => u.pathname === '/custom-fields', { timeout: 30_000 });

    // An abandoned attempt is kept as a draft; it can be thrown away.
    await page.goto('/add-custom-field');
    await page.getByTestId('section-name-en').fill('Half done');
    await page.goto('/');
    await page.goto('/add-custom-field');
    await page.getByTestId('draft-kept').waitFor();
    await screenshot(page, 'custom-field-draft-kept-desktop-en');
    await page.getByTestId('discard-draft').click();
    await page.getByTestId('draft-kept').waitFor({ state: 'detached' });
    await expect(page.getByTestId('section-name-en').inputValue()).resolves.toBe('');
    await page.reload();
    await page.getByTestId('section-name-en').waitFor();
    await expect(page.getByTestId('draft-kept').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('opens Reporting from the keyboard, says it is open, lists the Time report; Users stays in this tab', async () => {
    const page = await loggedInPage(browser, server.url, 'desktop', 'en');
    const reporting = page.getByTestId('menu-reporting');
    await reporting.waitFor();
    await expect(reporting.getAttribute('aria-expanded')).resolves.toBe('false');
    // Tab reaches it (it is a button, not an anchor without an address).
    await page.getByTestId('menu-sites_devices').focus();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe(
      'menu-reporting',
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => reporting.getAttribute('aria-expanded')).toBe('true');
    const time = page.getByTestId('menu-time');
    await time.waitFor();
    await screenshot(page, 'menu-reporting-open-desktop-en');
    await time.click();
    await page.waitForURL((u) => u.pathname === '/reporting/time');

    const pages = page.context().pages().length;
    await page.getByTestId('menu-users').click();
    await page.waitForURL((u) => u.pathname === '/users');
    expect(page.context().pages().length).toBe(pages);
    await page.context().close();
  });

  it('toggles a site chip from a click anywhere on the chip', async () => {
    const page = await loggedInPage(browser, server.url, 'tablet', 'en');
    await page.goto('/emergency-sessions');
    const input = page.getByTestId('site-chip').first();
    await input.waitFor({ state: 'attached' });
    const chip = page.getByTestId('start-session').locator('.mantine-Chip-root').first();
    const before = await input.isChecked();
    await clickNearEdge(chip);
    await expect.poll(() => input.isChecked()).toBe(!before);
    await screenshot(page, 'emergency-site-chip-tablet-en');

    // The reason type: a click at the edge of "Early sign-out" chooses it.
    await page.goto('/attendance-modes');
    await page.getByTestId('mode-card').first().getByTestId('add-reason').click();
    const type = page.getByTestId('reason-type');
    await type.waitFor();
    const early = type.locator('.mantine-SegmentedControl-control').nth(1);
    await clickNearEdge(early);
    await expect.poll(() => early.locator('input').isChecked()).toBe(true);
    await page.context().close();
  });
});
