// a visitor pre-registers on a phone (host, a custom field, the entry questions
// answered); at the kiosk the QR code brings all of it: the questions are not asked again even on
// a flow that asks them every time, the host is preselected and the badge prints the value.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../server/preregistration/test-png';
import type { PullResponse } from '../../sync/protocol';
import { writeQrVideo } from './kiosk/fake-camera';
import { checks, registerKiosk, result, shooter, startJourney, step } from './kiosk/kiosk-steps';
import { launch, newContext, screenshot, untilInPage } from './support/browser';
import { apiLogin, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let adminToken: string;
let flowId = '';

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${adminToken}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Waits until the kiosk's IndexedDB has a row of `store` whose `field` is `value`. */
async function synced(page: Page, store: string, field: string, value: string): Promise<void> {
  await untilInPage(
    page,
    `${store} with ${field} ${value} on the device`,
    ([name, key, wanted]) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('gatehouse');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name!)) return resolve((db.close(), false));
          const all = db.transaction(name!).objectStore(name!).getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as Array<Record<string, unknown>>).some((r) => r[key!] === wanted));
          };
          all.onerror = () => resolve((db.close(), false));
        };
        open.onerror = () => resolve(false);
      }),
    [store, field, value],
    { timeout: 90_000, every: 500 },
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  server = await startServer();
  ({ token: adminToken } = await apiLogin(server.url));
  const pull = await api<PullResponse>(`/sync/pull?deviceId=${uuidv7()}&limit=5000`);
  flowId = pull.changes.find(
    (c) => c.table === 'journeyFlows' && (c.data as { name?: string }).name === 'Visitor arrival',
  )!.id;
  // A new company's flows ask the entry questions every time (the default).
  const { data: flow } = await api<{ data: Record<string, unknown> & { settings: Record<string, unknown> } }>(
    `/journey-flows/${flowId}`,
  );
  await api(`/journey-flows/${flowId}`, {
    method: 'PUT',
    body: {
      name: flow.name,
      description: flow.description ?? '',
      user_type_id: flow.user_type_id ?? null,
      // Item 6: the badge prints what the flow ticks: the company, and no date.
      settings: {
        ...flow.settings,
        compliance_frequency: 'every time',
        badge_contents: ['photo', 'name', 'company', 'host', 'qr'],
      },
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

describe('a visitor pre-registered on a phone, at the kiosk', () => {
  it.each([
    { lang: 'en', view: 'kioskLandscape', first: 'Nina', phoneNo: '447700900401', field: 'Visiting department' },
    { lang: 'ar', view: 'kioskPortrait', first: 'Nadia', phoneNo: '447700900402', field: 'القسم الذي تزوره' },
  ] as const)(
    'is not asked again ($lang, $view): questions skipped, host preselected, values on the badge',
    async (c) => {
      let browser: Browser = await launch();
      const phone = await newContext(browser, server.url, 'phone');
      await phone.addInitScript(() => localStorage.setItem('language', 'en'));
      const form = await phone.newPage();
      await form.goto(`/pre-registration/${flowId}`);
      await form.getByTestId('visit-form').waitFor();
      const at = new Date(Date.now() + 3600_000);
      await form.locator('input[name="first_name"]').fill(c.first);
      await form.locator('input[name="last_name"]').fill('Northwind');
      await form.locator('input[name="company_name"]').fill('Northwind Clinic');
      await form.locator('input[name="email"]').fill(`${c.first.toLowerCase()}.northwind@example.com`);
      await form.locator('input[name="phone"]').fill(c.phoneNo);
      await form.getByTestId('visit-date').fill(`${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()}`);
      await form.locator('input[name="visit_time"]').fill(`${pad(at.getHours())}:${pad(at.getMinutes())}`);
      await form
        .locator('#visitor-photo')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(400, 500) });
      await form.getByLabel('Who are you visiting?').fill('Hannah Ho');
      await form.getByRole('option', { name: 'Hannah Host' }).click();
      await form.getByRole('radio', { name: 'Engineering' }).check();
      if (c.lang === 'en') await screenshot(form, 'preregistered-form-phone-en');
      await form.getByTestId('visit-submit').click();
      await form.getByTestId('visit-qr').waitFor();
      const qr = (await form.getByTestId('visit-qr').getAttribute('data-token'))!;
      // The entry questions, answered on the phone.
      await form.getByTestId('answer-compliance').click();
      await form.getByTestId('online-compliance-form').waitFor();
      await form.getByTestId('online-question').nth(0).getByTestId('online-answer-yes').click();
      await form.getByTestId('online-question').nth(1).getByTestId('online-answer-no').click();
      await form.getByTestId('online-agree').check();
      await form.getByTestId('online-submit').click();
      await expect(form.getByTestId('online-compliance-result').getAttribute('data-outcome')).resolves.toBe('passed');
      const visitId = JSON.parse(Buffer.from(qr.split('.')[1]!, 'base64url').toString()).v as string;
      await browser.close();

      const video = join(mkdtempSync(join(tmpdir(), 'gatehouse-cam-')), 'visit.y4m');
      writeQrVideo(video, qr);
      browser = await launch([
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ]);
      try {
        const context = await newContext(browser, server.url, c.view);
        await context.addInitScript((l) => localStorage.setItem('language', l), c.lang);
        const page = await context.newPage();
        await registerKiosk(page, `Northwind desk ${c.lang}`, shooter(page, null));
        await synced(page, 'expectedVisits', 'id', visitId);
        await synced(page, 'complianceAnswers', 'visitId', visitId);
        await startJourney(page, 'Visitor sign-in');
        await page.getByTestId('kiosk-scan').click();
        // Straight to the checks: the questions answered on the phone are not asked again.
        await step(page, 'checks', 60_000);
        await checks(page, '36.6', shooter(page, null));
        await step(page, 'host');
        await expect(page.getByTestId('kiosk-host-chosen').innerText()).resolves.toBe('Hannah Host');
        await screenshot(page, `kiosk-preregistered-host-${c.view}-${c.lang}`);
        await page.getByTestId('kiosk-next').click();
        expect(await result(page)).toMatchObject({ signedIn: 'true', stage: 'ready to sign in' });
        await expect(page.getByTestId('badge-field').allInnerTexts()).resolves.toEqual([`${c.field}: Engineering`]);
        await expect(page.getByTestId('badge-company').innerText()).resolves.toBe('Northwind Clinic');
        await page.getByTestId('kiosk-badge').locator('img.gh-badge-qr').waitFor();
        await screenshot(page, `kiosk-preregistered-badge-${c.view}-${c.lang}`);
      } finally {
        await browser.close();
      }
    },
  );
});
