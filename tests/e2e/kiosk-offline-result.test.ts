// In Chromium: offline, the kiosk's result does not claim the host has been
// told or the door asked, and its unsent badge counts one person for one sign-in (not the
// mutations queued for it). Screenshots at kiosk size in English and Arabic.
import type { Browser } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  answerCompliance,
  checks,
  chooseHost,
  newVisitorDetails,
  registerKiosk,
  result,
  shooter,
  startJourney,
  step,
} from './kiosk/kiosk-steps';
import { newContext, screenshot, untilOfflineReady } from './support/browser';
import { journeyOrSweep } from './support/screens';
import { useServerAndBrowser } from './support/lifecycle';
import { network } from './support/network';
import { apiLogin, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('the offline kiosk', () => {
  for (const lang of ['en', 'ar'] as const) {
    // The Arabic kiosk's words and direction are walked by kiosk-accessibility; here a sweep.
    journeyOrSweep(lang === 'en')(`says what is true while nothing can be sent (${lang})`, async () => {
      const context = await newContext(browser, server.url, 'kioskLandscape', { offline: true });
      const net = await network(context);
      const page = await context.newPage();
      await registerKiosk(page, `Offline desk ${lang}`, shooter(page, null));
      await untilOfflineReady(page);
      if (lang === 'ar') {
        await page.evaluate(() => localStorage.setItem('language', 'ar'));
        await page.reload();
        await step(page, 'home');
      }
      await net.cut();
      // A reload is not a new kiosk: it still counts as synced (its people known) while offline.
      await page.locator('[data-testid="kiosk-online"][data-online="false"][data-synced="true"]').waitFor();

      await startJourney(page, 'Visitor sign-in');
      // Each language its own person: a sign-in kept by one test must not collide with the next's.
      const phone = { en: '07700900555', ar: '07700900556' }[lang];
      const who = { first: 'Olga', last: `Offline${lang}`, email: `olga.${lang}@example.com`, phone };
      await newVisitorDetails(page, who, shooter(page, null));
      await answerCompliance(page, 'yes', null, shooter(page, null));
      await checks(page, '36.6', shooter(page, null));
      await chooseHost(page, 'Hannah Ho', shooter(page, null));
      expect(await result(page)).toMatchObject({ signedIn: 'true' });
      const notices = (await page.getByTestId('kiosk-result-notice').allInnerTexts()).join('\n');
      expect(notices).not.toContain('has been told');
      expect(notices).not.toContain('Door opening requested');
      const words = {
        en: ['Hannah Host will be told you are here as soon as this kiosk is back online.', '1 person waiting to send'],
        ar: ['سيتم إبلاغ Hannah Host بوصولك فور عودة هذا الكشك إلى الاتصال.', '1 شخص بانتظار الإرسال'],
      }[lang];
      expect(notices).toContain(words[0]);
      await expect(page.getByTestId('kiosk-pending').textContent()).resolves.toBe(words[1]);
      await screenshot(page, `kiosk-offline-result-landscape-${lang}`);
      await page.getByTestId('kiosk-done').click();
      await step(page, 'home');
      // What the kiosk said is true at the server too: it has heard of nobody from this kiosk.
      const { token, entityId } = await apiLogin(server.url);
      const search = new URLSearchParams({ filterBy: phone });
      const known = await fetch(`${server.url}/api/users/${entityId}?${search}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(known.status).toBe(200);
      expect(((await known.json()) as { data: unknown[] }).data).toEqual([]);
      await context.close();
    });
  }
});
