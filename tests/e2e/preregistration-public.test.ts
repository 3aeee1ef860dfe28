// In Chromium: a visitor opens a flow's public link (/e/<flow>) on a
// phone, submits the form empty (every required field says so), then registers and sees the
// QR code straight away, in English and Arabic. Phone-size screenshots of both screens.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { makePng } from '../../server/preregistration/test-png';
import { newContext, screenshot } from './support/browser';
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

const pad = (n: number) => String(n).padStart(2, '0');
function inDays(days: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

const cases = [
  { lang: 'en', day: 1, required: 'This field is required.', title: 'You are registered' },
  { lang: 'ar', day: 2, required: null, title: null },
] as const;

describe('the public pre-registration link', () => {
  for (const c of cases) {
    it(`flags each empty required field, then shows the QR right after Register (${c.lang})`, async () => {
      const context = await newContext(browser, server.url, 'phone');
      await context.addInitScript((l) => localStorage.setItem('language', l), c.lang);
      const page = await context.newPage();
      await page.goto(`/e/${flowId}`);
      await page.waitForURL((u) => u.pathname === `/pre-registration/${flowId}`);
      const form = page.getByTestId('visit-form');
      await form.waitFor();

      // Empty: every required field carries its own message, not only the date.
      await page.getByTestId('visit-submit').click();
      for (const name of ['first_name', 'last_name', 'email', 'phone', 'visit_time']) {
        const input = page.locator(`input[name="${name}"]`);
        await expect(input.getAttribute('aria-invalid'), name).resolves.toBe('true');
      }
      await expect(page.getByTestId('visit-date').getAttribute('aria-invalid'), 'visit_date').resolves.toBe('true');
      const errors = page.locator('.mantine-InputWrapper-error');
      if (c.required) await expect(errors.first().textContent()).resolves.toBe(c.required);
      await expect(page.getByText('cannot be before now').count()).resolves.toBe(0);
      await screenshot(page, `preregistration-public-empty-phone-${c.lang}`);

      await page.locator('input[name="first_name"]').fill('Petra');
      await page.locator('input[name="last_name"]').fill(`Public ${c.lang}`);
      await page.locator('input[name="email"]').fill(`petra.${c.lang}@example.com`);
      await page.locator('input[name="phone"]').fill(`44770090${c.day}555`);
      await page.getByTestId('visit-date').fill(inDays(c.day));
      await page.locator('input[name="visit_time"]').fill('10:30');
      await page.locator('#visitor-photo').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: makePng(400, 500),
      });
      await page.getByTestId('visit-submit').click();

      // The success page replaces the form: the QR is there without a reload.
      await page.waitForURL((u) => u.pathname === `/pre-registration/${flowId}/success`);
      await page.getByTestId('visit-qr').waitFor();
      expect(await page.getByTestId('visit-form').count()).toBe(0);
      expect(await page.getByTestId('visit-qr').getAttribute('data-token')).toBeTruthy();
      if (c.title) await page.getByRole('heading', { name: c.title }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(c.lang === 'ar' ? 'rtl' : 'ltr');
      await screenshot(page, `preregistration-public-success-phone-${c.lang}`);
      await context.close();
    });
  }
});
