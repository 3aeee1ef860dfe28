// In Chromium: a public registration naming someone on file shows "check your
// email" (no QR); the person on file opens the link mailed to their address on file on a phone,
// confirms with a button, and receives the invitation with the QR code. Phone-size screenshots
// in English and Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { makePng } from '../../server/preregistration/test-png';
import { launch, newContext, screenshot } from './support/browser';
import { startMailbox, type Mailbox } from './support/mailbox';
import { apiLogin, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let mailbox: Mailbox;
const ids = { flow: '', visitorType: '' };

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startServer({ env: { SMTP_URL: mailbox.smtpUrl } });
  browser = await launch();
  const { token } = await apiLogin(server.url);
  const pull = await fetch(`${server.url}/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, {
    headers: { authorization: `Bearer ${token}` },
  });
  for (const c of (
    (await pull.json()) as { changes: Array<{ table: string; id: string; data: { name?: string } | null }> }
  ).changes) {
    if (c.table === 'journeyFlows' && c.data?.name === 'Visitor arrival') ids.flow = c.id;
    if (c.table === 'userTypes' && c.data?.name === 'Visitor') ids.visitorType = c.id;
  }
  // Returning visitors on file: a registration may name their type. (Naming a staff member's
  // address as a visitor writes nothing and mails no one: probe-alike.test.ts on the server.)
  for (const [name, email, phone] of ONFILE) {
    const res = await fetch(`${server.url}/api/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ full_name: name, email, phone, user_type_id: ids.visitorType }),
    });
    expect(res.status).toBe(201);
  }
});
const ONFILE = [
  ['Vera Visitor', 'vera.visitor@example.test', '07000111222'],
  ['Rami Returning', 'rami.returning@example.test', '07000111333'],
] as const;
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

async function phone(lang: 'en' | 'ar'): Promise<BrowserContext> {
  const context = await newContext(browser, server.url, 'phone');
  await context.addInitScript((l) => {
    localStorage.setItem('language', l);
  }, lang);
  return context;
}

/** The public form's request, as the page sends it, naming `email`. */
async function registerAs(email: string, lang: 'en', day: number) {
  const d = new Date(Date.now() + day * 86_400_000);
  const form = new FormData();
  const fields = {
    journey_id: ids.flow,
    user_type_id: ids.visitorType,
    visit_date: d.toISOString().slice(0, 10),
    visit_time: '10:00:00',
    tz_offset: '0',
    first_name: 'Mallory',
    last_name: 'Mask',
    email,
    phone: String(800000000 + day),
    company_name: 'Evil Corp',
    custom_fields: '[]',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('image', new Blob([new Uint8Array(makePng(400, 500))], { type: 'image/png' }), 'me.png');
  const res = await fetch(`${server.url}/api/create-expected-visit/${lang}`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { status: string; local_qr: string | null; visit_url: string | null } }).data;
}

describe('a registration naming someone on file', () => {
  for (const [lang, who, day] of [
    ['en', ONFILE[0][1], 1],
    ['ar', ONFILE[1][1], 2],
  ] as const) {
    it(`is held until the person on file confirms (${lang})`, async () => {
      // The mail is in the registrant's language; an English one keeps it readable in the raw
      // SMTP capture (Arabic text parts arrive base64-encoded). The pages are in `lang`.
      const answer = await registerAs(who, 'en', day);
      expect(answer).toMatchObject({ status: 'held', local_qr: null, visit_url: null });

      // What the registrant sees after submitting: check your email, no QR code.
      const context = await phone(lang);
      const page = await context.newPage();
      await page.goto(`/pre-registration/${ids.flow}`);
      await page.evaluate((a) => sessionStorage.setItem('gatehouse.preregistration.qr', JSON.stringify(a)), answer);
      await page.goto(`/pre-registration/${ids.flow}/success?add_visitor=true`);
      await page.getByTestId('registration-held').waitFor();
      expect(await page.getByTestId('visit-qr').count()).toBe(0);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await screenshot(page, `visit-hold-check-email-phone-${lang}`);

      // The person on file opens their link; a page load confirms nothing, the button does.
      const [link] = await mailbox.find(who, /https?:\/\/[^\s"<]+\/confirm-registration\/[A-Za-z0-9_-]+/);
      expect(link.startsWith(server.url)).toBe(true);
      await page.goto(link);
      await page.getByTestId('confirm-registration').waitFor();
      await screenshot(page, `visit-hold-confirm-phone-${lang}`);
      await page.getByTestId('confirm-registration').click();
      await page.getByTestId('registration-confirmed').waitFor();
      await screenshot(page, `visit-hold-confirmed-phone-${lang}`);
      await mailbox.find(who, /\/c\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+/);

      // The link works once.
      await page.goto(link);
      await page.getByTestId('confirm-registration').click();
      await page.getByTestId('registration-link-invalid').waitFor();
      await context.close();
    });
  }
});
