// Auto sign-out in Chromium: a visitor signed in at a kiosk is auto signed out when the server's clock
// passes midnight in the site's time zone, on the dashboard (with the reason in the visit's
// history) and on the kiosk after its pull; and a person signs in and out from a phone inside
// the site's geofence, refused with the distance outside it. Screenshots in English and Arabic.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextLocalMidnight } from '../../domain/auto-sign-out';
import {
  answerCompliance,
  checks,
  chooseHost,
  done,
  newVisitorDetails,
  registerKiosk,
  result,
  shooter,
  startJourney,
  step,
} from './kiosk/kiosk-steps';
import { launch, login, newContext, screenshot, VIEWPORTS } from './support/browser';
import { apiLogin, startServer, type RunningServer } from './support/server';
import { journeyOrSweep } from './support/screens';

const MINUTE = 60_000;
let server: RunningServer;
let browser: Browser;
let token: string;
/** The server runs at 12:00 UTC of today's date (devices correct their clocks to it), so moving
 * it past a site's midnight never crosses the date the dashboard shows, whenever the test runs. */
const offset = (() => {
  const now = Date.now();
  return now - (now % 86_400_000) + 12 * 3_600_000 - now;
})();
const serverNow = () => Date.now() + offset;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

type Area = Record<string, unknown> & { id: string; name: string };
type Site = Record<string, unknown> & { id: string; name: string; areas?: Area[] };
const headOffice = async () =>
  (await call<{ data: Site[] }>('GET', '/sites')).data.find((s) => s.name === 'Head Office')!;

/** A whole-hour zone whose next midnight is 20 to 80 minutes away: the test's kiosk journey fits
 * before it, and one clock move passes it. */
function zoneWithMidnightSoon(now: number): { zone: string; midnight: number } {
  for (let n = -12; n <= 14; n++) {
    const zone = n === 0 ? 'UTC' : `Etc/GMT${n > 0 ? '-' : '+'}${Math.abs(n)}`; // Etc signs are inverted
    const midnight = nextLocalMidnight(now, zone);
    if (midnight - now >= 20 * MINUTE && midnight - now < 80 * MINUTE) return { zone, midnight };
  }
  throw new Error('no zone found');
}

