// Sites and areas end to end: an admin adds a site with its time zone and an area
// (the fire alarm refused until it has the local sync IP, port and an IO port), pairs a kiosk to
// that area by QR ("Kiosk Added"), someone signs in there, and removing the site is refused
// naming them. Then screenshots of the sites page, the area form, the geofence preview and the
// printed area QR, desktop, tablet and phone, English and Arabic.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeQrVideo } from './kiosk/fake-camera';
import {
  advanceClock,
  answerCompliance,
  checks,
  chooseHost,
  newVisitorDetails,
  result,
  shooter,
  startJourney,
  step,
} from './kiosk/kiosk-steps';
import { zxingReads } from './kiosk/qr-decodable';
import { launch, login, newContext, screenshot, VIEWPORTS } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { screens } from './support/screens';

let server: RunningServer;
let browser: Browser;
const others: Browser[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
});
afterAll(async () => {
  await Promise.all([browser, ...others].map((b) => b?.close()));
  await server?.stop();
});

const card = (page: Page, name: string) => page.locator(`[data-testid="site-card"][data-site="${name}"]`);
const toast = (page: Page) => page.getByTestId('toast-success').last();

async function adminPage(lang: 'en' | 'ar', viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<Page> {
  const context = await newContext(browser, server.url, viewport);
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  await login(page, 'admin@acme.test');
  await page.goto('/sites');
  await page.locator('[data-testid="sites-page"][data-loaded="true"]').waitFor();
  return page;
}

async function addArea(page: Page) {
  await card(page, 'Car Park Gate').getByTestId('area-add').click();
  await page.getByTestId('area-name').fill('Barrier');
  await page.getByTestId('area-fire-on').click({ force: true });
  await page.getByTestId('area-fire-active').fill('2');
  await page.getByTestId('area-save').click();
  // Spec 1 §5: a fire alarm needs the local sync IP and port, and an IO port.
  await expect
    .poll(() => page.getByTestId('area-fire-error').textContent())
    .toBe('A fire alarm needs the local sync IP and port, and an IO port.');
  await screenshot(page, 'sites-area-form-refused-en');
  await page.getByTestId('area-sync-ip').fill('192.168.1.20');
  await page.getByTestId('area-sync-port').fill('8443');
  await page.getByTestId('area-save').click();
  await expect.poll(() => toast(page).textContent()).toBe('Area Added');
  await card(page, 'Car Park Gate').locator('[data-testid="area-row"][data-area="Barrier"]').waitFor();
}

it('adds a site and an area, pairs a kiosk there by QR, signs someone in, and refuses removing the site', async () => {
  const page = await adminPage('en');
  await page.getByTestId('site-add').click();
  await page.getByTestId('site-name').fill('Car Park Gate');
  await page.getByTestId('site-lat').fill('51.5033');
  await page.getByTestId('site-long').fill('-0.1196');
  await page.getByTestId('site-radius').fill('250');
  await page.getByTestId('site-time-zone').fill('Europe/Lond');
  await page.getByRole('option', { name: 'Europe/London' }).click();
  await page.getByTestId('geofence-circle').waitFor();
  await screenshot(page, 'sites-site-form-en');
  await page.getByTestId('site-save').click();
  await expect.poll(() => toast(page).textContent()).toBe('Site Added');
  await card(page, 'Car Park Gate').waitFor();
  await addArea(page);

  // Pair a kiosk to the new area by QR, from the kiosks tab of the same page.
  await page.getByTestId('sites-tab-kiosks').click();
  let code = '';
  for (let attempt = 0; attempt < 5 && !(code && zxingReads(code)); attempt++) {
    if (attempt > 0) await page.keyboard.press('Escape');
    await page.getByTestId('kiosk-pair-open').click();
    await page.getByTestId('kiosk-pairing-area').click();
    await page.getByRole('option', { name: 'Barrier' }).click();
    await page.getByTestId('kiosk-pairing-name').fill('Barrier tablet');
    await page.getByTestId('kiosk-pairing-submit').click();
    code = (await page.getByTestId('kiosk-pairing-qr').getAttribute('data-qr'))!;
  }
  const video = join(mkdtempSync(join(tmpdir(), 'gatehouse-sites-')), 'pair.y4m');
  writeQrVideo(video, code);
  const camera = await launch([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  others.push(camera);
  const kiosk = await (await newContext(camera, server.url, 'kioskLandscape')).newPage();
  await kiosk.addInitScript(() => localStorage.setItem('language', 'en'));
  await kiosk.goto('/kiosk-register');
  await kiosk.getByTestId('kiosk-pair-scan').click();
  await step(kiosk, 'home', 60_000);
  await expect.poll(() => kiosk.getByTestId('kiosk-area').textContent()).toContain('Barrier');
  // The admin, still looking at the code, is told the kiosk was added.
  await page.getByTestId('toast-kiosk-added').waitFor({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.locator('[data-testid="kiosk-row"]').filter({ hasText: 'Barrier tablet' }).waitFor();

  // A new visitor signs in at the new area's kiosk.
  await kiosk.locator('[data-testid="kiosk-online"][data-online="true"]').waitFor({ timeout: 30_000 });
  await kiosk.context().clock.setFixedTime(new Date());
  await advanceClock(kiosk);
  await startJourney(kiosk, 'Visitor sign-in');
  const none = shooter(kiosk, null);
  await newVisitorDetails(
    kiosk,
    { first: 'Gina', last: 'Gate', email: 'gina@example.com', phone: '07700900555' },
    none,
  );
  await answerCompliance(kiosk, 'yes', null, none);
  await checks(kiosk, '36.6', none);
  await chooseHost(kiosk, 'Hannah Ho', none);
  expect(await result(kiosk)).toMatchObject({ signedIn: 'true' });

  // Removing the site while Gina is signed in there and the kiosk is registered is refused, saying so.
  await page.getByTestId('sites-tab-sites').click();
  const refused = async () => {
    await card(page, 'Car Park Gate').getByTestId('site-actions').click();
    await page.getByTestId('site-remove').click();
    await page.getByTestId('remove-confirm').click();
    const text = await page.getByTestId('toast-error').last().textContent({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    return text ?? '';
  };
  await expect.poll(refused, { timeout: 60_000 }).toContain('Gina Gate');
  expect(await refused()).toContain('Barrier tablet');
  await card(page, 'Car Park Gate').waitFor();
  await page.context().close();
}, 360_000);

screens(
  'the sites page, the area form, the geofence preview and the printed QR, in three sizes, English and Arabic',
  async () => {
    for (const lang of ['en', 'ar'] as const)
      for (const size of ['desktop', 'tablet', 'phone'] as const) {
        const page = await adminPage(lang, size);
        const gate = card(page, 'Car Park Gate');
        await gate.waitFor();
        if (lang === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
        await screenshot(page, `sites-page-${size}-${lang}`);

        await gate.locator('[data-testid="area-row"][data-area="Barrier"]').getByTestId('area-actions').click();
        await page.getByTestId('area-edit').click();
        await page.getByTestId('area-form').waitFor();
        await screenshot(page, `sites-area-form-${size}-${lang}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('area-form').waitFor({ state: 'detached' });

        await gate.getByTestId('site-geofence').click();
        await page.getByTestId('geofence-modal').getByTestId('geofence-circle').waitFor();
        await screenshot(page, `sites-geofence-${size}-${lang}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('geofence-modal').waitFor({ state: 'detached' });

        await gate.locator('[data-testid="area-row"][data-area="Barrier"]').getByTestId('area-actions').click();
        await page.getByTestId('area-qr-open').click();
        const qr = page.getByTestId('area-qr');
        await qr.waitFor();
        expect((await qr.getAttribute('data-qr'))!.startsWith('GHA1.')).toBe(true);
        await page.emulateMedia({ media: 'print' });
        await screenshot(page, `sites-area-qr-print-a4-${size}-${lang}`);
        await page.emulateMedia({ media: 'screen' });
        if (size === 'desktop') {
          await page
            .getByTestId('area-qr-paper')
            .getByText(lang === 'en' ? 'Label' : 'ملصق صغير')
            .click();
          await page.emulateMedia({ media: 'print' });
          await screenshot(page, `sites-area-qr-print-label-${lang}`);
          await page.emulateMedia({ media: 'screen' });
        }
        await page.context().close();
      }
  },
  360_000,
);
