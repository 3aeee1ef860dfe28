// The foundation as a person sees it: log in, the menu per role, Standalone landing,
// Arabic surviving a reload, and the shell rendering offline from the service worker.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chooseFromMenu, login, newContext, screenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';
import { watchCsp } from './support/csp';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('foundation in Chromium', () => {
  it('logs the demo admin in to the dashboard with the whole menu', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const csp = await watchCsp(context);
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('side-menu').waitFor();
    for (const key of [
      'dashboard',
      'users',
      'reporting',
      'user_settings',
      'journey_builder',
      'emergency',
      'passport',
    ]) {
      await expect(page.getByTestId(`menu-${key}`).count(), key).resolves.toBeGreaterThan(0);
    }
    await expect(page.getByTestId('menu-system').count()).resolves.toBe(0);
    await expect(page.getByTestId('user-name').innerText()).resolves.toMatch(/\S/);
    await screenshot(page, 'foundation-dashboard-desktop-en');
    // The dashboard, its sync worker and socket run under the server's CSP without a violation.
    await page.getByTestId('dashboard-company').waitFor();
    expect(csp.violations).toEqual([]);
    await context.close();
  });

  it('hides Reporting from a role without it and bounces /reporting/history to the dashboard', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const page = await context.newPage();
    await login(page, 'employee@acme.test');
    await page.getByTestId('side-menu').waitFor();
    await expect(page.getByTestId('menu-reporting').count()).resolves.toBe(0);
    await page.goto('/reporting/history');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByTestId('page-title').first().innerText()).resolves.toMatch(/\S/);
    await context.close();
  });

  it('lands a Standalone company on /sites and locks pages outside its plan in place', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const page = await context.newPage();
    await login(page, 'admin@globex.test');
    await page.waitForURL((url) => url.pathname === '/sites');
    await page.goto('/users');
    await page.getByTestId('plan-locked').waitFor();
    expect(new URL(page.url()).pathname).toBe('/users');
    await context.close();
  });

  it('switches to Arabic, mirrors the layout and keeps it after a reload', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await chooseFromMenu(page, page.getByTestId('language-switcher'), page.getByTestId('language-ar'));
    // The switch saves the choice, sets the direction and reloads the page.
    await page.waitForFunction(
      () => localStorage.getItem('language') === 'ar' && document.documentElement.dir === 'rtl',
    );
    await page.waitForLoadState('load');
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await page.reload();
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ar');
    await expect(page.evaluate(() => localStorage.getItem('language'))).resolves.toBe('ar');
    // The side menu sits on the right in Arabic.
    const box = await page.getByTestId('side-menu').boundingBox();
    const width = page.viewportSize()!.width;
    expect(box!.x + box!.width).toBeGreaterThan(width - 5);
    await screenshot(page, 'foundation-dashboard-desktop-ar');
    await context.close();
  });

  it('installs the service worker on the login page before sign-in, and not on a visitor page', async () => {
    const context = await newContext(browser, server.url, 'phone', { offline: true });
    const page = await context.newPage();
    await page.goto('/login');
    // Staff type their details meanwhile; the admin app is cached before their first sync.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
    await expect(page.evaluate(() => caches.keys().then((k) => k.length))).resolves.toBeGreaterThan(0);
    await context.close();

    const visitor = await newContext(browser, server.url, 'phone', { offline: true });
    const link = await visitor.newPage();
    await link.goto('/pre-registration');
    await link.waitForLoadState('networkidle');
    // Past the moment the login page would have registered it (idle, or 2 s at the latest).
    await link.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(done, 2_500))));
    await expect(link.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).resolves.toBe(
      0,
    );
    await visitor.close();
  });

  it('renders the app shell offline after a reload, from the service worker', async () => {
    const context = await newContext(browser, server.url, 'phone', { offline: true });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first load is not yet controlled by the worker; after a reload it is.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await screenshot(page, 'foundation-dashboard-phone-en');
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('top-bar').waitFor({ timeout: 10_000 });
    await expect(page.getByTestId('page-title').first().innerText()).resolves.toMatch(/\S/);
    await screenshot(page, 'foundation-offline-phone-en');
    await context.close();
  });
});
