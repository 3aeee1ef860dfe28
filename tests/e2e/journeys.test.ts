// The journey builder in Chromium: an admin builds a journey (three languages) and a flow with a
// temperature check and a host rule entirely in the UI; a kiosk in that area receives it, goes
// offline and signs a new visitor through it. Screenshots of the list and the flow editor with
// its kiosk preview, desktop and tablet, English and Arabic.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { advanceClock, newVisitorDetails, registerKiosk, result, shooter, step } from './kiosk/kiosk-steps';
import { login, newContext, screenshot, untilOfflineReady, VIEWPORTS } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import type { RunningServer } from './support/server';
import { screens } from './support/screens';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const JOURNEY = { en: 'Deliveries desk', ar: 'مكتب التوصيلات', es: 'Mostrador de entregas' };

async function adminPage(viewport: keyof typeof VIEWPORTS, lang: 'en' | 'ar'): Promise<Page> {
  const context = await newContext(browser, server.url, viewport, { offline: true });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  await login(page, 'admin@acme.test');
  return page;
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('journey builder', () => {
  let flowUrl = '';

  it('an admin builds a journey and a flow with a temperature check and a host rule in the UI', async () => {
    const page = await adminPage('desktop', 'en');
    await page.goto('/journeys');
    await page.getByTestId('journeys-table').waitFor();
    await page.getByTestId('add-journey').click();
    await page.waitForURL('**/add-journey');
    // Too short a name is refused beside the field, in words, before anything is sent.
    await page.getByTestId('journey-name-en').fill('D');
    await page.getByTestId('save-journey').click();
    await expect(page.getByText('This is too short.').first().isVisible()).resolves.toBe(true);
    await page.getByTestId('journey-name-en').fill(JOURNEY.en);
    await page.getByTestId('journey-name-ar').fill(JOURNEY.ar);
    await expect(page.getByTestId('journey-name-missing').innerText()).resolves.toMatch(/spanish/i);
    await page.getByTestId('journey-name-es').fill(JOURNEY.es);
    await pick(page, 'journey-areas', 'Head Office · Reception');
    await page.getByTestId('journey-instruction_enabled').check();
    await page.getByTestId('journey-instruction-en').fill('Leave parcels at the blue desk.');
    await page.getByTestId('journey-instruction-ar').fill('اترك الطرود عند المكتب الأزرق.');
    // A reload keeps what was typed (the unsaved form is a draft on this device).
    await page.reload();
    await expect(page.getByTestId('journey-name-ar').inputValue()).resolves.toBe(JOURNEY.ar);
    await page.getByTestId('draft-restored').waitFor();
    await page.getByTestId('save-journey').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Journey Created' }).waitFor();
    // Creating continues to adding its first flow.
    await page.waitForURL(/\/add\/journey\/flow\/[0-9a-f-]{36}$/);

    await page.getByTestId('flow-name-en').fill('Courier arrival');
    await page.getByTestId('flow-name-ar').fill('وصول المندوب');
    await pick(page, 'flow-user-type', 'Visitor');
    await page.getByTestId('flow-temperature_check').check();
    await page.getByTestId('flow-temperature_threshold').fill('37.8');
    await page.getByTestId('flow-host').check();
    await page.getByTestId('flow-allow_no_host').uncheck();
    await page.getByTestId('flow-reminder_minutes').fill('20');
    await page.getByTestId('save-flow').click();
    await expect(
      page.getByText('The reminder interval must be at least 30 minutes.').first().isVisible(),
    ).resolves.toBe(true);
    await page.getByTestId('flow-reminder_minutes').fill('45');
    // The preview draws the kiosk's own checks and host screens for this flow.
    await page.getByTestId('preview-checks').click();
    await page.getByTestId('kiosk-preview').getByTestId('kiosk-checks').waitFor();
    await page.getByTestId('preview-host').click();
    await page.getByTestId('kiosk-preview').getByTestId('kiosk-host').waitFor();
    await expect(page.getByTestId('kiosk-preview').getByTestId('kiosk-no-host').count()).resolves.toBe(0);
    await page.getByTestId('save-flow').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Journey Flow Created' }).waitFor();
    await page.waitForURL(/\/update\/journey\/[0-9a-f-]{36}$/);
    await page.getByTestId('flow-row').filter({ hasText: 'Courier arrival' }).waitFor();
    await page.getByTestId('flow-row').getByRole('link').first().click();
    await page.waitForURL(/\/update\/journey\/flow\//);
    flowUrl = new URL(page.url()).pathname;
    const link = await page.getByTestId('flow-link-url').inputValue();
    expect(link).toMatch(new RegExp(`/e/${flowUrl.split('/').pop()}$`));
    await page.getByTestId('flow-link-qr').waitFor();
    await page.context().close();
  });

  it('a kiosk in that area receives the journey, goes offline and signs a new visitor through it', async () => {
    const context = await newContext(browser, server.url, 'kioskLandscape', { offline: true });
    const page = await context.newPage();
    await registerKiosk(page, 'Courier desk', shooter(page, null));
    const journey = page.getByTestId('kiosk-journey').filter({ hasText: JOURNEY.en });
    await journey.waitFor({ timeout: 30_000 });
    await untilOfflineReady(page);
    await context.setOffline(true);
    await page.locator('[data-testid="kiosk-online"][data-online="false"]').waitFor();
    await advanceClock(page);
    await journey.click();
    // The journey's instruction screen, in the kiosk's language.
    await step(page, 'instruction');
    await expect(page.getByTestId('kiosk-instruction').innerText()).resolves.toContain('blue desk');
    await page.getByTestId('kiosk-instruction-next').click();
    await step(page, 'identify');
    await newVisitorDetails(
      page,
      { first: 'Cora', last: 'Courier', email: 'cora.courier@example.test', phone: '07000111222' },
      shooter(page, null),
    );
    await step(page, 'checks');
    await page.getByTestId('kiosk-temperature').fill('36.6');
    await page.getByTestId('kiosk-next').click();
    await step(page, 'host');
    // The host rule: a host must be chosen (no "no host" button).
    await expect(page.getByTestId('kiosk-no-host').count()).resolves.toBe(0);
    await page.getByTestId('kiosk-host-search').fill('Hannah Ho');
    await page.getByTestId('kiosk-host-match').first().click();
    await page.getByTestId('kiosk-next').click();
    const r = await result(page);
    expect(r.signedIn).toBe('true');
    await context.close();
  });

  it('offline, the builder says it needs a connection and keeps what was typed across a reload', async () => {
    const page = await adminPage('desktop', 'en');
    await page.goto('/add-journey');
    await page.getByTestId('journey-name-en').waitFor();
    await untilOfflineReady(page);
    await page.context().setOffline(true);
    await page.getByTestId('journey-offline').waitFor();
    await page.getByTestId('journey-name-en').fill('Night shift');
    await page.getByTestId('save-journey').click();
    await page.getByTestId('toast-offline-save').waitFor();
    await page.reload();
    await expect(page.getByTestId('journey-name-en').inputValue()).resolves.toBe('Night shift');
    await page.getByTestId('journey-offline').waitFor();
    await page.context().close();
  });

  for (const viewport of ['desktop', 'tablet'] as const)
    for (const lang of ['en', 'ar'] as const)
      screens(`the journey list and the flow editor with its preview (${viewport}, ${lang})`, async () => {
        const page = await adminPage(viewport, lang);
        await page.goto('/journeys');
        await page.getByTestId('journey-row').first().waitFor();
        await screenshot(page, `journeys-list-${viewport}-${lang}`);
        await page.goto(flowUrl);
        await page.getByTestId('kiosk-preview').waitFor();
        await page.getByTestId('flow-name-en').waitFor();
        await screenshot(page, `journeys-flow-${viewport}-${lang}`);
        await page.getByTestId('preview-checks').click();
        // Below the sticky top bar, the preview's screen tabs included.
        await page.getByTestId('kiosk-preview').evaluate((el) => {
          el.scrollIntoView({ block: 'start' });
          window.scrollBy(0, -140);
        });
        await screenshot(page, `journeys-flow-preview-${viewport}-${lang}`);
        await page.context().close();
      });
});
