// In Chromium (issue 40 item 5): the visitor entry condition requires a vaccination or test
// certificate. A new visitor, who has none on a profile, is told at the kiosk that reception will
// check it and waits; the dashboard's "Waiting at reception" shows them with why; reception lets
// them in with the network down, and once it is back the server holds the same: the visit
// approved and the person signed in. In Arabic, a second visitor is refused the same way.
// Screenshots: kiosk (landscape), dashboard (desktop, phone), English and Arabic.
import type { Browser, Page } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { makePng } from '../../server/test/png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerCompliance,
  checks,
  chooseHost,
  done,
  newVisitorDetails,
  registerKiosk,
  result,
  sent,
  shooter,
  startJourney,
  step,
} from './kiosk/kiosk-steps';
import { launch, login, newContext, screenshot, VIEWPORTS } from './support/browser';
import { startMailbox, type Mailbox } from './support/mailbox';
import { apiLogin, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startServer({ env: { SMTP_URL: mailbox.smtpUrl } });
  // Chromium's own fake camera (a test pattern) stands for the kiosk's, allowed without a prompt.
  browser = await launch(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** The kiosk visit as the server holds it now (an admin's fresh pull). */
async function serverVisit(token: string, visitId: string) {
  const res = await fetch(`${server.url}/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { changes } = (await res.json()) as {
    changes: Array<{ table: string; id: string; data: Record<string, unknown> | null }>;
  };
  return {
    visit: changes.find((c) => c.table === 'kioskVisits' && c.id === visitId)?.data ?? null,
    events: changes.flatMap((c) => (c.table === 'visitEvents' && c.data ? [c.data] : [])),
  };
}

/** A new visitor signs in at the kiosk and is asked to wait for reception. */
async function heldAtKiosk(
  page: Page,
  lang: 'en' | 'ar',
  who: { first: string; last: string; phone: string },
  photo = false,
) {
  const shot = shooter(page, null);
  await startJourney(page, 'Visitor sign-in');
  await newVisitorDetails(page, { ...who, email: `${who.first.toLowerCase()}.${lang}@example.com` }, shot);
  await step(page, 'compliance');
  const note = page.getByTestId('kiosk-document-note');
  await note.waitFor();
  expect(await note.getAttribute('data-status')).toBe('unchecked');
  expect(await note.innerText()).toContain(
    { en: 'reception will check your certificate', ar: 'سيتحقق الاستقبال من شهادتك' }[lang],
  );
  if (photo) {
    // The visitor photographs the certificate for reception (the test browser's fake camera).
    await page.getByTestId('kiosk-certificate-pcr_test').click();
    await page.getByTestId('kiosk-certificate-photo-open').click();
    await page.getByTestId('kiosk-certificate-photo-capture').click();
    await page.getByTestId('kiosk-certificate-photo-taken').waitFor();
    await page.getByTestId('kiosk-certificate').scrollIntoViewIfNeeded();
  }
  await screenshot(page, `kiosk-certificate-note-landscape-${lang}`);
  await answerCompliance(page, 'yes', null, shot);
  await checks(page, '36.6', shot);
  await chooseHost(page, 'Hannah Ho', shot);
  expect(await result(page)).toMatchObject({ stage: 'waiting for admin approval', signedIn: 'false' });
  expect(await page.getByTestId('kiosk-result-help').innerText()).toContain(
    { en: 'Please wait at reception with your vaccination or test certificate', ar: 'يرجى الانتظار في الاستقبال' }[
      lang
    ],
  );
  await screenshot(page, `kiosk-certificate-wait-landscape-${lang}`);
  await sent(page);
  await done(page);
}

describe('a visit that needs a certificate', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await apiLogin(server.url));
    // The visitors' entry condition now asks for a certificate in the EU protocol.
    const forms = await call<Array<{ id: string }>>(token, 'GET', '/compliances');
    for (const { id } of forms) {
      const form = await call<Record<string, unknown>>(token, 'GET', `/compliances/${id}`);
      await call(token, 'PUT', `/compliances/${id}`, {
        name: form.name,
        // The demo's question ids are words, not references: sent as new questions in the same order.
        questions: (form.questions as Array<{ text: unknown; desired: string }>).map(({ text, desired }) => ({
          text,
          desired,
        })),
        agreement_text: form.agreement_text ?? '',
        statement: form.statement ?? '',
        document_required: true,
        protocols: ['eu_dcc'],
        accept_negative_pcr: false,
        pcr_valid_days: null,
      });
    }
  });

  it('waits for reception, who lets the visitor in offline, and the server agrees', async () => {
    const kiosk = await newContext(browser, server.url, 'kioskLandscape');
    const kioskPage = await kiosk.newPage();
    await registerKiosk(kioskPage, 'Certificate desk', shooter(kioskPage, null));
    await heldAtKiosk(kioskPage, 'en', { first: 'Carla', last: 'Certificate', phone: '07700900611' }, true);

    const admin = await newContext(browser, server.url, 'desktop');
    const page = await admin.newPage();
    await login(page, 'admin@acme.test');
    const task = page.getByTestId('reception-task').filter({ hasText: 'Carla Certificate' });
    await task.waitFor({ timeout: 60_000 });
    expect(await task.getByTestId('reception-reason').innerText()).toBe('Certificate to check (Unchecked)');
    const visitId = (await task.getAttribute('data-visit'))!;
    await task.scrollIntoViewIfNeeded();
    await screenshot(page, 'reception-waiting-desktop-en');
    // Reception sees the photo the visitor took, from the dashboard.
    await task.getByTestId('reception-certificate').click();
    const photo = page.getByTestId('reception-certificate-photo');
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    await screenshot(page, 'reception-certificate-desktop-en');
    await page.keyboard.press('Escape');
    await photo.waitFor({ state: 'detached' });
    await page.setViewportSize(VIEWPORTS.phone);
    // Asked until the new width is laid out (the logbook's table scrolls inside its own box).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await task.scrollIntoViewIfNeeded();
    await screenshot(page, 'reception-waiting-phone-en');
    await page.setViewportSize(VIEWPORTS.desktop);
    // Not signed in, but in the building: the emergency list counts her, marked as waiting.
    const dashboard = page.url();
    await page.goto('/emergency-list');
    const onList = page.getByTestId('on-site-row').filter({ hasText: 'Carla Certificate' });
    await onList.waitFor({ timeout: 30_000 });
    expect(await onList.getAttribute('data-waiting')).toBe('true');
    expect(await onList.innerText()).toContain('Waiting at reception');
    await screenshot(page, 'emergency-list-waiting-desktop-en');
    await page.goto(dashboard);
    await task.waitFor({ timeout: 30_000 });

    await admin.setOffline(true);
    await task.getByTestId('reception-approve').click();
    expect(await page.getByTestId('toast-success').innerText()).toContain('Carla Certificate is signed in.');
    await task.waitFor({ state: 'detached' });
    expect((await serverVisit(token, visitId)).visit).toMatchObject({ stage: 'waiting for admin approval' });
    await admin.setOffline(false);
    await sent(page);
    const held = await serverVisit(token, visitId);
    expect(held.visit).toMatchObject({ stage: 'approved by admin', signedIn: true });
    expect(held.events.filter((e) => e.personId === held.visit!.personId && e.kind === 'in')).toHaveLength(1);
    await admin.close();
    await kiosk.close();
  }, 300_000);

  it('in Arabic, reception refuses and nobody is signed in', async () => {
    const kiosk = await newContext(browser, server.url, 'kioskLandscape');
    const kioskPage = await kiosk.newPage();
    await registerKiosk(kioskPage, 'Certificate desk ar', shooter(kioskPage, null));
    await kioskPage.evaluate(() => localStorage.setItem('language', 'ar'));
    await kioskPage.reload();
    await step(kioskPage, 'home');
    await heldAtKiosk(kioskPage, 'ar', { first: 'Rania', last: 'Refused', phone: '07700900612' });

    const admin = await newContext(browser, server.url, 'desktop');
    const page = await admin.newPage();
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await login(page, 'admin@acme.test');
    const task = page.getByTestId('reception-task').filter({ hasText: 'Rania Refused' });
    await task.waitFor({ timeout: 60_000 });
    expect(await task.getByTestId('reception-reason').innerText()).toBe('شهادة بحاجة إلى تحقق (لم يُتحقق منه)');
    const visitId = (await task.getAttribute('data-visit'))!;
    await task.scrollIntoViewIfNeeded();
    await screenshot(page, 'reception-waiting-desktop-ar');
    await page.setViewportSize(VIEWPORTS.phone);
    await task.scrollIntoViewIfNeeded();
    await screenshot(page, 'reception-waiting-phone-ar');
    // Asked until the new width is laid out (the logbook's table scrolls inside its own box).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await task.getByTestId('reception-refuse').click();
    await task.waitFor({ state: 'detached' });
    await sent(page);
    const refused = await serverVisit(token, visitId);
    expect(refused.visit).toMatchObject({ stage: 'rejected by admin', signedIn: false });
    expect(refused.events.filter((e) => e.personId === refused.visit!.personId)).toEqual([]);
    await admin.close();
    await kiosk.close();
  }, 300_000);
  it('a visitor sends the certificate from the phone before arriving, and reception opens it', async () => {
    const pull = await fetch(`${server.url}/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const rows = ((await pull.json()) as { changes: Array<{ table: string; data: Record<string, unknown> | null }> })
      .changes;
    const flow = rows.find((c) => c.table === 'journeyFlows' && c.data?.name === 'Visitor arrival')!.data!;
    const type = rows.find((c) => c.table === 'userTypes' && c.data?.name === 'Visitor')!.data!;
    const at = new Date(Date.now() + 2 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const email = 'petra.phone@example.com';
    await call(token, 'POST', '/add-expected-visitors', {
      visitors: [
        {
          first_name: 'Petra',
          last_name: 'Phone',
          email,
          phone: '447700900613',
          user_type_id: type.id,
          journey_flow_id: flow.id,
          visit_date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
          visit_time: `${pad(at.getHours())}:${pad(at.getMinutes())}:00`,
          tz_offset: at.getTimezoneOffset(),
        },
      ],
    });
    const [, visitUrl] = await mailbox.find(email, /https?:\/\/[^/\s]+\/c\/([A-Za-z0-9_-]+)\//);

    const phone = await newContext(browser, server.url, 'phone');
    const page = await phone.newPage();
    await page.goto(`/online-compliance/${visitUrl}`);
    const card = page.getByTestId('online-certificate');
    await card.waitFor();
    await card
      .locator('input[type="file"]')
      .setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: makePng(800, 600) });
    await card.getByTestId('online-certificate-send').click();
    await card.getByTestId('online-certificate-sent').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'online-certificate-sent-phone-en');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    // In Arabic the link says the certificate was sent, right to left.
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await card.getByTestId('online-certificate-sent').waitFor();
    expect(await card.getByTestId('online-certificate-sent').innerText()).toContain('تم إرسال الشهادة');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'online-certificate-sent-phone-ar');
    await phone.close();

    // At the kiosk, by name: still held (the certificate is not checked yet).
    const kiosk = await newContext(browser, server.url, 'kioskLandscape');
    const kioskPage = await kiosk.newPage();
    await registerKiosk(kioskPage, 'Certificate desk phone', shooter(kioskPage, null));
    await startJourney(kioskPage, 'Visitor sign-in');
    await kioskPage.getByTestId('kiosk-search').fill('Petra Phone');
    await kioskPage.getByTestId('kiosk-match').first().click();
    await answerCompliance(kioskPage, 'yes', null, shooter(kioskPage, null));
    await checks(kioskPage, '36.6', shooter(kioskPage, null));
    await chooseHost(kioskPage, 'Hannah Ho', shooter(kioskPage, null));
    expect(await result(kioskPage)).toMatchObject({ stage: 'waiting for admin approval', signedIn: 'false' });
    await sent(kioskPage);
    await kiosk.close();

    const admin = await newContext(browser, server.url, 'desktop');
    const adminPage = await admin.newPage();
    await login(adminPage, 'admin@acme.test');
    const task = adminPage.getByTestId('reception-task').filter({ hasText: 'Petra Phone' });
    await task.waitFor({ timeout: 60_000 });
    await task.getByTestId('reception-certificate').click();
    const photo = adminPage.getByTestId('reception-certificate-photo');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    await admin.close();
  }, 300_000);
});
