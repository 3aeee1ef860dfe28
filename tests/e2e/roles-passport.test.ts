// Roles and the passport in Chromium: an admin takes a permission from a role on
// /roles and the holder's open browser shows 'Permissions Updated' and loses the menu entry; a
// person deactivates their passport account, the next visit shows 'Reactivate My Passport
// Account', and Reactivate brings the account back. Screenshots en and ar, desktop and phone.
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { login, newContext, screenshot, VIEWPORTS } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { apiLogin, type RunningServer } from './support/server';
import { startLocalProvider, TEST_CLIENTS } from '../../server/test/oidc-provider';
import { makePng } from '../../server/preregistration/test-png';

let server: RunningServer;
let browser: Browser;

async function personPage(email: string, lang: 'en' | 'ar', viewport: keyof typeof VIEWPORTS): Promise<Page> {
  const context = await newContext(browser, server.url, viewport);
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  await login(page, email);
  return page;
}

/** No sideways scroll on a phone. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

it("an admin removes a permission and the holder sees 'Permissions Updated' and loses the menu entry", async () => {
  const employee = await personPage('employee@acme.test', 'en', 'desktop');
  await employee.getByTestId('menu-users').waitFor();

  const admin = await personPage('admin@acme.test', 'en', 'desktop');
  await admin.goto('/roles');
  await admin.getByTestId('role-select').click();
  await admin.getByRole('option', { name: 'Employee', exact: true }).click();
  await admin.getByTestId('permission-users').waitFor();
  expect(await admin.getByTestId('permission-users').isChecked()).toBe(true);
  await admin.getByTestId('permission-users').uncheck();
  await screenshot(admin, 'roles-en-desktop');
  await admin.getByTestId('role-save').click();
  await admin.getByTestId('toast-success').waitFor();

  await employee.getByRole('dialog', { name: 'Permissions Updated' }).waitFor();
  await screenshot(employee, 'roles-permissions-updated-en-desktop');
  await employee.getByTestId('popup-ok').click();
  await employee.getByTestId('side-menu').waitFor();
  await employee.getByTestId('menu-users').waitFor({ state: 'detached' });
  expect(await employee.getByTestId('menu-dashboard').count()).toBeGreaterThan(0);

  // The same page in Arabic on a phone, for the pictures.
  const arabic = await personPage('admin@acme.test', 'ar', 'phone');
  await arabic.goto('/roles');
  await arabic.getByTestId('permission-dashboard').waitFor();
  expect(await arabic.locator('html').getAttribute('dir')).toBe('rtl');
  expect(await fitsWidth(arabic)).toBe(true);
  await screenshot(arabic, 'roles-ar-phone');
  await arabic.context().close();
  await admin.context().close();
  await employee.context().close();
});

it('a deactivated passport account reactivates through the modal', async () => {
  const page = await personPage('reporter@acme.test', 'en', 'desktop');
  await page.getByTestId('menu-passport').first().click();
  await page.getByTestId('passport-email').filter({ hasText: 'reporter@acme.test' }).waitFor();
  await screenshot(page, 'passport-en-desktop');
  await page.getByTestId('passport-deactivate').click();
  await page.getByTestId('passport-deactivate-confirm').click();
  const modal = page.getByRole('dialog', { name: 'Reactivate My Passport Account' });
  await modal.waitFor();
  await modal.getByText('deactivated 0 days ago').waitFor();
  await screenshot(page, 'passport-reactivate-en-desktop');

  // Cancel leaves; the layout checks again when the app opens anywhere (spec 1 §2 layout), and the
  // side menu entry re-checks: still deactivated, so the modal each time.
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL((url) => url.pathname !== '/passport');
  await page.reload();
  await modal.waitFor();
  await screenshot(page, 'passport-reactivate-layout-en-desktop');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await modal.waitFor({ state: 'detached' });
  await page.getByTestId('menu-passport').first().click();
  await modal.waitFor();
  await page.getByTestId('passport-reactivate').click();
  await modal.waitFor({ state: 'detached' });
  await page.getByTestId('passport-email').waitFor();
  await page.context().close();

  const phone = await personPage('reporter@acme.test', 'ar', 'phone');
  await phone.goto('/passport');
  await phone.getByTestId('passport-email').waitFor();
  expect(await phone.locator('html').getAttribute('dir')).toBe('rtl');
  expect(await fitsWidth(phone)).toBe(true);
  await screenshot(phone, 'passport-ar-phone');
  await phone.getByTestId('passport-deactivate').click();
  await phone.getByTestId('passport-deactivate-confirm').click();
  await phone.getByTestId('passport-reactivate').waitFor();
  await screenshot(phone, 'passport-reactivate-ar-phone');
  await phone.getByTestId('passport-reactivate').click();
  await phone.getByTestId('passport-email').waitFor();
  await phone.context().close();
});

it("the pre-registration passport variant: /passport?journey= through login to the flow's form, names prefilled", async () => {
  const { token } = await apiLogin(server.url);
  const pull = await fetch(`${server.url}/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { changes } = (await pull.json()) as { changes: { table: string; id: string; data: { name?: string } }[] };
  const flowId = changes.find((c) => c.table === 'journeyFlows' && c.data?.name === 'Visitor arrival')!.id;

  const context = await newContext(browser, server.url, 'phone');
  const page = await context.newPage();
  await page.goto(`/passport?journey=${flowId}`);
  await page.getByTestId('passport-info').getByRole('link').click();
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('journey') === flowId);
  // A passport holder from another company (Globex) visits Acme: no one in Acme holds this passport yet.
  await page.locator('input[name="email"]').fill('admin@globex.test');
  await page.locator('input[name="password"]').fill('gatehouse-demo');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === `/pre-registration/${flowId}`);
  const query = new URL(page.url()).searchParams;
  expect(query.get('comingFromPassport')).toBe('true');
  expect(query.get('passport_id')).toBeTruthy();
  await expect.poll(() => page.locator('input[name="first_name"]').inputValue()).toBe('Gina');
  expect(await page.locator('input[name="last_name"]').inputValue()).toBe('Globex');
  expect(query.get('passport_qr')).toMatch(/^GHP1\./);

  // Register the visit: the success page shows the visit's QR and, beside it, the passport QR.
  const day = new Date(Date.now() + 3 * 86_400_000);
  await page.locator('input[name="email"]').fill('gina.passport@example.com');
  await page.locator('input[name="phone"]').fill('447700904321');
  await page.getByTestId('visit-date').fill(day.toLocaleDateString('en-GB'));
  await page.locator('input[name="visit_time"]').fill('10:30');
  if (await page.locator('#visitor-photo').count())
    await page
      .locator('#visitor-photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(400, 500) });
  await page.getByTestId('visit-submit').click();
  await page.waitForURL((url) => url.pathname === `/pre-registration/${flowId}/success`);
  const visitQr = page.getByTestId('visit-qr');
  const passportQr = page.getByTestId('passport-qr');
  await visitQr.waitFor();
  await passportQr.waitFor();
  const passportToken = await passportQr.getAttribute('data-token');
  expect(passportToken).toBe(query.get('passport_qr'));
  expect(await visitQr.getAttribute('data-token')).not.toBe(passportToken);
  expect(await fitsWidth(page)).toBe(true);
  await screenshot(page, 'passport-variant-success-en-phone');
  await passportQr.scrollIntoViewIfNeeded();
  await screenshot(page, 'passport-variant-success-qr-en-phone');
  await page.setViewportSize(VIEWPORTS.desktop);
  await screenshot(page, 'passport-variant-success-en-desktop');
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.reload();
  await page.getByRole('heading', { name: 'رمز QR لجوازك' }).waitFor();
  await visitQr.waitFor();
  await screenshot(page, 'passport-variant-success-ar-desktop');
  await page.setViewportSize(VIEWPORTS.phone);
  await passportQr.scrollIntoViewIfNeeded();
  expect(await fitsWidth(page)).toBe(true);
  await screenshot(page, 'passport-variant-success-ar-phone');

  // The same passport QR, with its explanation, on the holder's /passport.
  await page.goto('/passport');
  await page.getByTestId('passport-qr-card').scrollIntoViewIfNeeded();
  expect(await page.getByTestId('passport-qr').getAttribute('data-token')).toBe(passportToken);
  await screenshot(page, 'passport-qr-ar-phone');
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.getByTestId('passport-qr-card').scrollIntoViewIfNeeded();
  await screenshot(page, 'passport-qr-ar-desktop');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await page.getByText('This code identifies your passport account').waitFor();
  await page.getByTestId('passport-qr-card').scrollIntoViewIfNeeded();
  await screenshot(page, 'passport-qr-en-desktop');
  await page.setViewportSize(VIEWPORTS.phone);
  await page.getByTestId('passport-qr-card').scrollIntoViewIfNeeded();
  await screenshot(page, 'passport-qr-en-phone');
  await context.close();
});

it('single sign-on against a local OpenID provider: a company user signs in, an unknown one is refused; one-time login', async () => {
  const idp = await startLocalProvider([`${server.url}/api/sso/callback`]);
  try {
    // The admin configures the provider on /company.
    const admin = await personPage('admin@acme.test', 'en', 'desktop');
    await admin.goto('/company');
    const card = admin.getByTestId('sso-card');
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('switch').check({ force: true });
    await card.locator('input[name="issuer_url"]').fill(idp.issuer);
    await card.locator('input[name="client_id"]').fill(TEST_CLIENTS[0]!.client_id);
    await card.locator('input[name="client_secret"]').fill(TEST_CLIENTS[0]!.client_secret);
    await card.locator('input[name="email_domain"]').fill('acme.test');
    await card.getByTestId('sso-save').click();
    await admin.getByTestId('toast-success').waitFor();
    await card.getByText('/api/sso/callback').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(admin, 'sso-card-en-desktop');
    const adminToken = await admin.evaluate(() => JSON.parse(localStorage.getItem('user')!).data.access_token);
    await admin.context().close();
    const arabicAdmin = await personPage('admin@acme.test', 'ar', 'phone');
    await arabicAdmin.goto('/company');
    await arabicAdmin.getByTestId('sso-card').getByText('/api/sso/callback').scrollIntoViewIfNeeded();
    expect(await fitsWidth(arabicAdmin)).toBe(true);
    await screenshot(arabicAdmin, 'sso-card-ar-phone');
    await arabicAdmin.context().close();

    // A company user: login → "Sign in with single sign-on" → the provider's form → signed in.
    const context = await newContext(browser, server.url, 'desktop');
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('sso-link').click();
    await page.waitForURL('**/sso');
    await page.locator('input[name="company"]').fill('acme');
    await screenshot(page, 'sso-en-desktop');
    await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
    // On to the provider; should the start be refused, the failure says what the page said.
    await Promise.race([
      page.waitForURL((url) => url.href.startsWith(idp.issuer)),
      page
        .getByTestId('sso-error')
        .waitFor()
        .then(async () => {
          throw new Error(`the single sign-on start was refused: ${await page.getByTestId('sso-error').innerText()}`);
        }),
    ]);
    await page.locator('input[name="login"]').fill('employee@acme.test');
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('side-menu').waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).data.user.email)).toBe(
      'employee@acme.test',
    );
    await context.close();

    // Someone the company does not have is refused with a message, never created (Arabic, phone).
    const phone = await newContext(browser, server.url, 'phone');
    await phone.addInitScript(() => localStorage.setItem('language', 'ar'));
    const refused = await phone.newPage();
    await refused.goto('/sso/acme');
    await refused.locator('button[type="submit"]').click();
    await refused.waitForURL((url) => url.href.startsWith(idp.issuer));
    await refused.locator('input[name="login"]').fill('stranger@acme.test');
    await refused.locator('input[name="password"]').fill('any');
    await refused.locator('button[type="submit"]').click();
    await refused.waitForURL((url) => url.pathname === '/sso/acme' && url.searchParams.has('error'));
    await refused.getByTestId('sso-error').waitFor();
    expect(await refused.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await fitsWidth(refused)).toBe(true);
    await screenshot(refused, 'sso-refused-ar-phone');

    // One-time login: a link the admin asked for opens a session once; used again it says so.
    const issued = await fetch(`${server.url}/api/login-one-time/issue`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const { url } = ((await issued.json()) as { data: { url: string } }).data;
    const once = await newContext(browser, server.url, 'desktop');
    const first = await once.newPage();
    await first.goto(url);
    await first.getByTestId('side-menu').waitFor();
    await once.close();
    await refused.goto(new URL(url).pathname + new URL(url).search);
    await refused.getByTestId('one-time-error').filter({ hasText: 'انتهت' }).waitFor();
    await screenshot(refused, 'login-one-time-used-ar-phone');
    await phone.close();
  } finally {
    await idp.close();
  }
});
