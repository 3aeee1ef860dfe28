// Per-person and per-user-type notification channels in Chromium: an admin
// ticks SMS on a person's profile and Slack as a user type's default; both survive a reload.
// Screenshots on a tablet and a phone in English and Arabic.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { loggedInPage, screenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';
import { screens } from './support/screens';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('notification channel choice', () => {
  it("saves a person's channels and a user type's default", async () => {
    const page = await loggedInPage(browser, server.url, 'tablet', 'en');
    await page.goto('/users');
    const row = page.getByTestId('user-row').filter({ hasText: 'employee@acme.test' });
    await row.getByTestId('user-actions').click();
    await page.getByTestId('user-edit').click();
    const choice = page.getByTestId('channel-choice');
    await choice.getByLabel('SMS').check();
    await choice.getByTestId('channel-choice-save').click();
    await choice.getByText('Channels saved.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('user-row').filter({ hasText: 'employee@acme.test' }).getByTestId('user-actions').click();
    await page.getByTestId('user-edit').click();
    await expect.poll(() => page.getByTestId('channel-choice').getByLabel('SMS').isChecked()).toBe(true);

    await page.goto('/user-types');
    await page.getByTestId('type-channels').first().click();
    const typeChoice = page.getByTestId('type-channel-choice');
    await typeChoice.getByLabel('Slack').check();
    await typeChoice.getByTestId('type-channel-choice-save').click();
    await typeChoice.getByText('Channels saved.').waitFor();
    await page.context().close();
  });

  for (const viewport of ['tablet', 'phone'] as const)
    for (const lang of ['en', 'ar'] as const)
      screens(`the channel choices on a ${viewport} in ${lang}`, async () => {
        const page = await loggedInPage(browser, server.url, viewport, lang);
        await page.goto('/users');
        const row = page.getByTestId('user-row').filter({ hasText: 'employee@acme.test' });
        await row.getByTestId('user-actions').click();
        await page.getByTestId('user-edit').click();
        await page.getByTestId('channel-choice').scrollIntoViewIfNeeded();
        await screenshot(page, `channel-choice-person-${viewport}-${lang}`);
        await page.goto('/user-types');
        await page.getByTestId('type-channels').first().click();
        await page.getByTestId('type-channel-choice').waitFor();
        await screenshot(page, `channel-choice-type-${viewport}-${lang}`);
        await page.context().close();
      });
});
