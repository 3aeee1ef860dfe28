// A Standalone company's admin types an address its plan does not include: the page keeps the
// address and says why it is closed, what the plan includes and who can change it, in English and
// Arabic, on a desktop and a phone, without scrolling sideways.
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import type { Browser } from 'playwright-core';
import { loggedInPage, screenshot } from './support/browser';
import { journeyOrSweep } from './support/screens';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const title = (lang: 'en' | 'ar') =>
  (JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as { planLocked: { title: string } }).planLocked.title;

describe('a page outside the Standalone plan', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    for (const lang of ['en', 'ar'] as const) {
      // English on a desktop and Arabic on a phone in `npm test`; the other two as sweeps.
      journeyOrSweep((viewport === 'desktop') === (lang === 'en'))(
        `shows the lock, not /sites, on a typed address (${viewport}, ${lang})`,
        async () => {
          const page = await loggedInPage(browser, server.url, viewport, lang, 'admin@globex.test');
          await page.waitForURL((url) => url.pathname === '/sites');
          await page.goto('/users');
          await page.getByTestId('plan-locked').waitFor();
          expect(new URL(page.url()).pathname).toBe('/users');
          await expect(page.getByTestId('page-title').innerText()).resolves.toBe(title(lang));
          await expect(page.locator('html').getAttribute('dir')).resolves.toBe(lang === 'ar' ? 'rtl' : 'ltr');
          // What the plan includes: the two pages this admin opens, as links.
          await expect(page.getByTestId('plan-locked-includes').getByRole('link').count()).resolves.toBe(2);
          await page
            .waitForFunction(() => !document.querySelector('.mantine-LoadingOverlay-root'), undefined, {
              timeout: 5_000,
            })
            .catch(() => undefined);
          await expect(
            page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
          ).resolves.toBeLessThanOrEqual(0);
          await screenshot(page, `standalone-locked-${viewport}-${lang}`);
          // The top bar's "Add visits" names the plan as its reason.
          const addVisits = page.getByTestId('shortcut-add-visits');
          await expect(addVisits.getAttribute('aria-disabled')).resolves.toBe('true');
          const hint = (JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as { layout: Record<string, string> })
            .layout.addVisitsStandalone;
          await expect(addVisits.getAttribute('aria-label')).resolves.toContain(hint);
          await page.context().close();
        },
      );
    }
  }
});
