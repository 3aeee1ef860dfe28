// Two-step authentication in Chromium: a person enrols on /two-step by the QR's secret
// and a first code, sees the ten recovery codes once, and the next login asks for a code (computed
// here with otpauth). Then an admin requires two-step for another person's role and that person's
// open browser shows 'Security Policy Updated', whose OK leads to enrolment; in Arabic on a phone
// the same person logging in lands on /otp-error, which leads to the QR. Screenshots en and ar.
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { expect, it } from 'vitest';
import { login, newContext, screenshot, VIEWPORTS } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { apiLogin, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

/** The code an authenticator app would show for `secret`, `ahead` steps from now. */
const codeFor = (secret: string, ahead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function personPage(email: string, lang: 'en' | 'ar', viewport: keyof typeof VIEWPORTS): Promise<Page> {
  const context = await newContext(browser, server.url, viewport);
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  await login(page, email);
  return page;
}

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

it('enrols two-step with the QR secret and a first code, then logs in with a code', async () => {
  const page = await personPage('reporter@acme.test', 'en', 'desktop');
  await page.goto('/two-step');
  await page.getByTestId('two-step-status').filter({ hasText: 'Off' }).waitFor();
  await page.getByTestId('two-step-start').click();
  await page.getByTestId('two-step-qr').waitFor();
  const secret = (await page.getByTestId('two-step-secret').textContent())!.trim();
  await screenshot(page, 'two-step-enrol-en-desktop');
  await page.getByTestId('two-step-code').fill(codeFor(secret));
  await page.getByTestId('two-step-confirm').click();
  await page.getByTestId('recovery-codes').locator('li').nth(9).waitFor();
  expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
  await page.getByTestId('two-step-status').filter({ hasText: 'On' }).waitFor();
  await screenshot(page, 'two-step-recovery-en-desktop');

  await page.goto('/logout');
  await page.waitForURL('**/login');
  await page.locator('input[name="email"]').fill('reporter@acme.test');
  await page.locator('input[name="password"]').fill('gatehouse-demo');
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('login-code').waitFor();
  await screenshot(page, 'two-step-login-code-en-desktop');
  // The enrolment used this time step's code; an app shows the next one a moment later.
  await page.getByTestId('login-code').fill(codeFor(secret, 1));
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/two-step');
  await page.getByTestId('two-step-status').filter({ hasText: 'On' }).waitFor();
  await page.context().close();
});

it("shows 'Security Policy Updated' when an admin requires two-step for the role; OK and /otp-error lead to enrolment", async () => {
  const warden = await personPage('warden@acme.test', 'en', 'desktop');
  await warden.goto('/two-step');
  await warden.getByTestId('two-step-status').filter({ hasText: 'Off' }).waitFor();

  const { token, entityId } = await apiLogin(server.url);
  const { data: roles } = await api<{ data: { id: string; name: string }[] }>(token, 'GET', `/roles/${entityId}`);
  const { data: company } = await api<{ data: { name: string; subdomain: string; version: number } }>(
    token,
    'GET',
    `/entity/${entityId}`,
  );
  await api(token, 'PUT', `/entity/${entityId}`, {
    name: company.name,
    subdomain: company.subdomain,
    two_step: true,
    otp_roles: [roles.find((r) => r.name === 'fire warden')!.id],
    version: company.version,
  });

  await warden.getByRole('dialog', { name: 'Security Policy Updated' }).waitFor();
  await screenshot(warden, 'two-step-security-popup-en-desktop');
  await warden.getByTestId('popup-ok').click();
  await warden.waitForURL('**/two-step?force_otp=1');
  await warden.getByTestId('two-step-required').waitFor();
  await warden.context().close();

  // A fresh login of that person now lands on /otp-error, whose button leads to the QR (Arabic, phone).
  const phone = await personPage('warden@acme.test', 'ar', 'phone');
  await phone.waitForURL('**/otp-error');
  expect(await phone.locator('html').getAttribute('dir')).toBe('rtl');
  await screenshot(phone, 'two-step-otp-error-ar-phone');
  await phone.getByTestId('otp-enrol-link').click();
  await phone.getByTestId('two-step-start').click();
  await phone.getByTestId('two-step-qr').waitFor();
  await screenshot(phone, 'two-step-enrol-ar-phone');
});

it("shows 'Security Policy Updated' for a change made while the page was not yet in its room", async () => {
  const context = await newContext(browser, server.url, 'desktop');
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  // The page's socket reaches the server only once the policy has changed: the event is sent
  // while nobody on this page can hear it, as in a login's first seconds.
  let release = () => {};
  const changed = new Promise<void>((r) => (release = r));
  await context.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await changed;
    ws.connectToServer();
  });
  const page = await context.newPage();
  await login(page, 'system@acme.test');

  const { token, entityId } = await apiLogin(server.url);
  const { data: roles } = await api<{ data: { id: string; name: string }[] }>(token, 'GET', `/roles/${entityId}`);
  const { data: company } = await api<{
    data: { name: string; subdomain: string; version: number; otp_roles?: string[] };
  }>(token, 'GET', `/entity/${entityId}`);
  await api(token, 'PUT', `/entity/${entityId}`, {
    name: company.name,
    subdomain: company.subdomain,
    two_step: true,
    otp_roles: ['fire warden', 'system admin'].map((name) => roles.find((r) => r.name === name)!.id),
    version: company.version,
  });
  expect(await page.getByRole('dialog', { name: 'Security Policy Updated' }).count()).toBe(0);
  release();

  await page.getByRole('dialog', { name: 'Security Policy Updated' }).waitFor();
  await page.getByTestId('popup-ok').click();
  await page.waitForURL('**/two-step?force_otp=1');
  await context.close();
});
