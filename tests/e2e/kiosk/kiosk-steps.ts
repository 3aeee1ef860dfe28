// Kiosk journeys driven through the real screens, shared by the scenario test and the
// screenshot tour. Each helper ends back on the kiosk home screen.
import type { Page } from 'playwright-core';
import { screenshot, untilInPage } from '../support/browser';
import { apiLogin } from '../support/server';
import { DEMO_NAMES } from '../../../server/seed/demo-data';

export type Shot = (name: string) => Promise<void>;
export const shooter =
  (page: Page, suffix: string | null): Shot =>
  async (name) => {
    if (suffix) await screenshot(page, `kiosk-${name}-${suffix}`);
  };

export async function step(page: Page, name: string, timeout = 20_000): Promise<void> {
  try {
    await page.locator(`[data-testid="kiosk"][data-step="${name}"]`).waitFor({ timeout });
  } catch (error) {
    // What the kiosk showed instead is the quickest explanation of a failure (CI keeps the log only).
    await screenshot(page, `kiosk-failed-waiting-for-${name}`);
    throw new Error(`${(error as Error).message}\n${await shown(page)}`);
  }
}
/** The kiosk's step and visible text, for a failure message. */
export async function shown(page: Page): Promise<string> {
  const at = await page
    .locator('[data-testid="kiosk"]')
    .getAttribute('data-step', { timeout: 1_000 })
    .catch(() => 'none');
  const text = await page
    .locator('body')
    .innerText({ timeout: 1_000 })
    .catch(() => '');
  return `the kiosk showed step "${at}": ${text.replace(/\s+/g, ' ').slice(0, 600)}`;
}
const next = (page: Page) => page.getByTestId('kiosk-next').click();

/** The latest Monday at 10:30 on the kiosk: staff signing in are late, staff leaving are early. */
export const MONDAY_1030 = (() => {
  const d = new Date();
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  d.setHours(10, 30, 0, 0);
  return d;
})();

/**
 * The kiosks' clocks stand on MONDAY_1030 while the server lives today: on any other day the
 * server's auto sign-out job (every minute; the demo areas sign out "at midnight") ends each of
 * the kiosks' sign-ins at that Monday's midnight as soon as it is pushed, and the kiosk drops it,
 * rightly, so a journey that signs someone in and then out again found nobody to sign out. The
 * areas of these tests keep their visits open ("none") instead; auto sign-out has its own tests.
 */
export async function keepVisitsOpen(baseUrl: string): Promise<void> {
  const { token } = await apiLogin(baseUrl);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: unknown };
  };
  // Each area goes back as it came (the request schema drops its id and site), but for the mode.
  const sites = (await call('GET', '/sites')).data as Array<{ areas: Array<{ id: string }> }>;
  for (const area of sites.flatMap((s) => s.areas))
    await call('PUT', `/areas/${area.id}`, { ...area, auto_sign_out_mode: 'none' });
}

/**
 * Waits until the kiosk has sent everything it recorded, read from IndexedDB itself (the badge
 * may not have caught up yet): the next test's new kiosk must find on the server what this one
 * did, and a context closed first takes its unsent sign-out with it.
 */
export async function sent(page: Page): Promise<void> {
  await untilInPage(
    page,
    'the outbox to empty',
    async () => {
      let waiting = 0;
      for (const { name } of await indexedDB.databases()) {
        if (!name) continue;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        if (db.objectStoreNames.contains('outbox'))
          waiting += await new Promise<number>((resolve, reject) => {
            const count = db.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          });
        db.close();
      }
      return waiting === 0;
    },
    undefined,
  );
}

/** The kiosk's clock is frozen for the test; each journey moves it on a minute so events never tie. */
export async function advanceClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.context().clock.setFixedTime(new Date(now + 60_000));
}

