// /integration-settings for every directory in Chromium: the selection rule checked
// in the browser before anything is sent, Google Workspace connected through consent against the
// fake Google (start → consent → callback → /googleAD/auth/… → stored), and Paxton Net2 and Wonde
// saved with their own credentials, the secret never shown back. Then the forms in English and
// Arabic on desktop, tablet and phone without sideways scroll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startGoogleFake, type GoogleFake } from '../fake-directories/google';
import { launch, loggedInPage, screenshot, type VIEWPORTS } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { screens } from './support/screens';

let google: GoogleFake;
let server: RunningServer;
let browser: Browser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  google = await startGoogleFake({ people: 3 });
  server = await startServer({
    env: {
      GOOGLE_ACCOUNTS_URL: google.url,
      GOOGLE_AUTH_URL: google.url,
      GOOGLE_BASE_URL: google.url,
      GOOGLE_CLIENT_ID: 'gatehouse-google-app',
      GOOGLE_CLIENT_SECRET: 'gatehouse-google-secret',
    },
  });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await google?.close();
});

const adminPage = (viewport: keyof typeof VIEWPORTS, lang: 'en' | 'ar') =>
  loggedInPage(browser, server.url, viewport, lang);

async function chooseKind(page: Page, label: string) {
  await page.getByTestId('integration-kind').click();
  await page.getByRole('option', { name: label }).click();
}

describe('integration settings for every directory', () => {
  it('connects Google Workspace through consent, and saves Paxton and Wonde credentials', async () => {
    const page = await adminPage('desktop', 'en');
    await page.goto('/integration-settings');
    await chooseKind(page, 'Google Workspace');
    await page.getByTestId('integration-name').fill('School Google');
    // Nothing selected: the browser says so before anything is sent.
    await page.getByTestId('integration-fields').fill('');
    await page.getByTestId('integration-save').click();
    await page.getByText('Select at least one site, field or group.').waitFor();
    await page.getByTestId('integration-fields').fill('department');
    await page.getByTestId('integration-connect').click();
    // Google's consent (the fake agrees at once) → our callback → the sealed landing → stored.
    await page.waitForURL((url) => url.pathname === '/sync-integration', { timeout: 60_000 });
    ids.google = new URL(page.url()).searchParams.get('id')!;
    expect(google.tokenForms.some((f) => f.grant_type === 'authorization_code')).toBe(true);
    await page.goto(`/integration-settings?id=${ids.google}`);
    await page.getByTestId('integration-connected').waitFor();
    await expect(page.getByTestId('integration-connected').innerText()).resolves.toContain('it-admin@school.example');
    // Connected: the button now offers to connect again.
    await expect(page.getByTestId('integration-connect').innerText()).resolves.toBe('Save and reconnect with Google');

    await page.goto('/integration-settings');
    await chooseKind(page, 'Paxton Net2');
    await page.getByTestId('integration-name').fill('Front gate Net2');
    await page.getByTestId('integration-username').fill('operator');
    await page.getByTestId('integration-password').fill('net2-password');
    await page.getByTestId('integration-clientId').fill('00aab996-6439-4f16-89b4-6c0cc851e8f3');
    await page.getByTestId('integration-serverUrl').fill('not a url');
    await page.getByTestId('integration-save').click();
    await page.getByText('Enter a full address starting with https://').waitFor();
    await page.getByTestId('integration-serverUrl').fill('https://net2.school.example:8443');
    await page.getByTestId('integration-frequency').click();
    await page.getByRole('option', { name: 'Weekly' }).click();
    await page.getByTestId('integration-save').click();
    await page.waitForURL((url) => url.pathname === '/sync-status');
    ids.paxton = new URL(page.url()).searchParams.get('id')!;
    await page.goto(`/integration-settings?id=${ids.paxton}`);
    await page.locator('[data-testid="integration-settings"][data-loaded="true"]').waitFor();
    await expect(page.getByTestId('integration-serverUrl').inputValue()).resolves.toBe(
      'https://net2.school.example:8443',
    );
    // The stored password is never sent back; the directory cannot change any more.
    await expect(page.getByTestId('integration-password').inputValue()).resolves.toBe('');
    await expect(page.getByTestId('integration-kind').isDisabled()).resolves.toBe(true);
    // Its Net2 server cannot be reached from here: the groups stay a text input with a hint,
    // and "Test connection" says the directory could not be reached.
    await page.locator('[data-testid="integration-groups"][data-state="failed"]').waitFor();
    await page.getByTestId('integration-test-connection').click();
    await expect(
      page.locator('[data-testid="connection-result"][data-state="failed"]').innerText({ timeout: 60_000 }),
    ).resolves.toMatch(/^The directory could not be reached/);

    await page.goto('/integration-settings');
    await chooseKind(page, 'Wonde');
    await page.getByTestId('integration-name').fill('Wonde pupils');
    await page.getByTestId('integration-schoolId').fill('A1930499544');
    await page.getByTestId('integration-save').click();
    // A new Wonde integration needs its token: the server's answer marks the field.
    await page.getByText('This field is required.').first().waitFor();
    await page.getByTestId('integration-token').fill('wonde-api-token');
    await page.getByTestId('integration-save').click();
    await page.waitForURL((url) => url.pathname === '/sync-status');
    ids.wonde = new URL(page.url()).searchParams.get('id')!;
    await page.context().close();
  }, 300_000);

  screens(
    'shows each form in English and Arabic on desktop, tablet and phone without sideways scroll',
    async () => {
      for (const [viewport, lang] of [
        ['phone', 'ar'],
        ['desktop', 'ar'],
        ['tablet', 'en'],
        ['phone', 'en'],
        ['desktop', 'en'],
      ] as const) {
        const page = await adminPage(viewport, lang);
        for (const kind of ['google', 'paxton', 'wonde'] as const) {
          await page.goto(`/integration-settings?id=${ids[kind]}`);
          await page.locator('[data-testid="integration-settings"][data-loaded="true"]').waitFor();
          await screenshot(page, `integration-settings-${kind}-${viewport}-${lang}`);
          if (kind === 'paxton') {
            await page.getByTestId('integration-test-connection').click();
            const result = page.locator('[data-testid="connection-result"][data-state="failed"]');
            await result.waitFor({ timeout: 60_000 });
            await result.scrollIntoViewIfNeeded();
            await screenshot(page, `integration-test-connection-paxton-${viewport}-${lang}`);
            // No user type: every custom field of the company is offered.
            await page.locator('[data-testid="custom-mapping"][data-loaded="true"]').scrollIntoViewIfNeeded();
            await screenshot(page, `integration-custom-mapping-${viewport}-${lang}`);
          }
          const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
          expect(wide, `${kind} ${viewport} ${lang} scrolls sideways`).toBe(false);
        }
        // Not saved yet: groups are typed, and the hint says they can be picked after saving.
        await page.goto('/integration-settings');
        const groups = page.locator('[data-testid="integration-groups"][data-state="unsaved"]');
        await groups.scrollIntoViewIfNeeded();
        await screenshot(page, `integration-groups-unsaved-${viewport}-${lang}`);
        if (lang === 'ar') await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
        await page.context().close();
      }
    },
    300_000,
  );
});