beforeAll(async () => {
  server = await startServer({ env: { GATEHOUSE_TEST_CLOCK: '1', TEST_CLOCK_OFFSET_MS: String(offset) } });
  ({ token } = await apiLogin(server.url));
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function kioskPresent(page: Page, name: string): Promise<number> {
  await page.getByTestId('kiosk-sign-out').click();
  await step(page, 'identify');
  await page.getByTestId('kiosk-search').fill(name);
  const n = await page.getByTestId('kiosk-match').count();
  await page.getByTestId('kiosk-cancel').click();
  await step(page, 'home');
  return n;
}

describe('auto sign-out at midnight in the site time zone', () => {
  it('signs a kiosk visitor out when the server clock passes midnight, on the dashboard and the kiosk', async () => {
    const site = await headOffice();
    const { zone, midnight } = zoneWithMidnightSoon(serverNow());
    const { areas: _areas, id, ...fields } = site;
    await call('PUT', `/sites/${id}`, { ...fields, time_zone: zone });

    const kioskContext = await newContext(browser, server.url, 'kioskLandscape');
    const kiosk = await kioskContext.newPage();
    await registerKiosk(kiosk, 'Midnight desk', shooter(kiosk, null));
    await startJourney(kiosk, 'Visitor sign-in');
    const who = { first: 'Mia', last: 'Midnight', email: 'mia.midnight@example.com', phone: '07700900321' };
    await newVisitorDetails(kiosk, who, shooter(kiosk, null));
    await answerCompliance(kiosk, 'yes', null, shooter(kiosk, null));
    await checks(kiosk, '36.6', shooter(kiosk, null));
    await chooseHost(kiosk, 'Hannah Ho', shooter(kiosk, null));
    expect(await result(kiosk)).toMatchObject({ signedIn: 'true' });
    await done(kiosk);
    await expect.poll(() => kioskPresent(kiosk, 'Mia'), { timeout: 30_000 }).toBe(1);

    const deskContext = await newContext(browser, server.url);
    const desk = await deskContext.newPage();
    await login(desk, 'admin@acme.test');
    const row = desk.getByTestId('logbook-row').filter({ hasText: 'Mia Midnight' });
    await row.and(desk.locator('[data-status="signed_in"]')).waitFor({ timeout: 60_000 });

    // The server's clock moves past the site's midnight; the job runs on the move.
    await call('POST', '/test/clock', { advanceMs: midnight - serverNow() + 5 * MINUTE });

    await row.and(desk.locator('[data-status="auto_signed_out"]')).waitFor({ timeout: 60_000 });
    await row.click();
    const drawer = desk.getByTestId('visit-drawer');
    await expect
      .poll(() => drawer.getByTestId('visit-event-note').allInnerTexts(), { timeout: 20_000 })
      .toContain('Auto signed out at midnight');
    await screenshot(desk, 'auto-sign-out-visit-history-en');
    await desk.evaluate(() => localStorage.setItem('language', 'ar'));
    await desk.reload();
    await row.click();
    await expect
      .poll(() => drawer.getByTestId('visit-event-note').allInnerTexts(), { timeout: 20_000 })
      .toContain('خروج تلقائي عند منتصف الليل');
    await screenshot(desk, 'auto-sign-out-visit-history-ar');

    // The kiosk pulls the sign-out: Mia is no longer among the people it can sign out.
    await expect.poll(() => kioskPresent(kiosk, 'Mia'), { timeout: 60_000 }).toBe(0);
    await kioskContext.close();
    await deskContext.close();
  });
});

describe('remote sign in/out from a phone', () => {
  // Head Office is seeded at 51.5072, -0.1276 with a 200 m radius.
  const inside = { latitude: 51.5078, longitude: -0.1276, accuracy: 15 };
  const outside = { latitude: 51.5172, longitude: -0.1276, accuracy: 40 };

  beforeAll(async () => {
    const area = (await headOffice()).areas!.find((a) => a.name === 'Meeting Rooms')!;
    const full = (await call<{ data: Area }>('GET', `/areas/${area.id}`)).data;
    const { id, site_id: _site, ...fields } = full;
    await call('PUT', `/areas/${id}`, { ...fields, login_mode: 'remote sign in/out' });
  });

  async function phone(lang: 'en' | 'ar'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: VIEWPORTS.phone,
      geolocation: inside,
      permissions: ['geolocation'],
    });
    await context.addInitScript((l) => localStorage.setItem('language', l), lang);
    const page = await context.newPage();
    await login(page, 'employee@acme.test');
    // The landing page finishes its own navigation first (a goto during it is aborted).
    await page.waitForLoadState('networkidle');
    await page.goto('/remote-sign-in');
    await page.getByTestId('remote-sign-in').waitFor({ timeout: 30_000 });
    return { context, page };
  }

  for (const lang of ['en', 'ar'] as const) {
    journeyOrSweep(lang === 'en')(
      `signs in inside the circle and is refused with the distance outside it (${lang})`,
      async () => {
        const { context, page } = await phone(lang);
        const locate = page.getByRole('button', { name: lang === 'en' ? 'Find my location' : 'حدّد موقعي' });
        await locate.click();
        await expect(page.getByTestId('remote-accuracy').innerText()).resolves.toContain('15');
        await expect(page.getByTestId('remote-geofence').innerText()).resolves.toMatch(/67|٦٧/);
        await screenshot(page, `remote-sign-in-inside-${lang}`);
        await page.getByTestId('remote-submit').click();
        await expect
          .poll(() => page.getByTestId('remote-state').innerText(), { timeout: 20_000 })
          .toContain('Meeting Rooms');

        await context.setGeolocation(outside);
        await locate.click();
        await expect
          .poll(() => page.getByTestId('remote-geofence').innerText(), { timeout: 20_000 })
          .toMatch(/912|٩١٢/);
        await page.getByTestId('remote-submit').click();
        await expect.poll(() => page.getByTestId('remote-refusal').innerText(), { timeout: 20_000 }).toMatch(/912/);
        await screenshot(page, `remote-sign-in-outside-${lang}`);

        // Back inside, signing out works and leaves the next run clean.
        await context.setGeolocation(inside);
        await locate.click();
        await page.getByTestId('remote-geofence').filter({ hasText: /67|٦٧/ }).waitFor();
        await page.getByTestId('remote-submit').click();
        await expect
          .poll(() => page.getByTestId('remote-state').innerText(), { timeout: 20_000 })
          .not.toContain('Meeting Rooms');
        await context.close();
      },
    );
  }
});
