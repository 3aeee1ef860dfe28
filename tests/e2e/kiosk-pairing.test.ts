// Pairing a kiosk by QR: an admin makes a pairing code on /sites; the
// code's QR is rendered into a fake-camera video; a device on /kiosk-register scans it with no
// one signing in and becomes a kiosk of the chosen area. The same code a second time, and a QR
// that is not a pairing code, are refused with words a person can act on.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { step } from './kiosk/kiosk-steps';
import { writeQrVideo } from './kiosk/fake-camera';
import { zxingReads } from './kiosk/qr-decodable';
import { launch, login, newContext, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let admin: Browser;
const cameras: Browser[] = [];

beforeAll(async () => {
  server = await startServer();
  admin = await launch();
});
afterAll(async () => {
  await Promise.all([admin, ...cameras].map((b) => b?.close()));
  await server?.stop();
});

/** A browser whose fake camera shows `text` as a QR code. */
async function cameraShowing(text: string): Promise<Browser> {
  const video = join(mkdtempSync(join(tmpdir(), 'gatehouse-pair-')), 'pair.y4m');
  writeQrVideo(video, text);
  const browser = await launch([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  cameras.push(browser);
  return browser;
}

/** Signs the admin in on /sites (1440 × 900), makes a pairing code and answers the QR's text. */
async function pairingCode(lang: 'en' | 'ar', area: string, name: string): Promise<string> {
  const context = await admin.newContext({
    baseURL: server.url,
    viewport: { width: 1440, height: 900 },
    serviceWorkers: 'block',
  });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  await login(page, 'admin@acme.test');
  await page.goto('/sites?tab=kiosks');
  await page.getByTestId('kiosk-pair-open').click();
  await page.getByTestId('kiosk-pairing-area').click();
  await page.getByRole('option', { name: area }).click();
  await page.getByTestId('kiosk-pairing-name').fill(name);
  await page.getByTestId('kiosk-pairing-submit').click();
  const qr = page.getByTestId('kiosk-pairing-qr');
  await qr.waitFor();
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="kiosk-pairing-qr"]') as HTMLImageElement | null)?.complete === true,
  );
  await screenshot(page, `kiosk-pairing-dialog-${lang}`);
  const text = (await qr.getAttribute('data-qr'))!;
  await context.close();
  return text;
}

async function registerPage(browser: Browser): Promise<Page> {
  const context = await newContext(browser, server.url, 'kioskLandscape');
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  const page = await context.newPage();
  await page.goto('/kiosk-register');
  await page.getByTestId('kiosk-pair-scan').waitFor({ timeout: 30_000 });
  return page;
}

it("an admin shows a pairing code on /sites and a device scanning it becomes that area's kiosk, once", async () => {
  let text = await pairingCode('en', 'Loading Bay', 'Bay tablet');
  // A random code now and then draws a matrix zxing cannot read from a synthetic frame: ask again.
  for (let attempt = 1; !zxingReads(text) && attempt < 5; attempt++)
    text = await pairingCode('en', 'Loading Bay', 'Bay tablet');
  expect(text.startsWith('GHPAIR:')).toBe(true);
  const camera = await cameraShowing(text);

  const page = await registerPage(camera);
  await screenshot(page, 'kiosk-register-scan-en');
  await page.getByTestId('kiosk-pair-scan').click();
  await step(page, 'home', 30_000);
  await expect.poll(() => page.getByTestId('kiosk-area').textContent()).toContain('Loading Bay');
  await page.locator('[data-testid="kiosk-online"][data-online="true"]').waitFor({ timeout: 30_000 });

  // Another device holding up the same code is told it was used, and stays unregistered.
  const second = await registerPage(camera);
  await second.getByTestId('kiosk-pair-scan').click();
  await expect
    .poll(() => second.getByTestId('kiosk-register-error').textContent(), { timeout: 30_000 })
    .toBe('This pairing code has already been used. Ask for a new one.');
  await second.getByTestId('kiosk-pair-scan').waitFor();
});

it('the Arabic pairing dialog shows the code too, and a QR that is not a pairing code is refused', async () => {
  expect((await pairingCode('ar', 'Stores', 'جهاز المخزن')).startsWith('GHPAIR:')).toBe(true);
  const page = await registerPage(await cameraShowing('https://example.com/not-a-pairing-code'));
  await page.getByTestId('kiosk-pair-scan').click();
  await expect
    .poll(() => page.getByTestId('kiosk-register-error').textContent(), { timeout: 30_000 })
    .toBe('That is not a kiosk pairing code. Scan the code shown in Sites and devices.');
  expect(await page.getByTestId('kiosk').count()).toBe(0);
});
