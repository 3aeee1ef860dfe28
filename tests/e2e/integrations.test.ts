// Directory integrations in Chromium against a fake Microsoft Graph: an admin
// creates an Entra ID integration, maps fields, runs the first sync and watches the status page
// poll to done, which sends them to the possible duplicates; they link one; a synced person then
// signs in at a kiosk that is offline. Then every integration screen in English and Arabic,
// desktop and phone, without sideways scroll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { fakeUser, startFakeGraph, type FakeGraph } from '../fake-directories/microsoft-graph';
import { registerKiosk, result, shooter, startJourney, step } from './kiosk/kiosk-steps';
import { launch, loggedInPage, newContext, screenshot, untilOfflineReady, type VIEWPORTS } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { screens } from './support/screens';

let graph: FakeGraph;
let server: RunningServer;
let browser: Browser;
let integId = '';

beforeAll(async () => {
  graph = await startFakeGraph({ pageSize: 50 });
  graph.upsert(...Array.from({ length: 120 }, (_, i) => fakeUser(i + 1)));
  graph.upsert(
    fakeUser(500, {
      givenName: 'Zainab',
      surname: 'Haddad',
      mail: 'zainab.haddad@contoso.test',
      employeeId: 'ZH 2041',
    }),
  );
  // Eddie Employee is already here with this email: a possible duplicate, linked in the test.
  graph.upsert(fakeUser(600, { givenName: 'Eddie', surname: 'Employee', mail: 'employee@acme.test' }));
  server = await startServer({ env: { GRAPH_BASE_URL: graph.baseUrl, GRAPH_AUTH_URL: graph.authUrl } });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await graph?.close();
});

const adminPage = (viewport: keyof typeof VIEWPORTS, lang: 'en' | 'ar') =>
  loggedInPage(browser, server.url, viewport, lang);

