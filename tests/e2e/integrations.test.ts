// Directory integrations in Chromium against a fake Microsoft Graph: an admin creates an Entra
// ID integration, runs the first sync, watches the status page reach done and finds a synced
// person in /users; then the three screens in English and Arabic, desktop and phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { fakeUser, startFakeGraph, type FakeGraph } from '../fake-directories/microsoft-graph';
import { launch, login, newContext, screenshot, type VIEWPORTS } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let graph: FakeGraph;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  graph = await startFakeGraph({ pageSize: 50 });
  graph.upsert(...Array.from({ length: 120 }, (_, i) => fakeUser(i + 1)));
  graph.upsert(fakeUser(500, { givenName: 'Zainab', surname: 'Haddad', mail: 'zainab.haddad@contoso.test' }));
  server = await startServer({ env: { GRAPH_BASE_URL: graph.baseUrl, GRAPH_AUTH_URL: graph.authUrl } });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await graph?.close();
});

async function adminPage(viewport: keyof typeof VIEWPORTS, lang: 'en' | 'ar'): Promise<Page> {
  const context = await newContext(browser, server.url, viewport);
  await context.addInitScript((l) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', l);
  }, lang);
  const page = await context.newPage();
  await login(page, 'admin@acme.test');
  return page;
}

describe('directory integrations in Chromium', () => {
  it('creates an Entra integration, syncs it to done and shows a synced person in /users', async () => {
    const page = await adminPage('desktop', 'en');
    await page.goto('/integration');
    await page.locator('[data-testid="integrations"][data-loaded="true"]').waitFor();
    await page.getByRole('link', { name: 'Add Microsoft Entra ID integration' }).click();
    await page.getByTestId('integration-name').fill('Contoso staff');
    await page.getByTestId('integration-tenantId').fill(graph.tenantId);
    await page.getByTestId('integration-clientId').fill(graph.clientId);
    await page.getByTestId('integration-clientSecret').fill(graph.clientSecret);
    await screenshot(page, 'integration-settings-desktop-en');
    await page.getByTestId('integration-save').click();
    await page.waitForURL((url) => url.pathname === '/sync-status');
    await page.getByTestId('sync-start').click();
    await page.locator('[data-testid="sync-status"][data-phase="done"]').waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('sync-created').innerText()).resolves.toBe('121');
    await screenshot(page, 'sync-status-done-desktop-en');
    await page.goto('/users');
    await page.getByTestId('users-search').fill('Zainab');
    await page.getByText('Zainab Haddad').first().waitFor({ timeout: 30_000 });
    await page.goto('/integration');
    await expect(page.getByTestId('integration-status').first().innerText()).resolves.toMatch(/^active$/i);
    await screenshot(page, 'integrations-desktop-en');
    await page.context().close();
  }, 180_000);

  it('renders the list, settings and status screens in Arabic and on a phone without sideways scroll', async () => {
    for (const [viewport, lang] of [
      ['phone', 'ar'],
      ['desktop', 'ar'],
      ['phone', 'en'],
    ] as const) {
      const page = await adminPage(viewport, lang);
      await page.goto('/integration');
      await page.locator('[data-testid="integrations"][data-loaded="true"]').waitFor();
      await screenshot(page, `integrations-${viewport}-${lang}`);
      const href = await page.locator('[data-testid^="integration-"] a').last().getAttribute('href');
      await page.goto(href!);
      await page.locator('[data-testid="sync-status"][data-phase="done"]').waitFor();
      await screenshot(page, `sync-status-${viewport}-${lang}`);
      await page.goto('/integration-settings');
      await page.getByTestId('integration-settings').waitFor();
      await screenshot(page, `integration-settings-${viewport}-${lang}`);
      if (lang === 'ar') await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(wide).toBe(false);
      await page.context().close();
    }
  }, 180_000);
});