export async function registerKiosk(page: Page, name: string, shot: Shot): Promise<void> {
  await page.goto('/kiosk-register');
  await page
    .locator('input[name="email"]')
    .waitFor({ timeout: 30_000 })
    .catch(async (error: unknown) => {
      await screenshot(page, 'kiosk-failed-register');
      throw error;
    });
  await page.locator('input[name="email"]').fill('admin@acme.test');
  await page.locator('input[name="password"]').fill('gatehouse-demo');
  await shot('register-login');
  await page.getByTestId('kiosk-register-login').click();
  await page.getByTestId('kiosk-register-area').click();
  await page.getByRole('option', { name: 'Head Office · Reception' }).click();
  await page.getByTestId('kiosk-register-name').fill(name);
  await shot('register-area');
  await page.getByTestId('kiosk-register-submit').click();
  await step(page, 'home');
  await page.locator('[data-testid="kiosk-journey"]').nth(1).waitFor({ timeout: 30_000 });
}

/** A demo journey's or flow's name as the kiosk shows it in any of its languages (the demo is
 * written in English, Arabic and Spanish); another name as it is. */
export function shownName(name: string): string | RegExp {
  const names = (DEMO_NAMES as Record<string, Record<string, string>>)[name];
  return names ? new RegExp(Object.values(names).join('|')) : name;
}

export async function startJourney(page: Page, name: string): Promise<void> {
  await advanceClock(page);
  await page
    .getByTestId('kiosk-journey')
    .filter({ hasText: shownName(name) })
    .click();
  await step(page, 'identify');
}

export async function result(page: Page) {
  const r = page.getByTestId('kiosk-result');
  await r.waitFor({ timeout: 20_000 });
  return {
    stage: await r.getAttribute('data-stage'),
    signedIn: await r.getAttribute('data-signed-in'),
    signedOut: await r.getAttribute('data-signed-out'),
    refusal: await r.getAttribute('data-refusal'),
    headline: await page.getByTestId('kiosk-result-headline').innerText(),
  };
}

export async function done(page: Page): Promise<void> {
  await page.getByTestId('kiosk-done').click();
  await step(page, 'home');
}

export interface NewVisitor {
  first: string;
  last: string;
  email: string;
  phone: string;
}

export async function newVisitorDetails(page: Page, v: NewVisitor, shot: Shot, photo = false): Promise<void> {
  await page.getByTestId('kiosk-new').click();
  await step(page, 'new-person');
  await page
    .getByTestId('kiosk-type')
    .filter({ hasText: /^Visitor$/ })
    .click();
  await page.locator('input[name="firstName"]').fill(v.first);
  await page.locator('input[name="lastName"]').fill(v.last);
  await page.locator('input[name="email"]').fill(v.email);
  await page.locator('input[name="phone"]').fill(v.phone);
  if (photo) {
    await page.getByTestId('kiosk-photo-open').click();
    await page.getByTestId('kiosk-photo-capture').click();
    await page.getByTestId('kiosk-photo-taken').waitFor();
  }
  await shot('new-person');
  await next(page);
}

/** Answers the health declaration: "well" yes or no (with notes), "fever" no, agreement ticked. */
export async function answerCompliance(
  page: Page,
  well: 'yes' | 'no',
  notes: string | null,
  shot: Shot,
): Promise<void> {
  await step(page, 'compliance');
  const [q1, q2] = [page.getByTestId('kiosk-question').nth(0), page.getByTestId('kiosk-question').nth(1)];
  await q1.getByTestId(`kiosk-answer-${well}`).click();
  if (notes !== null) await q1.getByTestId('kiosk-notes').fill(notes);
  await q2.getByTestId('kiosk-answer-no').click();
  await page.getByTestId('kiosk-agree').check();
  await shot('compliance');
  await next(page);
}

export async function checks(page: Page, temperature: string, shot: Shot): Promise<void> {
  await step(page, 'checks');
  await page.getByTestId('kiosk-temperature').fill(temperature);
  await page.getByTestId('kiosk-mask-yes').click();
  await shot('checks');
  await next(page);
}

export async function chooseHost(page: Page, query: string, shot: Shot): Promise<void> {
  await step(page, 'host');
  await page.getByTestId('kiosk-host-search').fill(query);
  await page.getByTestId('kiosk-host-match').first().click();
  await page.getByTestId('kiosk-host-message').fill('I am here for the 11:00 meeting.');
  await shot('host');
  await next(page);
}