describe('directory integrations in Chromium', () => {
  it('creates an Entra integration, syncs it to done, links a duplicate, and a synced person signs in offline', async () => {
    const page = await adminPage('desktop', 'en');
    await page.goto('/integration');
    await page.locator('[data-testid="integrations"][data-loaded="true"]').waitFor();
    // The button names no directory: the form offers all four.
    await page.getByRole('link', { name: 'Add integration', exact: true }).click();
    await page.getByTestId('integration-name').fill('Contoso staff');
    await page.getByTestId('integration-tenantId').fill(graph.tenantId);
    await page.getByTestId('integration-clientId').fill(graph.clientId);
    await page.getByTestId('integration-clientSecret').fill(graph.clientSecret);
    await page.getByTestId('integration-userType').click();
    await page.getByRole('option', { name: 'Staff' }).click();
    await page.getByLabel('Email from directory field').fill('mail');
    await page.getByLabel('Phone from directory field').fill('mobilePhone');
    // A directory field fills a custom field: Entra's employeeId → "Vehicle registration" (text).
    await page.locator('[data-testid="custom-mapping"][data-loaded="true"]').waitFor();
    await page.locator('input[data-field-name="Vehicle registration"]').fill('employeeId');
    // Not saved yet: the typed credentials are tried against the directory.
    await page.getByTestId('integration-test-connection').click();
    const tested = page.locator('[data-testid="connection-result"][data-state="ok"]');
    await expect(tested.innerText()).resolves.toMatch(/^Connected: the directory answered with \d+ people/);
    await screenshot(page, 'integration-settings-desktop-en');
    await page.getByTestId('integration-save').click();
    await page.waitForURL((url) => url.pathname === '/sync-status');
    integId = new URL(page.url()).searchParams.get('id')!;
    // Never synced yet: the status says so (not "Status id —"), and there are no failed rows to claim.
    await page.getByText('Not synced yet', { exact: true }).waitFor();
    await page.goto(`/integration-error?id=${integId}`);
    await page.getByTestId('integration-error-never').waitFor();
    expect(await page.getByTestId('integration-error-none').count()).toBe(0);
    await screenshot(page, 'integration-error-never-synced-desktop-en');
    await page.goto(`/sync-status?id=${integId}`);
    await page.getByTestId('sync-start').click();
    await page.locator('[data-testid="sync-status"][data-phase="processing"]').waitFor({ timeout: 30_000 });
    // Done with a possible duplicate: the status page sends the admin to the duplicates.
    await page.waitForURL((url) => url.pathname === '/integration-duplicate', { timeout: 60_000 });
    const row = page.locator('[data-testid="duplicate-row"][data-external-id="aad-00600"]');
    await expect(row.innerText()).resolves.toContain('Eddie Employee');
    await screenshot(page, 'integration-duplicate-open-desktop-en');
    await row.getByTestId('duplicate-link').click();
    await page.getByTestId('duplicates-none').waitFor();
    await page.getByTestId('duplicate-continue').click();
    await page.locator('[data-testid="view-integration"][data-loaded="true"]').waitFor();
    await expect(page.getByTestId('view-last-run').innerText()).resolves.toContain('121 created');
    await expect(page.getByTestId('integration-status').innerText()).resolves.toMatch(/^active with errors$/i);
    await screenshot(page, 'view-integration-desktop-en');
    // The mapped value reached the person, named by its custom field.
    await page.goto(`/integration-valid?id=${integId}`);
    const zainab = page.getByTestId('synced-person').filter({ hasText: 'Zainab Haddad' });
    await expect(zainab.getByTestId('synced-person-custom').innerText()).resolves.toBe('Vehicle registration: ZH 2041');
    await zainab.scrollIntoViewIfNeeded();
    await screenshot(page, 'integration-person-custom-field-desktop-en');
    // …and stays mapped when the settings are opened again.
    await page.goto(`/integration-settings?id=${integId}`);
    await page.locator('[data-testid="custom-mapping"][data-loaded="true"]').waitFor();
    await expect(page.locator('input[data-field-name="Vehicle registration"]').inputValue()).resolves.toBe(
      'employeeId',
    );
    await page.context().close();

    // A person the sync brought in signs in at a kiosk with no connection.
    const context = await newContext(browser, server.url, 'kioskLandscape', { offline: true });
    const kiosk = await context.newPage();
    await registerKiosk(kiosk, 'Directory desk', shooter(kiosk, null));
    await untilOfflineReady(kiosk);
    await context.setOffline(true);
    await kiosk.locator('[data-testid="kiosk-online"][data-online="false"]').waitFor();
    await startJourney(kiosk, 'Staff attendance');
    await kiosk.getByTestId('kiosk-search').fill('Zainab Haddad');
    await kiosk.getByTestId('kiosk-match').filter({ hasText: 'Zainab Haddad' }).click();
    // Late or on time depends on the hour: a late sign-in asks for its (preselected) reason.
    const next = kiosk.locator('[data-testid="kiosk"][data-step="reason"], [data-testid="kiosk-result"]');
    await next.first().waitFor({ timeout: 20_000 });
    if (await kiosk.locator('[data-testid="kiosk"][data-step="reason"]').count())
      await kiosk.getByTestId('kiosk-next').click();
    expect(await result(kiosk)).toMatchObject({ signedIn: 'true' });
    await screenshot(kiosk, 'integration-synced-person-kiosk-offline');
    await kiosk.getByTestId('kiosk-done').click();
    await step(kiosk, 'home');
    await context.close();
  }, 300_000);

  screens(
    'renders every integration screen in English and Arabic, on desktop and phone, without sideways scroll',
    async () => {
      const name = encodeURIComponent('Contoso staff');
      const screens: [string, string, string][] = [
        ['integrations', '/integration', '[data-testid="integrations"][data-loaded="true"]'],
        ['sync-integration', `/sync-integration?id=${integId}`, '[data-testid="sync-integration"][data-loaded="true"]'],
        ['sync-status', `/sync-status?id=${integId}`, '[data-testid="sync-status"][data-phase="done"]'],
        ['integration-settings', `/integration-settings?id=${integId}`, '[data-testid="integration-settings"]'],
        ['integration-duplicate', `/integration-duplicate?id=${integId}`, '[data-testid="duplicates-none"]'],
        [
          'integration-error',
          `/integration-error?id=${integId}`,
          '[data-testid="integration-error"][data-loaded="true"]',
        ],
        ['integration-valid', `/integration-valid?id=${integId}`, '[data-testid="synced-person"]'],
        [
          'view-integration',
          `/view-integration/${integId}/${name}`,
          '[data-testid="view-integration"][data-loaded="true"]',
        ],
      ];
      for (const [viewport, lang] of [
        ['phone', 'ar'],
        ['desktop', 'ar'],
        ['phone', 'en'],
        ['desktop', 'en'],
      ] as const) {
        const page = await adminPage(viewport, lang);
        for (const [shot, path, ready] of screens) {
          await page.goto(path);
          await page.locator(ready).first().waitFor();
          await screenshot(page, `${shot}-${viewport}-${lang}`);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
          expect(wide, `${shot} ${viewport} ${lang} scrolls sideways`).toBe(false);
        }
        // The saved integration's groups picker offers the directory's own groups by name.
        await page.goto(`/integration-settings?id=${integId}`);
        await page.locator('[data-testid="integration-groups"][data-state="ready"]').click();
        await page.getByRole('option', { name: 'Staff', exact: true }).waitFor();
        await screenshot(page, `integration-groups-open-${viewport}-${lang}`);
        await page.keyboard.press('Escape');
        // The saved credentials tried against the directory; the answer in the reader's language.
        await page.getByTestId('integration-test-connection').click();
        const tested = page.locator('[data-testid="connection-result"][data-state="ok"]');
        await tested.waitFor();
        if (lang === 'ar') await expect(tested.innerText()).resolves.toContain('تم الاتصال');
        await tested.scrollIntoViewIfNeeded();
        await screenshot(page, `integration-test-connection-${viewport}-${lang}`);
        await page.getByTestId('custom-mapping').scrollIntoViewIfNeeded();
        await screenshot(page, `integration-custom-mapping-${viewport}-${lang}`);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(wide, `settings with results ${viewport} ${lang} scrolls sideways`).toBe(false);
        if (lang === 'ar') await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
        await page.context().close();
      }
    },
    300_000,
  );
});
