// axe-core on the pages people use most: login, dashboard (desktop and
// phone), users, the kiosk's home and every kiosk step, public pre-registration, the
// emergency list and a session, in English and Arabic. No critical or serious violation may
// remain. One server and one browser; within a language the pages are reached inside the app.
import { createRequire } from 'node:module';
import { v7 as uuidv7 } from 'uuid';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PullResponse } from '../../sync/protocol';
import {
  answerCompliance,
  checks,
  chooseHost,
  done,
  newVisitorDetails,
  registerKiosk,
  result,
  startJourney,
  step,
} from './kiosk/kiosk-steps';
import { login, screenshot, VIEWPORTS } from './support/browser';
import { journeyOrSweep } from './support/screens';
import { useServerAndBrowser } from './support/lifecycle';
import { apiLogin, type RunningServer } from './support/server';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

interface Found {
  page: string;
  rule: string;
  impact: string;
  targets: string[];
}
const found: Found[] = [];
const checked: string[] = [];

/** Runs axe on what the page shows now and keeps its critical and serious violations. */
async function audit(page: Page, name: string): Promise<void> {
  // The page loader fades out after 500 ms: audit the page, not the overlay.
  await page
    .waitForFunction(() => !document.querySelector('.mantine-LoadingOverlay-root'), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  // A button mid-transition has a colour between two states: audit the settled page.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        targets: v.nodes
          .slice(0, 5)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} — ${n.failureSummary?.split('\n')[1] ?? ''}`),
      }));
  });
  checked.push(name);
  await screenshot(page, `a11y-${name.replace(/\s+/g, '-')}`);
  found.push(...violations.map((v) => ({ page: name, ...v })));
}

async function context(viewport: keyof typeof VIEWPORTS, lang: string): Promise<BrowserContext> {
  // axe goes in as a script tag: the server's CSP (script-src 'self') would refuse it.
  const c = await browser.newContext({
    baseURL: server.url,
    viewport: VIEWPORTS[viewport],
    serviceWorkers: 'block',
    bypassCSP: true,
  });
  await c.addInitScript((l) => localStorage.setItem('language', l), lang);
  return c;
}

async function adminToken(): Promise<string> {
  return (await apiLogin(server.url)).token;
}

async function pull(): Promise<PullResponse> {
  const res = await fetch(`${server.url}/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  return (await res.json()) as PullResponse;
}

let sessionPath = '';

describe('accessibility (axe-core: no critical or serious violations)', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`admin pages and emergency on a desktop (${lang})`, async () => {
      const c = await context('desktop', lang);
      const page = await c.newPage();
      await page.goto('/login');
      await page.locator('input[name="email"]').waitFor();
      await audit(page, `login ${lang}`);
      await login(page, 'admin@acme.test');
      await page.getByTestId('dashboard-company').waitFor({ timeout: 20_000 });
      await audit(page, `dashboard ${lang}`);
      await page.goto('/users');
      await page.getByTestId('users-count').waitFor({ timeout: 20_000 });
      await audit(page, `users ${lang}`);
      await page.goto('/emergency-list');
      await page.getByTestId('on-site-total').waitFor({ timeout: 20_000 });
      await audit(page, `emergency list ${lang}`);
      if (!sessionPath) {
        await page.getByTestId('go-sessions').click();
        await page.getByTestId('session-name').fill('Drill');
        await page.getByTestId('start-session').getByText('Head Office').click();
        await page.getByTestId('start-session-button').click();
        await page.getByTestId('session-page').waitFor();
        sessionPath = new URL(page.url()).pathname;
      } else {
        await page.goto(sessionPath);
      }
      await page.getByTestId('count-total').waitFor({ timeout: 20_000 });
      await audit(page, `emergency session ${lang}`);
      await c.close();
    });

    it(`phone dashboard, emergency session and pre-registration (${lang})`, async () => {
      expect(sessionPath).not.toBe('');
      const phone = await context('phone', lang);
      const small = await phone.newPage();
      await login(small, 'admin@acme.test');
      await small.getByTestId('dashboard-company').waitFor({ timeout: 20_000 });
      await audit(small, `dashboard phone ${lang}`);
      await small.goto(sessionPath);
      await small.getByTestId('count-total').waitFor({ timeout: 20_000 });
      await audit(small, `emergency session phone ${lang}`);
      const flow = (await pull()).changes.find(
        (ch) => ch.table === 'journeyFlows' && (ch.data as { name?: string } | null)?.name === 'Visitor arrival',
      )!.id;
      await small.goto(`/e/${flow}`);
      await small.getByTestId('visit-form').waitFor({ timeout: 20_000 });
      await audit(small, `pre-registration ${lang}`);
      await phone.close();
    });

    // In English kiosk-accessibility.test.ts runs axe on every step in both orientations.
    journeyOrSweep(lang === 'ar')(`kiosk home and every step (${lang})`, async () => {
      const c = await context('kioskLandscape', lang);
      const page = await c.newPage();
      const shot = (name: string) => audit(page, `kiosk ${name} ${lang}`);
      await registerKiosk(page, `Axe ${lang}`, async () => undefined);
      await page.getByTestId('kiosk-announcement').first().waitFor();
      await shot('home');
      await startJourney(page, 'Visitor sign-in');
      await page.getByTestId('kiosk-search').fill('Car');
      await page.getByTestId('kiosk-match').first().waitFor();
      await shot('identify');
      await newVisitorDetails(
        page,
        {
          first: 'Alma',
          last: `Axe${lang}`,
          email: `alma.${lang}@example.com`,
          phone: `07700900${lang === 'en' ? 71 : 72}`,
        },
        shot,
      );
      await answerCompliance(page, 'yes', null, shot);
      await checks(page, '36.4', shot);
      await chooseHost(page, 'Hannah Ho', shot);
      await result(page);
      await shot('result');
      await done(page);
      await page.getByTestId('kiosk-sign-out').click();
      await step(page, 'identify');
      await page.getByTestId('kiosk-search').fill('Alma');
      await page.getByTestId('kiosk-match').first().click();
      await page.getByTestId('kiosk-result').or(page.locator('[data-testid="kiosk"][data-step="reason"]')).waitFor();
      await shot('sign-out');
      await c.close();
    });
  }

  it('found nothing critical or serious on any page', () => {
    expect(checked.length).toBeGreaterThanOrEqual(20);
    const report = found.map((f) => `${f.page}: ${f.rule} (${f.impact})\n    ${f.targets.join('\n    ')}`);
    console.log(`axe: ${found.length} critical/serious violations on ${checked.length} pages`);
    expect(report).toEqual([]);
  });
});
