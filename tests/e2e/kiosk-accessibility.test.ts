// The accessible kiosk in Chromium: in en and ar, each accessibility mode is
// turned on from the button every screen shows; every step of a visitor's sign-in is checked by
// axe (WCAG 2.2 AA) and its targets measured from the layout, in landscape and portrait. Spoken
// guidance is checked against a stubbed voice list (what is said, in which language), and the
// idle warning appears, beeps, speaks, and "I need more time" keeps the journey.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  answerCompliance,
  checks,
  chooseHost,
  done,
  newVisitorDetails,
  registerKiosk,
  result,
  shownName,
  step,
} from './kiosk/kiosk-steps';
import { DEMO_NAMES } from '../../server/seed/demo-data';
import { axeViolations } from './kiosk/axe-audit';
import { clearSpoken, measureTargets, spoken, stubSpeech } from './kiosk/a11y-measure';
import { CHROMIUM, VIEWPORTS, screenshot } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { apiLogin, type RunningServer } from './support/server';
import { journeyOrSweep } from './support/screens';

let server: RunningServer;
let browser: Browser;
// Chromium itself: the kiosk asks for fullscreen, and the headless shell's fullscreen window
// cannot be resized to the next orientation.
useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  { executablePath: CHROMIUM },
);

type Lang = 'en' | 'ar';
const locale = (lang: Lang) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as {
    kiosk: { welcome: string; identify: { search: string } };
    validation: { required: string };
    kioskA11y: Record<string, string> & { words: Record<string, string> };
  };
const MODES = ['none', 'speech', 'largeText', 'contrast', 'reach'] as const;
type Mode = (typeof MODES)[number];
const findings: string[] = [];

async function openKiosk(lang: Lang): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: VIEWPORTS.kioskLandscape,
    serviceWorkers: 'allow',
    bypassCSP: true, // axe goes in as a script tag
  });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  // English and Spanish voices only: an Arabic visitor is told the device has no Arabic voice.
  await stubSpeech(context, [
    { name: 'Test English', lang: 'en-GB' },
    { name: 'Test Spanish', lang: 'es-ES' },
  ]);
  const page = await context.newPage();
  await registerKiosk(page, `Reach ${lang}`, async () => undefined);
  return page;
}

/** Sets the demo visitor journey's idle timings as an admin would (the kiosk gets them by sync);
 * answers a function that puts the old ones back. */
