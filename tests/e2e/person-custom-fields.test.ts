// A person's custom-field values on the user form in Chromium: an admin sets a text and a
// checkbox value on a person, reloads and sees them. Screenshots of the form's "Custom fields"
// section on a tablet (1024×768) and a phone (390×844), English and Arabic; the phone never
// scrolls sideways and axe finds no critical or serious problem in the form.
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, screenshot, VIEWPORTS } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import type { RunningServer } from './support/server';
import { journeyOrSweep } from './support/screens';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function adminPage(viewport: keyof typeof VIEWPORTS, lang: 'en' | 'ar'): Promise<Page> {
  // axe goes in as a script tag: the server's CSP (script-src 'self') would refuse it.
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: VIEWPORTS[viewport],
    serviceWorkers: 'allow',
    bypassCSP: true,
  });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  await login(page, 'admin@acme.test');
  return page;
}

/** Opens the edit form of the person named `name` on /users, once its custom fields are there. */
async function openForm(page: Page, name: string) {
  await page.goto('/users');
  const row = page.getByTestId('user-row').filter({ hasText: name });
  await row.waitFor({ timeout: 20_000 });
  await row.getByTestId('user-actions').click();
  await page.getByTestId('user-edit').click();
  const form = page.getByTestId('user-form');
  await form.getByTestId('person-custom-fields').waitFor({ timeout: 20_000 });
  return form;
}

async function axeProblems(page: Page): Promise<string[]> {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const r = await axe.run('[data-testid="user-form"]', { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

describe("a person's custom-field values", () => {
  it('an admin sets a text and a checkbox value on a person, reloads, and sees them', async () => {
    const page = await adminPage('tablet', 'en');
    let form = await openForm(page, 'Carla Contractor');
    // The demo people have no phone, which the form requires.
    await form.locator('input[name="phone"]').fill('07000111222');
    const section = form.getByTestId('person-section').filter({ hasText: 'Visit details' });
    await section.getByLabel('Vehicle registration').fill('KX70 ABC');
    await section.getByLabel('Laptop').check();
    await section.getByLabel('Tools').check();
    await page.getByTestId('user-save').click();
    await page.getByText('User Updated').waitFor();

    await page.reload();
    form = await openForm(page, 'Carla Contractor');
    expect(await form.getByLabel('Vehicle registration').inputValue()).toBe('KX70 ABC');
    expect(await form.getByLabel('Laptop').isChecked()).toBe(true);
    expect(await form.getByLabel('Tools').isChecked()).toBe(true);
    expect(await form.getByLabel('Camera').isChecked()).toBe(false);

    await form.getByTestId('person-section').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'person-custom-fields-tablet-en');
    expect(await axeProblems(page)).toEqual([]);
    await page.context().close();
  });

  for (const [viewport, lang] of [
    ['tablet', 'ar'],
    ['phone', 'en'],
    ['phone', 'ar'],
  ] as const) {
    // Arabic on a phone in `npm test` (the narrowest, right to left); the other two as sweeps.
    journeyOrSweep(viewport === 'phone' && lang === 'ar')(
      `shows the section on a ${viewport} in ${lang}, without sideways scroll, axe clean`,
      async () => {
        const page = await adminPage(viewport, lang);
        const form = await openForm(page, 'Carla Contractor');
        await form.getByTestId('person-section').first().scrollIntoViewIfNeeded();
        await screenshot(page, `person-custom-fields-${viewport}-${lang}`);
        const wide = await page.evaluate(() => {
          const modal = document.querySelector('.mantine-Modal-body');
          return {
            page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
            modal: modal ? modal.scrollWidth - modal.clientWidth : 0,
          };
        });
        expect(wide).toEqual({ page: 0, modal: 0 });
        expect(await axeProblems(page)).toEqual([]);
        await page.context().close();
      },
    );
  }
});
