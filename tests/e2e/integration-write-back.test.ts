// Attendance codes and write-back in Chromium: after a first sync of an Entra
// integration against the fake Graph, an admin goes from the integration's page to its
// attendance codes, maps the on-time code, then turns write-back on and writes back now. Then
// both screens in English and Arabic on desktop, tablet and phone, without sideways scroll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { fakeUser, startFakeGraph, type FakeGraph } from '../fake-directories/microsoft-graph';
import { entraCredentials, integrationForm } from '../../server/test/integration-form';
import { launch, loggedInPage, screenshot, type VIEWPORTS } from './support/browser';
import { apiLogin, startServer, type RunningServer } from './support/server';
import { screens } from './support/screens';

let graph: FakeGraph;
let server: RunningServer;
let browser: Browser;
let integId = '';
const NAME = 'Contoso registers';

async function api(path: string, token: string, method = 'GET', body?: object) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as { data: Record<string, unknown> };
}

beforeAll(async () => {
  graph = await startFakeGraph();
  graph.upsert(...Array.from({ length: 5 }, (_, i) => fakeUser(i + 1)));
  server = await startServer({ env: { GRAPH_BASE_URL: graph.baseUrl, GRAPH_AUTH_URL: graph.authUrl } });
  browser = await launch();
  const { token } = await apiLogin(server.url);
  const created = await api('/integrations', token, 'POST', integrationForm(NAME, entraCredentials(graph)));
  integId = String(created.data.id);
  await api(`/integrations/${integId}/sync`, token, 'POST');
  for (let i = 0; i < 240; i++) {
    const s = await api(`/integrations/${integId}/sync-status`, token);
    if (s.data.status_id === 3 || s.data.status_id === 15) break;
    await new Promise((r) => setTimeout(r, 500));
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await graph?.close();
});

const adminPage = (viewport: keyof typeof VIEWPORTS, lang: 'en' | 'ar') =>
  loggedInPage(browser, server.url, viewport, lang);

describe('attendance codes and write-back in Chromium', () => {
  it('maps an attendance code, turns write-back on and writes back now', async () => {
    const page = await adminPage('desktop', 'en');
    await page.goto(`/view-integration/${integId}/${encodeURIComponent(NAME)}`);
    await page.locator('[data-testid="view-integration"][data-loaded="true"]').waitFor();
    await page.getByRole('link', { name: 'Attendance codes' }).click();
    await page.locator('[data-testid="attendance-codes"][data-loaded="true"]').waitFor();
    await page.getByLabel('On time').first().fill('ATT-PRESENT');
    await page.getByTestId('codes-save').click();
    await expect(page.getByTestId('toast-success').innerText()).resolves.toContain('Attendance codes saved.');
    await page.reload();
    await page.locator('[data-testid="attendance-codes"][data-loaded="true"]').waitFor();
    await expect(page.getByLabel('On time').first().inputValue()).resolves.toBe('ATT-PRESENT');

    await page.getByRole('link', { name: 'Write-back' }).click();
    await page.locator('[data-testid="write-back"][data-loaded="true"]').waitFor();
    await page.getByRole('switch', { name: "Write attendance marks to the directory's registers" }).click();
    await page.getByTestId('write-back-save').click();
    await page.getByText('Write-back settings saved.').waitFor();
    await page.getByTestId('write-back-run').click();
    await page.getByText('Marks written now: 0.').waitFor();
    await expect(page.getByTestId('write-back-progress').innerText()).resolves.toContain('Marks sent: 0');
    await page.context().close();
  }, 240_000);

  screens(
    'renders both screens in English and Arabic on desktop, tablet and phone without sideways scroll',
    async () => {
      const screens: [string, string, string][] = [
        [
          'attendance-codes',
          `/attendance-codes/${integId}/${encodeURIComponent(NAME)}`,
          '[data-testid="attendance-codes"][data-loaded="true"]',
        ],
        ['write-back', `/write-back?id=${integId}`, '[data-testid="write-back-progress"]'],
      ];
      for (const viewport of ['desktop', 'tablet', 'phone'] as const)
        for (const lang of ['en', 'ar'] as const) {
          const page = await adminPage(viewport, lang);
          for (const [shot, path, ready] of screens) {
            await page.goto(path);
            await page.locator(ready).first().waitFor();
            await screenshot(page, `${shot}-${viewport}-${lang}`);
            const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
            expect(wide, `${shot} ${viewport} ${lang} scrolls sideways`).toBe(false);
          }
          if (lang === 'ar') await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
          await page.context().close();
        }
    },
    300_000,
  );
});
