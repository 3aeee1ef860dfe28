// /sync-status in Chromium against a fake Graph: "Sync again" after a finished sync starts a new
// run and waits for it, even when the integration's data arrives during the start delay (the
// previous run's finished status once sent the page on and cancelled the POST). Without an id or
// with an unknown one it says not found; when the server cannot be reached it says so.
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
let token = '';
let integId = '';
const UNKNOWN = '01900000-0000-7000-8000-000000000000';

type Status = { status_id: number | null; run: { id: string } | null };
async function syncStatus(): Promise<Status> {
  const res = await fetch(`${server.url}/api/integrations/${integId}/sync-status`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: Status }).data;
}
async function untilDone(): Promise<Status> {
  for (let i = 0; i < 240; i++) {
    const s = await syncStatus();
    if (s.status_id === 3 || s.status_id === 15) return s;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the sync never finished');
}

beforeAll(async () => {
  graph = await startFakeGraph();
  graph.upsert(...Array.from({ length: 5 }, (_, i) => fakeUser(i + 1)));
  server = await startServer({ env: { GRAPH_BASE_URL: graph.baseUrl, GRAPH_AUTH_URL: graph.authUrl } });
  browser = await launch();
  ({ token } = await apiLogin(server.url));
  const res = await fetch(`${server.url}/api/integrations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(integrationForm('Contoso desk', entraCredentials(graph))),
  });
  integId = String(((await res.json()) as { data: { id: string } }).data.id);
  await fetch(`${server.url}/api/integrations/${integId}/sync`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  await untilDone();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await graph?.close();
});

const adminPage = (viewport: keyof typeof VIEWPORTS, lang: 'en' | 'ar') =>
  loggedInPage(browser, server.url, viewport, lang);

describe('/sync-status in Chromium', () => {
  it('"Sync again" after a finished sync starts a new run and waits for it', async () => {
    const before = await syncStatus();
    const p = await adminPage('desktop', 'en');
    // The integration's data arrives while the start delay runs, as on a slow connection.
    await p.route(
      (url) => url.pathname === `/api/integrations/${integId}`,
      async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      },
    );
    await p.goto(`/sync-status?id=${integId}`);
    await p.locator('[data-testid="sync-status"][data-phase="done"]').waitFor();
    const posted = p
      .waitForRequest(
        (r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/integrations/${integId}/sync`,
        { timeout: 20_000 },
      )
      .then(() => true)
      .catch(() => false);
    await p.getByRole('button', { name: 'Sync again' }).click();
    await p.locator('[data-testid="sync-status"][data-phase="starting"]').waitFor();
    await screenshot(p, 'sync-status-starting-desktop-en');
    await expect(posted, 'the page left before its POST').resolves.toBe(true);
    await p.waitForURL((url) => url.pathname !== '/sync-status', { timeout: 60_000 });
    const after = await untilDone();
    expect(after.run?.id).not.toBe(before.run?.id);
    await p.context().close();
  }, 120_000);

  it('says not found for no id or an unknown one online, and needs a connection when unreachable', async () => {
    const p = await adminPage('phone', 'en');
    for (const path of ['/sync-status', `/sync-status?id=${UNKNOWN}`]) {
      await p.goto(path);
      await expect(p.getByTestId('sync-status-not-found').innerText()).resolves.toContain(
        'This integration was not found.',
      );
      await expect(p.getByText('need a connection').count()).resolves.toBe(0);
      await expect(p.getByTestId('sync-start').isVisible()).resolves.toBe(false);
    }
    await p.route(
      (url) => url.pathname === `/api/integrations/${UNKNOWN}/sync-status`,
      (route) => route.abort('internetdisconnected'),
    );
    await p.goto(`/sync-status?id=${UNKNOWN}`);
    await p.getByText('Integrations need a connection to the server.').waitFor();
    await expect(p.getByTestId('sync-status-not-found').count()).resolves.toBe(0);
    await p.context().close();
  });

  screens(
    'shows the status page in English and Arabic, desktop and phone, without sideways scroll',
    async () => {
      for (const viewport of ['desktop', 'phone'] as const)
        for (const lang of ['en', 'ar'] as const) {
          const p = await adminPage(viewport, lang);
          const shots: [string, string, string][] = [
            ['sync-status-done', `/sync-status?id=${integId}`, '[data-testid="sync-status"][data-phase="done"]'],
            ['sync-status-unknown', `/sync-status?id=${UNKNOWN}`, '[data-testid="sync-status-not-found"]'],
          ];
          for (const [shot, path, ready] of shots) {
            await p.goto(path);
            await p.locator(ready).waitFor();
            await screenshot(p, `${shot}-${viewport}-${lang}`);
            const wide = await p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
            expect(wide, `${shot} ${viewport} ${lang} scrolls sideways`).toBe(false);
          }
          await p.context().close();
        }
    },
    180_000,
  );
});
