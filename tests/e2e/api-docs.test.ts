// /api/docs in a real browser: Swagger UI renders the document from
// this server alone (any request to another host is refused and counted), under the server's
// CSP with no violation, and axe finds no critical or serious problem.
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import type { RunningServer } from './support/server';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function openDocs(bypassCSP: boolean) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: VIEWPORTS.desktop,
    bypassCSP,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const elsewhere: string[] = [];
  const problems: string[] = [];
  // Offline as far as the page can tell: only this server answers.
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(server.url)) return route.continue();
    elsewhere.push(url);
    return route.abort();
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('/api/docs');
  await page.locator('.swagger-ui .info .title').filter({ hasText: 'Gatehouse API' }).waitFor({ timeout: 60_000 });
  await page.locator('.opblock-tag').first().waitFor();
  return { context, page, elsewhere, problems };
}

async function seriousViolations(page: Page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 5)
            .join(', ')}`,
      );
  });
}

it('renders the API document from this server only, under its CSP', async () => {
  const { context, page, elsewhere, problems } = await openDocs(false);
  try {
    expect(await page.locator('.opblock-tag').count()).toBeGreaterThan(10);
    // An operation opens with its access and its schema-derived parameters.
    await page.locator('.opblock-tag[data-tag="sync"]').click();
    await page.locator('.opblock-summary', { hasText: '/api/sync/pull' }).click();
    await expect.poll(() => page.locator('.opblock-body').first().innerText()).toContain('deviceId');
    await screenshot(page, 'api-docs-desktop');
    expect(elsewhere, 'requests to other hosts').toEqual([]);
    expect(problems, 'console errors (a CSP refusal shows here)').toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

it('has no critical or serious axe violation', async () => {
  // axe goes in as a script tag, which the CSP (script-src 'self') would refuse.
  const { context, page } = await openDocs(true);
  try {
    await page.locator('.opblock-tag[data-tag="kiosks"]').click();
    await page.locator('.opblock-summary', { hasText: '/api/kiosks/logs' }).click();
    await page.locator('.opblock-body').first().waitFor();
    await screenshot(page, 'api-docs-operation');
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
