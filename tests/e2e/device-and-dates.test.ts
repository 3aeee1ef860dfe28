// /device shows dates day first (DD/MM/YYYY) like the rest of the app,
// its values sit under their labels in Arabic too, and the add-expected-visitors date field
// reads DD/MM/YYYY. Screenshots at phone, tablet and desktop sizes in English and Arabic.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { login, newContext, screenshot, VIEWPORTS } from './support/browser';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const pad = (n: number) => String(n).padStart(2, '0');

/** Where each fact's label and value text start, on the side the page reads from. */
async function factEdges(page: Page): Promise<Array<{ label: number; value: number }>> {
  return page.evaluate(`[...document.querySelectorAll('[data-testid="device-fact-cell"]')].map((cell) => {
    const rtl = document.documentElement.dir === 'rtl';
    const edge = (el) => { const range = document.createRange(); range.selectNodeContents(el); const r = range.getBoundingClientRect(); return rtl ? r.right : r.left; };
    return { label: edge(cell.querySelector('[data-testid="device-fact-label"]')), value: edge(cell.querySelector('.gh-device-value')) };
  })`) as Promise<Array<{ label: number; value: number }>>;
}

describe('/device and dates', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`/device puts each value under its label and shows the last sync day first (${lang})`, async () => {
      const context = await newContext(browser, server.url, 'desktop');
      await context.addInitScript((l) => localStorage.setItem('language', l), lang);
      const page = await context.newPage();
      await login(page, 'admin@acme.test');
      await page.goto('/device');
      await page.getByTestId('device-pending').waitFor();
      await page.getByTestId('device-last-sync').filter({ hasText: /\d/ }).waitFor({ timeout: 20_000 });
      const now = new Date();
      const text = (await page.getByTestId('device-last-sync').innerText()).replace(/[٠-٩]/g, (d) =>
        String('٠١٢٣٤٥٦٧٨٩'.indexOf(d)),
      );
      expect(text).toMatch(
        new RegExp(`^${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()} \\d{2}:\\d{2}$`),
      );
      for (const [size, viewport] of [
        ['desktop', VIEWPORTS.desktop],
        ['tablet', VIEWPORTS.tablet],
        ['phone', VIEWPORTS.phone],
      ] as const) {
        await page.setViewportSize(viewport);
        const edges = await factEdges(page);
        expect(edges.length).toBeGreaterThanOrEqual(7);
        for (const e of edges) expect(Math.abs(e.label - e.value), JSON.stringify(edges)).toBeLessThanOrEqual(2);
        await screenshot(page, `device-${size}-${lang}`);
      }
      await context.close();
    }, 120_000);

    it(`the add-expected-visitors date field reads DD/MM/YYYY, weeks from Monday (${lang})`, async () => {
      const context = await newContext(browser, server.url, 'phone');
      await context.addInitScript((l) => localStorage.setItem('language', l), lang);
      const page = await context.newPage();
      await login(page, 'admin@acme.test');
      await page.goto('/add-expected-visitors?tab=add');
      const field = page.getByTestId('visit-date-0');
      // The order is the same in every language; the words are the page's.
      const placeholder = await field.getAttribute('placeholder');
      if (lang === 'en') expect(placeholder).toBe('DD/MM/YYYY');
      else expect(placeholder).toMatch(/يوم.*شهر.*سنة/);
      await field.fill('31/12/2027');
      await page.getByTestId('add-visitors-form').locator('input[name="first_name_0"]').click();
      expect(await field.inputValue()).toBe('31/12/2027');
      expect(await page.locator('input[name="visit_date_0"]').inputValue()).toBe('2027-12-31');
      await field.click();
      const firstWeekday = page.locator('[data-dates-dropdown] thead th').first();
      await firstWeekday.waitFor();
      expect(await firstWeekday.innerText()).toMatch(lang === 'en' ? /^Mo/ : /ن/);
      for (const [size, viewport] of [
        ['phone', VIEWPORTS.phone],
        ['tablet', VIEWPORTS.tablet],
        ['desktop', VIEWPORTS.desktop],
      ] as const) {
        await page.setViewportSize(viewport);
        await screenshot(page, `add-visitors-date-${size}-${lang}`);
      }
      await context.close();
    }, 120_000);
  }
});
