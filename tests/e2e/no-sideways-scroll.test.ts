// Issue 20 item 7: no page scrolls sideways on a 360 px phone. Every route of domain/routes.ts
// (coming-soon ones too) is opened as an admin at 360×740, in English and Arabic.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ROUTES } from '../../domain/routes';
import { login, screenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A concrete address for a route pattern: optional parameters left out, others filled in. */
const concrete = (path: string) => path.replace(/\/:[^/]+\?/g, '').replace(/:[^/]+/g, 'x') || '/';
// /logout ends the session: opened last, after every other page has been measured.
const PATHS = [
  ...ROUTES.filter((r) => r.kind !== 'section' && r.path !== '/logout').map((r) => concrete(r.path)),
  '/logout',
];

async function overflowOf(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // The layout's page loader covers the page for its first half second; measure what is under it.
  await page
    .waitForFunction(() => !document.querySelector('.mantine-LoadingOverlay-root'), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

describe('no page scrolls sideways at 360 px', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`every route fits 360 px in ${lang === 'en' ? 'English' : 'Arabic'}`, async () => {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 360, height: 740 },
        serviceWorkers: 'allow',
      });
      await context.addInitScript((l) => localStorage.setItem('language', l), lang);
      const page = await context.newPage();
      await login(page, 'admin@acme.test');
      const wide: string[] = [];
      for (const path of PATHS) {
        // A page that ended the session (an SSO or one-time link) is measured, then the admin signs in again.
        const over = await overflowOf(page, path);
        if (over > 0) wide.push(`${path} is ${over} px too wide`);
        if (path === '/users') await screenshot(page, `users-360-${lang}`);
        if (path !== '/logout' && !(await page.evaluate(() => localStorage.getItem('user'))))
          await login(page, 'admin@acme.test');
      }
      expect(wide).toEqual([]);
      await context.close();
    }, 600_000);
  }
});
