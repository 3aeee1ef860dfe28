// Password recovery end to end: "Forgot password?" on /login, the mail over real SMTP, the
// one-time link, a new password, and login with it (not with the old one); the used link then
// says so. A deactivated account's login shows its own message beside the form.
// Screenshots of /forgot-password and the reset page at phone and desktop size, en and ar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { StoredUser } from '../../domain/session';
import { launch, login, newContext, screenshot } from './support/browser';
import { startMailbox, type Mailbox } from './support/mailbox';
import { startServer, type RunningServer } from './support/server';
import { screens } from './support/screens';

let server: RunningServer;
let browser: Browser;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startServer({ env: { SMTP_URL: mailbox.smtpUrl } });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

const LINK = /(http:\/\/[^\s"<]+\/reset-password\/[A-Za-z0-9_-]{43})/;

async function page(viewport: 'phone' | 'desktop' = 'desktop', lang: 'en' | 'ar' = 'en'): Promise<Page> {
  const context = await newContext(browser, server.url, viewport);
  // The language menu writes this key; setting it first opens the page in that language.
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  return context.newPage();
}

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${server.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, json: (await res.json()) as { data: StoredUser['data'] } };
}

describe('password recovery', () => {
  it('forgot password → mail → link → new password → login with it, not with the old one', async () => {
    const p = await page();
    await p.goto('/login');
    await p.getByTestId('forgot-password-link').click();
    await p.waitForURL('**/forgot-password');
    await p.locator('input[name="email"]').fill('reporter@acme.test');
    await p.locator('button[type="submit"]').click();
    await expect
      .poll(async () => p.getByTestId('forgot-sent').innerText())
      .toMatch(/If this email belongs to an account/);
    const [, link] = await mailbox.find('reporter@acme.test', LINK);

    await p.goto(link!);
    await p.locator('input[name="password"]').waitFor();
    expect(await p.getByTestId('page-title').innerText()).toBe('Set a new password');
    await p.locator('input[name="password"]').fill('short');
    await p.locator('input[name="confirm"]').fill('short');
    await p.locator('button[type="submit"]').click();
    await p.getByText('The password must have at least 8 characters.').waitFor();
    await p.locator('input[name="password"]').fill('reporter-new-secret');
    await p.locator('input[name="confirm"]').fill('reporter-new-secret');
    await p.locator('button[type="submit"]').click();
    await p.waitForURL('**/login');

    await p.locator('input[name="email"]').fill('reporter@acme.test');
    await p.locator('input[name="password"]').fill('gatehouse-demo');
    await p.locator('button[type="submit"]').click();
    await p.getByTestId('login-error').waitFor();
    await login(p, 'reporter@acme.test', 'reporter-new-secret');
    expect(new URL(p.url()).pathname).not.toBe('/login');

    // The link worked once.
    const again = await page();
    await again.goto(link!);
    expect(await again.getByTestId('reset-problem').innerText()).toBe('This link has already been used.');
    await again.context().close();
    await p.context().close();
  });

  it('a deactivated account sees its own message beside the login form', async () => {
    const admin = (
      await api('/login', { method: 'POST', body: { email: 'admin@acme.test', password: 'gatehouse-demo' } })
    ).json.data.access_token;
    const warden = await api('/login', {
      method: 'POST',
      body: { email: 'warden@acme.test', password: 'gatehouse-demo' },
    });
    const wardenId = warden.json.data.user.id;
    const off = await api('/users_active', { method: 'PUT', token: admin, body: { user_ids: [wardenId], active: 0 } });
    expect(off.status).toBe(200);

    const p = await page();
    await p.goto('/login');
    await p.locator('input[name="email"]').fill('warden@acme.test');
    await p.locator('input[name="password"]').fill('gatehouse-demo');
    await p.locator('button[type="submit"]').click();
    await p.getByTestId('login-error').waitFor();
    expect(await p.getByTestId('login-error').innerText()).toBe(
      'Your account has been deactivated. Please log in to reactivate it.',
    );
    expect(new URL(p.url()).pathname).toBe('/login');
    await p.context().close();
  });

  screens('/forgot-password and the reset page, phone and desktop, en and ar', async () => {
    for (const lang of ['en', 'ar'] as const) {
      for (const viewport of ['phone', 'desktop'] as const) {
        const p = await page(viewport, lang);
        await p.goto('/forgot-password');
        await p.locator('input[name="email"]').waitFor();
        await screenshot(p, `password-forgot-${lang}-${viewport}`);
        const email = 'employee@acme.test';
        await p.locator('input[name="email"]').fill(email);
        await p.locator('button[type="submit"]').click();
        await p.getByTestId('forgot-sent').waitFor();
        await screenshot(p, `password-forgot-sent-${lang}-${viewport}`);
        // One mail per person per minute: every round here uses the link of the first mail.
        const [, link] = await mailbox.find(email, LINK);
        await p.goto(link!);
        await p.locator('input[name="password"]').waitFor();
        expect(await p.getByTestId('page-title').innerText()).toBe(
          lang === 'ar' ? 'تعيين كلمة مرور جديدة' : 'Set a new password',
        );
        await screenshot(p, `password-reset-${lang}-${viewport}`);
        await p.context().close();
      }
    }
  });
});
