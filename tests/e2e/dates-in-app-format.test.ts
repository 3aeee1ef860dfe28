// In an en-US Chromium (whose native pickers show MM/DD/YYYY and AM/PM), the public visitor form
// and the announcement form take dates as DD/MM/YYYY and times as 24-hour HH:mm, send the API's
// YYYY-MM-DD / HH:mm, and the visitor's photo picker speaks the page's language; English and
// Arabic, desktop and phone, nothing scrolls sideways. Screenshots of each.
import { beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { makePng } from '../../server/preregistration/test-png';
import { login, screenshot, VIEWPORTS } from './support/browser';
import { journeyOrSweep } from './support/screens';
import { useServerAndBrowser } from './support/lifecycle';
import { apiLogin, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let flowId = '';

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});
beforeAll(async () => {
  const { token } = await apiLogin(server.url);
  const pull = await fetch(`${server.url}/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { changes } = (await pull.json()) as {
    changes: Array<{ table: string; id: string; data: { name?: string } | null }>;
  };
  flowId = changes.find((c) => c.table === 'journeyFlows' && c.data?.name === 'Visitor arrival')!.id;
});

const TEXTS = {
  en: { photo: 'Your photo', choose: 'Choose a photo' },
  ar: { photo: 'صورتك', choose: 'اختر صورة' },
} as const;

async function enUsContext(size: 'desktop' | 'phone', lang: 'en' | 'ar'): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: VIEWPORTS[size],
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  // Chromium does not hand a multipart body with a file to the test: keep what the page sends.
  await context.addInitScript(() => {
    const sent: Array<Record<string, string>> = [];
    (window as unknown as { sent: typeof sent }).sent = sent;
    const original = window.fetch;
    window.fetch = (input, init) => {
      if (init?.body instanceof FormData)
        sent.push(Object.fromEntries([...init.body.entries()].filter(([, v]) => typeof v === 'string')) as never);
      return original(input, init);
    };
  });
  return context;
}

/** English on a desktop and Arabic on a phone in `npm test`; the other two pairs as sweeps. */
const inTests = (lang: 'en' | 'ar', size: 'desktop' | 'phone') => (size === 'desktop') === (lang === 'en');
const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/** The field is inside the window, not cut off at either side. */
async function inView(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

describe('dates and times in the app format in an en-US browser', () => {
  for (const lang of ['en', 'ar'] as const) {
    for (const size of ['desktop', 'phone'] as const) {
      journeyOrSweep(inTests(lang, size))(
        `the public visitor form reads DD/MM/YYYY and 24-hour times (${lang}, ${size})`,
        async () => {
          const context = await enUsContext(size, lang);
          const page = await context.newPage();
          await page.goto(`/pre-registration/${flowId}`);
          await page.getByTestId('visit-form').waitFor();

          const date = page.getByTestId('visit-date');
          const time = page.locator('input[name="visit_time"]');
          await date.fill('03/12/2026');
          await time.fill('14:30');
          await page.locator('input[name="first_name"]').click();
          expect(await date.inputValue()).toBe('03/12/2026');
          expect(await time.inputValue()).toBe('14:30');
          expect(await time.getAttribute('type')).not.toBe('time');
          expect(await page.locator('input[type="date"], input[type="time"]').count()).toBe(0);

          // The photo picker is a styled button in the page's language, not the browser's control.
          const picker = page.getByTestId('visitor-photo-button');
          expect((await picker.innerText()).trim()).toBe(TEXTS[lang].choose);
          const label = page.locator(`label[for="${await picker.getAttribute('id')}"]`);
          expect(await label.innerText()).toContain(TEXTS[lang].photo);
          await screenshot(page, `dates-visit-form-${size}-${lang}`);
          expect(await sideways(page)).toBeLessThanOrEqual(0);
          expect(await inView(page, 'visit-date')).toBe(true);

          // What is sent: the API's YYYY-MM-DD (day first as typed, Arabic digits too) and HH:mm.
          await date.fill(lang === 'ar' ? '٠٣/١٢/٢٠٢٧' : '03/12/2027');
          await time.fill(lang === 'ar' ? '١٨:٤٥' : '18:45');
          await page.locator('input[name="first_name"]').fill('Dana');
          await page.locator('input[name="last_name"]').fill(`Dates ${lang} ${size}`);
          await page.locator('input[name="email"]').fill(`dana.${lang}.${size}@example.com`);
          await page
            .locator('input[name="phone"]')
            .fill(lang === 'en' ? `4477009${size.length}1234` : `4477008${size.length}1234`);
          await page
            .locator('#visitor-photo')
            .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(400, 500) });
          await expect.poll(async () => (await picker.innerText()).trim()).toBe('me.png');
          const answered = page.waitForResponse((r) => r.url().includes('/create-expected-visit/'));
          await page.getByTestId('visit-submit').click();
          await answered;
          const [body] = await page.evaluate(() => (window as unknown as { sent: Array<Record<string, string>> }).sent);
          expect(body?.visit_date).toBe('2027-12-03');
          expect(body?.visit_time).toMatch(/^18:45(:00)?$/);
          await context.close();
        },
      );

      journeyOrSweep(inTests(lang, size))(
        `the announcement form reads DD/MM/YYYY and 24-hour times (${lang}, ${size})`,
        async () => {
          const context = await enUsContext(size, lang);
          const page = await context.newPage();
          await login(page, 'admin@acme.test');
          await page.goto('/add-announcement');
          await page.getByTestId('announcement-publish-date').waitFor();

          // A new announcement starts now, shown day first and in 24-hour time.
          const now = await page.evaluate(() => {
            const d = new Date();
            const p = (n: number) => String(n).padStart(2, '0');
            return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()}`;
          });
          expect(await page.getByTestId('announcement-publish-date').inputValue()).toBe(now);
          expect(await page.getByTestId('announcement-publish-time').inputValue()).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
          expect(await page.locator('input[type="datetime-local"]').count()).toBe(0);

          await page.getByTestId('announcement-description-en').fill(`Dates in the app format (${lang}, ${size}).`);
          await page.getByRole('checkbox', { name: 'Visitor', exact: true }).check();
          await page.getByTestId('announcement-expiry-date').fill('03/12/2027');
          await page.getByTestId('announcement-expiry-time').fill('18:45');
          await page.getByTestId('announcement-url').click();
          expect(await page.getByTestId('announcement-expiry-date').inputValue()).toBe('03/12/2027');
          expect(await page.getByTestId('announcement-expiry-time').inputValue()).toBe('18:45');
          await screenshot(page, `dates-announcement-form-${size}-${lang}`);
          expect(await sideways(page)).toBeLessThanOrEqual(0);
          for (const id of ['publish', 'expiry'])
            for (const part of ['date', 'time']) expect(await inView(page, `announcement-${id}-${part}`)).toBe(true);

          const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/announcements'));
          await page.getByTestId('announcement-save').click();
          const body = (await sent).postDataJSON() as { expiry_time: number };
          const expected = await page.evaluate(() => new Date(2027, 11, 3, 18, 45).getTime());
          expect(body.expiry_time).toBe(expected);
          await page.waitForURL((url) => url.pathname === '/announcements');
          await context.close();
        },
      );
    }
  }
});
