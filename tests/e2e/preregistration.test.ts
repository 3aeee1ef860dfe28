// Pre-registration end to end: an admin adds expected visitors; the invitation arrives over
// real SMTP; the visitor confirms on a phone with a photo and gets a QR code; an admin device
// offline verifies that QR with the synced key, rejects another visit offline, and the
// rejected visitor's link then says so. Screenshots at phone size in English and Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { makePng } from '../../server/preregistration/test-png';
import { launch, login, newContext, screenshot, untilOfflineReady } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let smtp: SMTPServer;
const inbox: Array<{ to: string; raw: string }> = [];
const waiters: Array<() => void> = [];

/** Resolves when a message to `to` has arrived (no timing involved: the test waits for the event). */
async function mailTo(to: string): Promise<string> {
  for (;;) {
    const found = inbox.find((m) => m.to === to);
    if (found) return found.raw;
    await new Promise<void>((resolve) => waiters.push(resolve));
  }
}
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
/** The personal link out of a quoted-printable text part. */
function linkIn(raw: string): string {
  return /(http:\/\/[^\s"<]+\/c\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+)/.exec(decoded(raw))![1]!;
}
/** The online compliance link, present when the visit's flow asks compliance questions. */
const complianceLinkIn = (raw: string) =>
  /(http:\/\/[^\s"<]+\/online-compliance\/[A-Za-z0-9_-]+)/.exec(decoded(raw))?.[1];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (d: Buffer) => {
        raw += d.toString('utf8');
      });
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) inbox.push({ to: r.address, raw });
        waiters.splice(0).forEach((w) => w());
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const pad = (n: number) => String(n).padStart(2, '0');
/** In two hours, as the date and time inputs take it (the browser shares this machine's zone). */
function soon() {
  const d = new Date(Date.now() + 2 * 3600_000);
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

async function addVisitor(page: Page, who: { first: string; last: string; email: string; phone: string }) {
  await page.goto('/add-expected-visitors?tab=add');
  const when = soon();
  await page.locator('input[name="first_name_0"]').fill(who.first);
  await page.locator('input[name="last_name_0"]').fill(who.last);
  await page.locator('input[name="email_0"]').fill(who.email);
  await page.locator('input[name="phone_0"]').fill(who.phone);
  await page.getByTestId('visit-date-0').fill(when.date);
  await page.locator('input[name="visit_time_0"]').fill(when.time);
  await page.getByTestId('add-visitors-submit').click();
  await page.getByText('Visit has been added successfully.').waitFor();
  await expect(page.getByText('Visit Added', { exact: true }).count()).resolves.toBeGreaterThan(0);
}

async function phone(lang: 'en' | 'ar'): Promise<BrowserContext> {
  const context = await newContext(browser, server.url, 'phone', { offline: true });
  await context.addInitScript((l) => {
    localStorage.setItem('language', l);
  }, lang);
  return context;
}

describe('pre-registration in Chromium', () => {
  it('invites, confirms with a photo, verifies the QR offline, and tells a rejected visitor why', async () => {
    const admin = await newContext(browser, server.url, 'desktop', { offline: true });
    const adminPage = await admin.newPage();
    await login(adminPage, 'admin@acme.test');
    // The journey flows must have synced down before the form can offer one.
    await adminPage.goto('/add-expected-visitors?tab=add');
    await adminPage.waitForFunction(
      () => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-phase') === 'idle',
    );

    const anna = { first: 'Anna', last: 'Arrival', email: 'anna.arrival@example.com', phone: '447700900101' };
    const bob = { first: 'Bob', last: 'Blocked', email: 'bob.blocked@example.com', phone: '447700900102' };
    await addVisitor(adminPage, anna);
    await addVisitor(adminPage, bob);
    const annaLink = linkIn(await mailTo(anna.email));
    const bobLink = linkIn(await mailTo(bob.email));
    expect(annaLink.startsWith(server.url)).toBe(true);
    // The demo's visitor flow asks compliance questions: the invitation links the form too.
    const annaVisitUrl = new URL(annaLink).pathname.split('/')[2];
    expect(complianceLinkIn(await mailTo(anna.email))).toBe(`${server.url}/online-compliance/${annaVisitUrl}`);

    // The visitor confirms on a phone, with a real PNG of valid size.
    const visitor = await phone('en');
    const page = await visitor.newPage();
    await page.goto(annaLink);
    await expect(page.locator('input[name="first_name"]').inputValue()).resolves.toBe('Anna');
    await page
      .locator('#visitor-photo')
      .setInputFiles({ name: 'anna.png', mimeType: 'image/png', buffer: makePng(400, 520) });
    await page.getByText('Photo chosen: 400 × 520 px').waitFor();
    await screenshot(page, 'preregistration-confirm-phone-en');
    await page.getByTestId('visit-submit').click();
    const qr = page.getByTestId('visit-qr');
    await qr.waitFor();
    expect(new URL(page.url()).searchParams.get('add_visitor')).toBe('true');
    const annaToken = (await qr.getAttribute('data-token'))!;
    await screenshot(page, 'preregistration-success-phone-en');

    const formPage = await visitor.newPage();
    await formPage.goto(`/pre-registration/${new URL(page.url()).pathname.split('/')[2]}`);
    await formPage.getByTestId('visit-form').waitFor();
    await screenshot(formPage, 'preregistration-form-phone-en');

    // Bob's QR (from his personal link's details), before he is rejected.
    const [, bobUrl, bobCode] = /\/c\/([^/]+)\/([^/]+)$/.exec(bobLink)!;
    const bobDetails = (await (
      await fetch(`${server.url}/api/visit-by-visit-url/en/${bobUrl}?code=${bobCode}`)
    ).json()) as { data: { local_qr: string; visitId: string } };

    // The admin device goes offline: it verifies Anna's code and rejects Bob with no network.
    await adminPage.goto('/add-expected-visitors?tab=list');
    await adminPage.locator(`[data-visit-id="${bobDetails.data.visitId}"]`).waitFor();
    await adminPage.waitForFunction(
      () => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-phase') === 'idle',
    );
    await untilOfflineReady(adminPage);
    await admin.setOffline(true);
    await adminPage
      .locator(`[data-visit-id="${bobDetails.data.visitId}"]`)
      .getByRole('button', { name: 'Reject' })
      .click();
    await adminPage.locator(`[data-visit-id="${bobDetails.data.visitId}"][data-status="rejected"]`).waitFor();
    await adminPage.getByRole('tab', { name: 'Check a QR code' }).click();
    const check = async (token: string) => {
      await adminPage.getByTestId('qr-input').fill(token);
      await adminPage.getByTestId('qr-result').waitFor({ state: 'detached' });
      await adminPage.getByTestId('qr-check').click();
      const result = adminPage.getByTestId('qr-result');
      await result.waitFor();
      return result;
    };
    const annaResult = await check(annaToken);
    await expect(annaResult.getAttribute('data-ok')).resolves.toBe('true');
    await expect(annaResult.textContent()).resolves.toContain('Anna Arrival');
    const bobResult = await check(bobDetails.data.local_qr);
    await expect(bobResult.getAttribute('data-code')).resolves.toBe('qr_revoked');
    await expect(bobResult.textContent()).resolves.toBe(
      'Your confirmation link has expired because your visit has not been approved. Please contact the system admin for further details.',
    );
    const tampered = annaToken.slice(0, 20) + (annaToken[20] === 'A' ? 'B' : 'A') + annaToken.slice(21);
    await expect((await check(tampered)).getAttribute('data-code')).resolves.toBe('qr_invalid');
    await screenshot(adminPage, 'preregistration-qr-check-offline-desktop-en');

    // Back online, the rejection reaches the server, and Bob's link says why.
    await admin.setOffline(false);
    await adminPage.waitForFunction(
      () => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-pending') === '0',
    );
    const bobPage = await visitor.newPage();
    await bobPage.goto(bobLink);
    await bobPage.waitForURL((u) => u.pathname === '/link-expired');
    await expect(bobPage.getByTestId('link-expired-message').textContent()).resolves.toBe(
      'Your confirmation link has expired because your visit has not been approved. Please contact the system admin for further details.',
    );
    await screenshot(bobPage, 'preregistration-link-expired-phone-en');
    // Without the code, the link is the compliance link: its own words.
    await bobPage.goto(`/c/${bobUrl}`);
    await bobPage.waitForURL((u) => u.pathname === '/link-expired' && u.searchParams.get('link') === 'compliance');
    await expect(bobPage.getByTestId('link-expired-message').textContent()).resolves.toBe(
      'Your compliance link has expired because your visit has not been approved. Please contact the system admin for further details.',
    );

    // Arabic: the same rejection, and the self-registration form of the flow.
    const arabic = await phone('ar');
    const ar = await arabic.newPage();
    await ar.goto(bobLink);
    await ar.waitForURL((u) => u.pathname === '/link-expired');
    await expect(ar.getByTestId('link-expired-message').textContent()).resolves.toContain('لم تتم الموافقة على زيارتك');
    await expect(ar.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await screenshot(ar, 'preregistration-link-expired-phone-ar');
    const flowId = new URL(page.url()).pathname.split('/')[2]!;
    await ar.goto(`/e/${flowId}`);
    await ar.waitForURL(
      (u) => u.pathname === `/pre-registration/${flowId}` && u.searchParams.get('add_visitor') === 'true',
    );
    await ar.getByTestId('visit-form').waitFor();
    await screenshot(ar, 'preregistration-form-phone-ar');
    await admin.close();
    await visitor.close();
    await arabic.close();
  });
});
