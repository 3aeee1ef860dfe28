// The whole journey in Chromium, configured entirely in the UI: an admin builds a section
// (rating + checkboxes), an entry-condition form (two questions, a document requirement) and a
// journey whose one flow asks them with a temperature check and a required host; a kiosk in that
// area receives it, goes offline and signs a new visitor through it; back online the dashboard's
// visit drawer shows the answers, checks and values; an edit makes version 2 while the answer
// keeps version 1. The kiosk has no document screen: the document is recorded as unchecked.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { advanceClock, registerKiosk, result, shooter, step } from './kiosk/kiosk-steps';
import { login, newContext, screenshot, untilOfflineReady } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import type { RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const SECTION = 'Arrival survey';
const FORM = 'Workshop entry';
const FORM_AR = 'دخول الورشة';
const JOURNEY = 'Workshop visits';

async function pick(page: Page, testId: string, option: string) {
  const input = page.getByTestId(testId);
  const choice = page.getByRole('option', { name: option, exact: true });
  await input.scrollIntoViewIfNeeded();
  // An empty MultiSelect's pill box can take the click meant for its inner input; the keyboard
  // opens the list just as well.
  await input.click({ timeout: 5_000 }).catch(async () => {
    await input.focus();
    await page.keyboard.press('ArrowDown');
  });
  await choice.click({ timeout: 15_000 }).catch(async (e: unknown) => {
    await screenshot(page, `configuration-failed-pick-${testId}`);
    throw e;
  });
  await page.keyboard.press('Escape');
}

async function buildSection(page: Page) {
  await page.goto('/add-custom-field');
  await page.getByTestId('section-name-en').fill(SECTION);
  const rating = page.getByTestId('field-editor').nth(0);
  await rating.getByTestId('field-label-en').fill('Rate the directions');
  await rating.getByTestId('field-type').click();
  await page.getByRole('option', { name: 'Rating scale' }).click();
  await page.getByTestId('add-field').click();
  const gear = page.getByTestId('field-editor').nth(1);
  await gear.getByTestId('field-label-en').fill('Brought with you');
  await gear.getByTestId('field-type').click();
  await page.getByRole('option', { name: 'Checkboxes' }).click();
  await gear.getByTestId('add-option').click();
  await gear.getByTestId('option-en').nth(0).fill('Laptop');
  await gear.getByTestId('add-option').click();
  await gear.getByTestId('option-en').nth(1).fill('Tools');
  await page.getByTestId('add-field').click();
  const day = page.getByTestId('field-editor').nth(2);
  await day.getByTestId('field-label-en').fill('Induction day');
  await day.getByTestId('field-type').click();
  await page.getByRole('option', { name: 'Date', exact: true }).click();
  await page.getByTestId('save-section').click();
  await page.waitForURL((u) => u.pathname === '/custom-fields');
  await page.getByTestId('section-card').filter({ hasText: SECTION }).waitFor();
}

async function buildForm(page: Page) {
  await page.goto('/compliances');
  await page.getByTestId('add-compliance').click();
  await page.waitForURL('**/compliance-new');
  await page.getByTestId('compliance-name-en').fill(FORM);
  await page.getByTestId('compliance-name-ar').fill(FORM_AR);
  await page.getByTestId('question-0-en').fill('Do you have a cough?');
  await page.getByTestId('question-0-no').check();
  await page.getByTestId('add-question').click();
  await page.getByTestId('question-1-en').fill('Will you wear safety glasses?');
  await page.getByTestId('question-1-yes').check();
  await page.getByTestId('statement-en').fill('Answer for yourself, not your group.');
  await page.getByTestId('agreement-en').fill('I will follow the workshop rules.');
  await page.getByTestId('document-required').check();
  await page.getByTestId('protocol-eu_dcc').check();
  await page.getByTestId('save-compliance').click();
  await page.waitForURL('**/compliances');
  const row = page.getByTestId('compliance-row').filter({ hasText: FORM });
  // The device's copy shows first; the server's counts follow.
  await expect.poll(() => row.getByTestId('compliance-answers').textContent()).toBe('v1: 0');
}

async function buildJourney(page: Page) {
  await page.goto('/add-journey');
  await page.getByTestId('journey-name-en').fill(JOURNEY);
  await pick(page, 'journey-areas', 'Head Office · Reception');
  await page.getByTestId('save-journey').click();
  await page.waitForURL(/\/add\/journey\/flow\/[0-9a-f-]{36}$/);
  await page.getByTestId('flow-name-en').fill('Workshop guest');
  await pick(page, 'flow-user-type', 'Visitor');
  await page.getByTestId('flow-temperature_check').check();
  await page.getByTestId('flow-temperature_threshold').fill('37.8');
  await pick(page, 'flow-compliance', FORM);
  await pick(page, 'flow-sections', SECTION);
  await page.getByTestId('flow-host').check();
  await page.getByTestId('flow-allow_no_host').uncheck();
  await page.getByTestId('save-flow').click();
  await page.waitForURL(/\/update\/journey\/[0-9a-f-]{36}$/);
  await page.getByTestId('flow-row').filter({ hasText: 'Workshop guest' }).waitFor();
}

/** Offline, a new visitor through the flow: details + section, compliance, checks, host. */
async function signInOffline(page: Page) {
  const journey = page.getByTestId('kiosk-journey').filter({ hasText: JOURNEY });
  await journey.waitFor({ timeout: 30_000 });
  await untilOfflineReady(page);
  await page.context().setOffline(true);
  await page.locator('[data-testid="kiosk-online"][data-online="false"]').waitFor();
  await advanceClock(page);
  await journey.click();
  await step(page, 'identify');
  await page.getByTestId('kiosk-new').click();
  await step(page, 'new-person');
  await page
    .getByTestId('kiosk-type')
    .filter({ hasText: /^Visitor$/ })
    .click();
  await page.locator('input[name="firstName"]').fill('Wendy');
  await page.locator('input[name="lastName"]').fill('Workshop');
  await page.locator('input[name="email"]').fill('wendy.workshop@example.test');
  await page.locator('input[name="phone"]').fill('07000333444');
  const section = page.getByTestId('kiosk-section').filter({ hasText: SECTION });
  await section.getByTestId('rating-step').nth(4).check();
  await section.getByLabel('Tools').check();
  // A day typed as DD/MM/YYYY whatever the kiosk browser's own locale.
  await section.getByLabel('Induction day').fill('03/12/2026');
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'configuration-kiosk-section-landscape-en');
  await page.getByTestId('kiosk-next').click();

  await step(page, 'compliance');
  const questions = page.getByTestId('kiosk-question');
  await questions.nth(0).getByTestId('kiosk-answer-no').click();
  await questions.nth(1).getByTestId('kiosk-answer-yes').click();
  await page.getByTestId('kiosk-agree').check();
  // No certificate on a new visitor's profile: the kiosk says reception will check one.
  await page.getByTestId('kiosk-document-note').waitFor();
  await screenshot(page, 'configuration-kiosk-compliance-landscape-en');
  await page.getByTestId('kiosk-next').click();

  await step(page, 'checks');
  await page.getByTestId('kiosk-temperature').fill('36.6');
  await page.getByTestId('kiosk-next').click();
  await step(page, 'host');
  await expect(page.getByTestId('kiosk-no-host').count()).resolves.toBe(0);
  await page.getByTestId('kiosk-host-search').fill('Hannah Ho');
  await page.getByTestId('kiosk-host-match').first().click();
  await page.getByTestId('kiosk-next').click();
  // Held for reception (the certificate), decided offline on the kiosk from the flow it synced.
  expect(await result(page)).toMatchObject({ stage: 'waiting for admin approval', signedIn: 'false' });
  await page.context().setOffline(false);
}

