// Company details in Chromium: an admin changes the logo on /company and sees
// it in the top bar at once (and after a reload); a logo too small is refused beside the field;
// the page in English and Arabic on desktop and tablet; the history window admin devices keep
// saved, kept after a reload, refused out of range, on desktop, tablet and phone.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { makePng } from '../../server/test/png';
import { login, newContext, screenshot, untilOfflineReady, type VIEWPORTS } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import type { RunningServer } from './support/server';
import { screens } from './support/screens';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const files = mkdtempSync(join(tmpdir(), 'company-e2e-'));
function file(name: string, bytes: Buffer): string {
  const path = join(files, name);
  writeFileSync(path, bytes);
  return path;
}

async function companyPage(viewport: keyof typeof VIEWPORTS, lang: 'en' | 'ar'): Promise<Page> {
  const context = await newContext(browser, server.url, viewport, { offline: true });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  // Regenerating the token asks to confirm first.
  page.on('dialog', (dialog) => void dialog.accept());
  await login(page, 'admin@acme.test');
  await page.goto('/company');
  await page.getByTestId('company-page').waitFor();
  return page;
}

const topBarLogo = (page: Page) => page.getByTestId('top-bar').locator('img.gh-logo');

describe('company details in Chromium', () => {
  it('changes the logo and shows it in the top bar, also after a reload', async () => {
    const page = await companyPage('desktop', 'en');
    await expect(topBarLogo(page).getAttribute('src')).resolves.toBe('/logo.svg');
    await page.locator('input[type="file"]').setInputFiles(file('logo.png', makePng(480, 120)));
    await page.getByTestId('company-logo-preview').waitFor();
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="top-bar"] img.gh-logo')
        ?.getAttribute('src')
        ?.startsWith('/api/company-logo/'),
    );
    // The top bar's image really loads (public URL, no session needed for <img>).
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="top-bar"] img.gh-logo');
      return Boolean(img?.complete && img.naturalWidth === 480);
    });
    await screenshot(page, 'company-logo-topbar-desktop-en');
    await page.reload();
    await page.getByTestId('company-page').waitFor();
    await expect(topBarLogo(page).getAttribute('src')).resolves.toMatch(/^\/api\/company-logo\//);
    // Offline, after a reload, the logo still shows: the service worker keeps it.
    await untilOfflineReady(page);
    await page.context().setOffline(true);
    await page.reload();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="top-bar"] img.gh-logo');
      return Boolean(
        img?.getAttribute('src')?.startsWith('/api/company-logo/') && img.complete && img.naturalWidth === 480,
      );
    });
    await page.context().close();
  });

  it('refuses a logo below 200 × 45 beside the field, keeping the current one', async () => {
    const page = await companyPage('desktop', 'en');
    const before = await topBarLogo(page).getAttribute('src');
    await page.locator('input[type="file"]').setInputFiles(file('tiny.png', makePng(120, 40)));
    await page.getByText('The logo must be at least 200 pixels wide and 45 pixels high.').first().waitFor();
    await expect(topBarLogo(page).getAttribute('src')).resolves.toBe(before);
    await page.context().close();
  });

  it('saves the name and shows a conflict to a second admin on an older version', async () => {
    const first = await companyPage('desktop', 'en');
    const second = await companyPage('desktop', 'en');
    await first.locator('input[name="name"]').fill('Acme Worldwide');
    await first.getByTestId('company-save').click();
    await first.getByTestId('toast-success').waitFor();
    await second.locator('input[name="name"]').fill('Acme Stale');
    await second.getByTestId('company-save').click();
    await second.getByText('Someone else changed this record first. Their version was kept.').first().waitFor();
    await second.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[name="name"]')?.value === 'Acme Worldwide',
    );
    await first.context().close();
    await second.context().close();
  });

  it('keeps a new history window for admin devices after a reload, and refuses one out of 1–90', async () => {
    const page = await companyPage('desktop', 'en');
    const days = page.getByTestId('history-window-days');
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('[data-testid="history-window-days"]')?.value === '14',
    );
    await days.fill('30');
    await page.getByTestId('history-window-save').click();
    await page.getByText('History window saved.').first().waitFor();
    await page.reload();
    await page.getByTestId('company-page').waitFor();
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('[data-testid="history-window-days"]')?.value === '30',
    );
    for (const wrong of ['120', '0']) {
      await days.fill(wrong);
      await page.getByTestId('history-window-save').click();
      await page.getByText('Enter a whole number of days from 1 to 90.').waitFor();
      await expect(days.getAttribute('aria-invalid')).resolves.toBe('true');
    }
    await page.reload();
    await page.getByTestId('company-page').waitFor();
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('[data-testid="history-window-days"]')?.value === '30',
    );
    await page.context().close();
  });

  screens.each(['desktop', 'tablet', 'phone'] as const)(
    'history window on %s, English and Arabic',
    async (viewport) => {
      for (const lang of ['en', 'ar'] as const) {
        const page = await companyPage(viewport, lang);
        const card = page.getByTestId('history-window-card');
        await page.waitForFunction(
          () => document.querySelector<HTMLInputElement>('[data-testid="history-window-days"]')?.value !== '',
        );
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `company-history-window-${viewport}-${lang}`);
        if (viewport === 'phone') {
          await page.getByTestId('history-window-days').fill('91');
          await page.getByTestId('history-window-save').click();
          await card.locator('.mantine-NumberInput-error').waitFor();
          await card.scrollIntoViewIfNeeded();
          await screenshot(page, `company-history-window-refused-${viewport}-${lang}`);
        }
        const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(wide, `${viewport} ${lang} scrolls sideways`).toBe(false);
        if (lang === 'ar') await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
        await page.context().close();
      }
    },
  );

  screens.each([
    ['desktop', 'en'],
    ['desktop', 'ar'],
    ['tablet', 'en'],
    ['tablet', 'ar'],
  ] as const)('screenshot on %s in %s', async (viewport, lang) => {
    const page = await companyPage(viewport, lang);
    await page.getByTestId('company-generate-token').click();
    await page.getByTestId('company-token').waitFor();
    await screenshot(page, `company-${viewport}-${lang}`);
    await page.context().close();
  });
});