async function journeyTimings(idle: number, warning: number): Promise<() => Promise<void>> {
  const { token } = await apiLogin(server.url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = (await (await fetch(`${server.url}/api/journeys`, { headers })).json()) as {
    data: Array<{ id: string; name: unknown; description: string | null; logo: string | null; settings: object }>;
  };
  const journey = list.data.find((j) => JSON.stringify(j.name).includes('Visitor sign-in'))!;
  const put = async (settings: object) => {
    const { name, description, logo } = journey;
    const res = await fetch(`${server.url}/api/journeys/${journey.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ name, description, logo, settings }),
    });
    expect(res.status).toBe(200);
  };
  await put({ ...journey.settings, idle_seconds: idle, idle_warning_seconds: warning });
  return () => put(journey.settings);
}

async function setMode(page: Page, mode: Mode, lang: Lang, audited = false): Promise<void> {
  await page.getByTestId('kiosk-a11y-open').click();
  await page.getByTestId('kiosk-a11y-panel').waitFor();
  if (audited) await audit(page, lang, mode, 'panel');
  if (mode !== 'none') {
    await page.getByTestId(`kiosk-a11y-${mode}`).click();
    await expect(page.getByTestId(`kiosk-a11y-${mode}`).getAttribute('aria-pressed')).resolves.toBe('true');
  }
  // Keyboard alone: Escape closes the sheet and focus goes back to the button.
  await page.keyboard.press('Escape');
  await page.getByTestId('kiosk-a11y-panel').waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('kiosk-a11y-open');
}

/** axe and the target measurements on the step on show, in both orientations. */
async function audit(page: Page, lang: Lang, mode: Mode, name: string): Promise<void> {
  for (const viewport of ['kioskLandscape', 'kioskPortrait'] as const) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const at = `${name} ${mode} ${viewport} ${lang}`;
    for (const v of await axeViolations(page)) findings.push(`${at}: axe ${v.rule}\n    ${v.targets.join('\n    ')}`);
    for (const p of await measureTargets(page, mode === 'reach')) findings.push(`${at}: ${p.target} ${p.problem}`);
    await screenshot(
      page,
      `kiosk-a11y-${name}-${mode}-${viewport === 'kioskLandscape' ? 'landscape' : 'portrait'}-${lang}`,
    );
  }
  await page.setViewportSize(VIEWPORTS.kioskLandscape);
}

async function visitorJourney(page: Page, lang: Lang, mode: Mode, n: number): Promise<void> {
  const shot = (name: string) => audit(page, lang, mode, name);
  await shot('home');
  await page
    .getByTestId('kiosk-journey')
    .filter({ hasText: shownName('Visitor sign-in') })
    .click();
  await step(page, 'identify');
  await shot('identify');
  const digits = `${lang === 'en' ? 1 : 2}${n}`;
  await newVisitorDetails(
    page,
    {
      first: 'Rhea',
      last: `Reach${lang}${mode}`,
      email: `rhea.${lang}.${mode}@example.com`,
      phone: `077009004${digits}`,
    },
    shot,
  );
  await answerCompliance(page, 'yes', null, shot);
  await checks(page, '36.5', shot);
  await chooseHost(page, 'Hannah Ho', shot);
  await result(page);
  await shot('result');
  await done(page);
  // Spoken guidance off: nothing at all was read on the way.
  if (mode === 'none') expect(await spoken(page)).toEqual([]);
  // The next visitor finds none of these choices.
  await expect.poll(() => page.getByTestId('kiosk-a11y').getAttribute('data-modes')).toBe('');
}

describe('the accessible kiosk', () => {
  for (const lang of ['en', 'ar'] as const) {
    journeyOrSweep(lang === 'en')(
      `every mode, every step, both orientations: axe-clean, 48 px targets 8 px apart (${lang})`,
      async () => {
        const page = await openKiosk(lang);
        for (const [n, mode] of MODES.entries()) {
          await setMode(page, mode, lang, mode === 'none');
          await visitorJourney(page, lang, mode, n);
        }
        await page.context().close();
      },
    );

    it(`reads each step, control, answer and error in the visitor's language (${lang})`, async () => {
      const page = await openKiosk(lang);
      const words = locale(lang);
      // Keyboard alone: Tab reaches a journey with a visible focus ring, Enter starts it.
      await clearSpoken(page);
      await setMode(page, 'speech', lang);
      const said = async () => (await spoken(page)).map((s) => s.text).join(' | ');
      await expect.poll(said).toContain(words.kioskA11y.speechOn);
      await expect.poll(said).toContain(words.kiosk.welcome);
      const langs = [...new Set((await spoken(page)).map((s) => `${s.lang}/${s.voice}`))];
      expect(langs).toEqual([lang === 'en' ? 'en-GB/Test English' : 'ar/null']);
      if (lang === 'ar') await page.getByTestId('kiosk-a11y-no-voice').waitFor();
      else expect(await page.getByTestId('kiosk-a11y-no-voice').count()).toBe(0);

      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'kiosk-journey')) break;
      }
      const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      expect(ring).not.toBe('none');
      await expect.poll(said).toMatch(new RegExp(`${words.kioskA11y.words.button}`));
      await page
        .getByTestId('kiosk-journey')
        .filter({ hasText: shownName('Visitor sign-in') })
        .focus();
      await clearSpoken(page);
      await page.keyboard.press('Enter');
      await step(page, 'identify');
      await expect.poll(said).toContain(DEMO_NAMES['Visitor sign-in'][lang]);
      await page.getByTestId('kiosk-search').focus();
      await expect.poll(said).toContain(words.kiosk.identify.search);
      await page.getByTestId('kiosk-search').fill('Zed');
      await page.getByTestId('kiosk-search').blur();
      await expect.poll(said).toContain('Zed');

      await page.getByTestId('kiosk-new').click();
      await step(page, 'new-person');
      await page
        .getByTestId('kiosk-type')
        .filter({ hasText: /^Visitor$/ })
        .click();
      await clearSpoken(page);
      await page.getByTestId('kiosk-next').click();
      await expect.poll(said).toContain(`${words.kioskA11y.words.error}: `);
      await page.context().close();
    });

    journeyOrSweep(lang === 'en')(
      `warns before going home, by screen, sound and speech; "more time" keeps the journey (${lang})`,
      async () => {
        // Short timings on the journey (the builder's "Kiosk time-out"), synced to the kiosk.
        const restore = await journeyTimings(5, 20);
        const page = await openKiosk(lang);
        const words = locale(lang);
        await setMode(page, 'speech', lang);
        await page
          .getByTestId('kiosk-journey')
          .filter({ hasText: shownName('Visitor sign-in') })
          .click();
        await step(page, 'identify');
        await page.getByTestId('kiosk-search').fill('Car');
        const warning = page.getByTestId('kiosk-idle-warning');
        await warning.waitFor({ timeout: 15_000 });
        await expect(warning.getAttribute('data-sound')).resolves.toBe('played');
        await expect
          .poll(async () => (await spoken(page)).map((s) => s.text).join(' '))
          .toContain(words.kioskA11y.warningTitle);
        await audit(page, lang, 'speech', 'idle-warning');
        // The warning holds the focus: Enter presses "I need more time".
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('kiosk-more-time');
        await page.keyboard.press('Enter');
        await warning.waitFor({ state: 'detached' });
        await step(page, 'identify');
        await expect(page.getByTestId('kiosk-search').inputValue()).resolves.toBe('Car');
        // Left alone, the kiosk goes home for the next visitor, choices cleared.
        await page.getByTestId('kiosk-cancel').click();
        await step(page, 'home');
        await expect.poll(() => page.getByTestId('kiosk-a11y').getAttribute('data-modes')).toBe('');
        await page.context().close();
        await restore();
      },
    );
  }

  it('found no axe violation and no small or crowded target anywhere', () => {
    expect(findings).toEqual([]);
  });
});