describe('configuration journey', () => {
  it('an admin configures a journey in the UI and a kiosk signs a visitor through it offline', async () => {
    const adminContext = await newContext(browser, server.url, 'desktop', { offline: true });
    const admin = await adminContext.newPage();
    await login(admin, 'admin@acme.test');
    await buildSection(admin);
    await buildForm(admin);
    await buildJourney(admin);

    const kioskContext = await newContext(browser, server.url, 'kioskLandscape', { offline: true });
    const kiosk = await kioskContext.newPage();
    await registerKiosk(kiosk, 'Workshop desk', shooter(kiosk, null));
    await signInOffline(kiosk);

    // Back online: the kiosk pushes; reception lets the visitor in; the dashboard's drawer shows
    // answers, checks and values.
    await admin.goto('/');
    const waiting = admin.getByTestId('reception-task').filter({ hasText: 'Wendy Workshop' });
    await waiting.waitFor({ timeout: 30_000 });
    await waiting.getByTestId('reception-approve').click();
    await waiting.waitFor({ state: 'detached' });
    const row = admin.locator('[data-testid="logbook-row"]').filter({ hasText: 'Wendy Workshop' });
    await row.first().waitFor({ timeout: 30_000 });
    await row.first().click();
    const drawer = admin.getByTestId('visit-drawer');
    await drawer.getByTestId('visit-custom-fields').waitFor({ timeout: 20_000 });
    const record = await drawer.getByTestId('visit-record-line').allInnerTexts();
    expect(record.join('\n')).toMatch(/Host\s+Hannah Ho/);
    expect(record.join('\n')).toMatch(/36\.6/);
    await expect(drawer.getByTestId('visit-compliance-answers').innerText()).resolves.toMatch(
      /Do you have a cough\?[\s\S]*No[\s\S]*Will you wear safety glasses\?[\s\S]*Yes/,
    );
    await expect(drawer.getByTestId('visit-custom-fields').innerText()).resolves.toMatch(
      /Rate the directions[\s\S]*5[\s\S]*Brought with you[\s\S]*Tools[\s\S]*Induction day[\s\S]*03\/12\/2026/,
    );
    await expect(
      drawer.locator('[data-testid="visit-vaccine-status"] [data-status]').getAttribute('data-status'),
    ).resolves.toBe('unchecked');
    // The picture is of the open drawer, not of it sliding in.
    await drawer
      .locator('.mantine-Drawer-content')
      .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await screenshot(admin, 'configuration-visit-drawer-desktop-en');

    // The admin edits the form: version 2 is current, the kiosk's answer stays on version 1.
    await admin.goto('/compliances');
    const form = admin.getByTestId('compliance-row').filter({ hasText: FORM });
    await form.getByTestId('edit-compliance').click();
    await admin.getByTestId('version-note').waitFor();
    await admin.getByTestId('question-1-en').fill('Will you wear safety glasses at all times?');
    await admin.getByTestId('save-compliance').click();
    await admin.waitForURL('**/compliances');
    await expect.poll(() => form.getByTestId('compliance-version').textContent()).toBe('2');
    // The device's copy shows first; the server's counts replace it.
    await expect.poll(() => form.getByTestId('compliance-answers').textContent()).toBe('v2: 0v1: 1');
    // The visit still shows the answer against the version it answered.
    await admin.goto('/');
    await row.first().click();
    await expect
      .poll(() => drawer.getByTestId('visit-compliance-answers').innerText())
      .toMatch(/Version 1 \(the form is now at version 2/);
    await kioskContext.close();
    await adminContext.close();
  });

  it('shows the flow’s section and compliance steps in Arabic, right to left', async () => {
    const context = await newContext(browser, server.url, 'kioskLandscape', { offline: true });
    await context.addInitScript(() => localStorage.setItem('language', 'ar'));
    const kiosk = await context.newPage();
    await registerKiosk(kiosk, 'Workshop desk ar', shooter(kiosk, null));
    await advanceClock(kiosk);
    await kiosk.getByTestId('kiosk-journey').filter({ hasText: JOURNEY }).click();
    await step(kiosk, 'identify');
    await kiosk.getByTestId('kiosk-new').click();
    await step(kiosk, 'new-person');
    await kiosk.getByTestId('kiosk-type').first().click();
    await kiosk.locator('input[name="firstName"]').fill('وليد');
    await kiosk.locator('input[name="lastName"]').fill('ورشة');
    await kiosk.locator('input[name="email"]').fill('walid@example.test');
    await kiosk.locator('input[name="phone"]').fill('07000555666');
    const section = kiosk.getByTestId('kiosk-section').filter({ hasText: SECTION });
    await section.getByTestId('rating-step').nth(2).check();
    await section.scrollIntoViewIfNeeded();
    await screenshot(kiosk, 'configuration-kiosk-section-landscape-ar');
    await kiosk.getByTestId('kiosk-next').click();
    await step(kiosk, 'compliance');
    // The entry condition's Arabic name, as the admin wrote it.
    await expect(kiosk.getByTestId('kiosk-compliance').locator('h2').innerText()).resolves.toBe(FORM_AR);
    await expect(kiosk.getByTestId('kiosk-document-note').innerText()).resolves.toContain('الاستقبال');
    await screenshot(kiosk, 'configuration-kiosk-compliance-landscape-ar');
    await context.close();
  });
});
